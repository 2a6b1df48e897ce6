import Foundation
import Testing
import TestSupport

/// Top to bottom, a parent's few leaves hang in single file or lie on one line under it, never as
/// lines of uneven lengths: a third leaf under the first, where the next depth's boxes go, read
/// as that leaf's child (a new-user review of a compose file: `yes` under `redis-server`,
/// `POSTGRES_DB` under `POSTGRES_USER`).
@Suite struct HangingListTests {
    static let compose = """
version: "3.9"
services:
  web:
    image: nginx:1.25-alpine
    ports:
      - "80:80"
      - "443:443"
    volumes:
      - ./nginx/conf.d:/etc/nginx/conf.d:ro
      - certs:/etc/letsencrypt
    depends_on:
      - app
    restart: unless-stopped
  app:
    build:
      context: ./app
      dockerfile: Dockerfile
      args:
        PYTHON_VERSION: "3.12"
    environment:
      DATABASE_URL: postgresql://app:secret@db:5432/app
      REDIS_URL: redis://cache:6379/0
      DJANGO_SETTINGS_MODULE: config.settings.production
      SENTRY_DSN: ${SENTRY_DSN}
    depends_on:
      db:
        condition: service_healthy
      cache:
        condition: service_started
    healthcheck:
      test: ["CMD", "curl", "-f", "http://localhost:8000/healthz"]
      interval: 30s
      timeout: 5s
      retries: 3
  worker:
    build: ./app
    command: celery -A config worker -l info --concurrency 4
    environment:
      DATABASE_URL: postgresql://app:secret@db:5432/app
      REDIS_URL: redis://cache:6379/0
    depends_on: [db, cache]
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: secret
      POSTGRES_DB: app
    volumes:
      - pgdata:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U app"]
      interval: 10s
      retries: 5
  cache:
    image: redis:7-alpine
    command: ["redis-server", "--appendonly", "yes"]
volumes:
  pgdata: {}
  certs: {}
networks:
  default:
    name: shop-net
"""

    @Test(arguments: ["tb", "bt"])
    func threeLeavesNeverLieInUnevenLines(orientation: String) throws {
        let result = try Executable.run(["-", "--from", "yaml", "--orientation", orientation, "--format", "json", "-o", "-"],
                                        stdin: Self.compose)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cells = (json["elements"] as? [[String: Any]] ?? []).filter { $0["category"] as? String == "cell" }
        func top(_ label: String) throws -> Double {
            let cell = try #require(cells.first { $0["label"] as? String == label }, "no box \(label)")
            return ((cell["frame"] as? [String: Any])?["y"] as? Double ?? .nan).rounded()
        }
        for run in [["redis-server", "--appendonly", "yes"], ["POSTGRES_USER: app", "POSTGRES_PASSWORD: secret", "POSTGRES_DB: app"]] {
            let lines = Set(try run.map(top)).count
            #expect(lines == 1 || lines == 3, "\(orientation): \(run) lie on \(lines) lines")
        }
    }
}
