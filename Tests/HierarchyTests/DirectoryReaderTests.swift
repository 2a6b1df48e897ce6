import Foundation
import Hierarchy
import HierarchyReaders
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct DirectoryReaderTests {
    @Test func walksSortedSkipsHiddenAndExcludedNeverFollowsLinks() throws {
        let root = try makeScratchDirectory("schematic-dir")
        let manager = FileManager.default
        for folder in ["b/inner", "a", ".git", "node_modules/pkg"] { try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        for file in ["b/inner/deep.txt", "a/x.swift", "README.md", ".env"] { _ = manager.createFile(atPath: root + "/" + file, contents: Data()) }
        try manager.createSymbolicLink(atPath: root + "/b/loop", withDestinationPath: "..")
        let tree = try DirectoryReader(excludes: ["node_*"]).read(path: root)
        #expect(preorderOutline(tree).dropFirst() == [".README.md", ".a/", "..x.swift", ".b/", "..inner/", "...deep.txt", "..loop → .."])
        #expect(tree.attributes(of: tree.labels.firstIndex(of: "loop → ..")!)?.cssClass == "symlink")
        let shallow = try DirectoryReader(maxDepth: 1, includeHidden: true).read(path: root)
        #expect(Array(outline(shallow).dropFirst()) == ["..env", "..git/", ".README.md", ".a/", ".b/", ".node_modules/"])
        // Folders at the limit count the entries the walk did not show; empty ones nothing.
        func hidden(_ label: String) -> Int? { shallow.attributes(of: shallow.labels.firstIndex(of: label)!)?.hiddenBelow }
        #expect(hidden("a/") == 1 && hidden("b/") == 2 && hidden("node_modules/") == 1 && hidden(".git/") == nil)
        #expect(throws: ReadError.self) { try DirectoryReader().read(path: root + "/README.md") }
    }

    @Test func aLongLinkTargetShowsItsLastComponents() throws {
        let root = try makeScratchDirectory("schematic-links")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/CREATE_TABLE.7.gz",
                                                   withDestinationPath: "/usr/share/postgresql/15/man/man7/CREATE_TABLE.7.gz")
        let tree = try DirectoryReader().read(path: root)
        #expect(Array(tree.labels.dropFirst()) == ["CREATE_TABLE.7.gz → …/man7/CREATE_TABLE.7.gz"])
        // The tooltip stays the link's own path (make rules and --watch read it).
        #expect(tree.attributes(of: 1)?.tooltip == root + "/CREATE_TABLE.7.gz")
    }

    @Test func namesThatAreNotUTF8AreShownEscapedWithAWarning() throws {
        let root = try makeScratchDirectory("schematic-bytes")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Foundation cannot make such names: open(2) with the raw bytes.
        for name in [Array("caf".utf8) + [0xE9] + Array(".txt".utf8), Array("a\\b".utf8), Array("ok".utf8)] {
            let path = Array(root.utf8) + [0x2F] + name + [0]
            let descriptor = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let directory = Array(root.utf8) + [0x2F, 0x64, 0xFF, 0] // "d\xFF"
        #expect(directory.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } } == 0)
        let inner = Array(root.utf8) + [0x2F, 0x64, 0xFF, 0x2F, 0x69, 0]  // "d\xFF/i"
        let descriptor = inner.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        close(descriptor)
        let tree = try DirectoryReader().read(path: root)
        #expect(preorderOutline(tree).dropFirst() == [".a\\b", ".caf\\xE9.txt", ".d\\xFF/", "..i", ".ok"])
        #expect(tree.warnings == [
            "\(root)/caf\\xE9.txt: the name is not UTF-8 text; shown with those bytes escaped",
            "\(root)/d\\xFF: the name is not UTF-8 text; shown with those bytes escaped",
        ])
        #expect(tree.attributes(of: tree.labels.firstIndex(of: "d\\xFF/")!)?.cssClass == "directory")
    }
}
