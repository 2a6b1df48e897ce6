#!/usr/bin/env python3
"""A headless Chromium page that a test drives line by line (used by the serve tests).

Usage: browser-session.py URL

Opens URL in headless Chromium, talking the DevTools protocol over --remote-debugging-pipe
(no WebSocket client needed), then reads commands from standard input, one JSON object a
line, and answers each with one JSON line on standard output:

  {"eval": "JS expression"}                          -> {"ok": true, "value": ...}
  {"eval": "JS expression", "until": true, "timeout": 2}
      evaluates every 20 ms until the value is truthy -> {"ok": true, "value": ..., "elapsed": seconds}
      or the timeout passes                           -> {"ok": false, "error": "timeout", "value": last}

Exits when standard input closes (closing Chromium), or after 120 s in any case.
"""
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time


class Browser:
    def __init__(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not chromium:
            raise SystemExit("browser-session: no chromium")
        self.profile = tempfile.mkdtemp(prefix="schematic-browser-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def descriptors():
            # Copies first: a pipe may already sit at 3 or 4 (dup2 onto itself keeps close-on-exec).
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "--mute-audio", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=descriptors, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.next_id = 0
        self.waiting = {}
        self.lock = threading.Lock()
        threading.Thread(target=self.read_loop, daemon=True).start()

    def read_loop(self):
        buffer = b""
        while True:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self.lock:
                        box = self.waiting.pop(message["id"], None)
                    if box:
                        box.put(message)
        with self.lock:
            for box in self.waiting.values():
                box.put({"error": {"message": "chromium closed"}})

    def call(self, method, params=None, session=None, timeout=20):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            box = queue.Queue()
            self.waiting[ident] = box
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        answer = box.get(timeout=timeout)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error'].get('message')}")
        return answer["result"]

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    url = sys.argv[1]
    threading.Timer(120, lambda: os._exit(3)).start()
    browser = Browser()
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.call("Page.enable", session=session)
    browser.call("Page.navigate", {"url": url}, session=session)

    def evaluate(expression):
        result = browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
        if "exceptionDetails" in result:
            return None, result["exceptionDetails"].get("exception", {}).get("description", "exception")
        return result["result"].get("value"), None

    print(json.dumps({"ok": True, "ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        command = json.loads(line)
        if "resize" in command:
            # The page's view resized as a window would be (its resize event fires).
            width, height = command["resize"]
            browser.call("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
            print(json.dumps({"ok": True}), flush=True)
            continue
        started = time.monotonic()
        deadline = started + float(command.get("timeout", 5))
        while True:
            value, error = evaluate(command["eval"])
            if not command.get("until") or value:
                answer = {"ok": error is None, "value": value, "elapsed": time.monotonic() - started}
                if error:
                    answer["error"] = error
                break
            if time.monotonic() > deadline:
                answer = {"ok": False, "error": "timeout", "value": value, "elapsed": time.monotonic() - started}
                break
            time.sleep(0.02)
        print(json.dumps(answer), flush=True)
    browser.close()
    os._exit(0)


if __name__ == "__main__":
    main()
