import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// An only child may leave its parent's level where that shortens the drawing, as Graphviz's
/// dot drops one a row beside a fan (`CompactConstraints.relaxedSpans`, chain links).
/// `Tests/Fixtures/python-http-classes.txt`: the class tree of Python's `http` package (46
/// classes), from a review on trees the layout was not tuned on.
@Suite struct BentChainTests {
    /// `HTTPException`'s ten subclasses fill the third column down to the row where the chain
    /// `StreamRequestHandler` → `BaseHTTPRequestHandler` → `SimpleHTTPRequestHandler` →
    /// `CGIHTTPRequestHandler` sits; kept level, the chain and everything below it in the first
    /// column went a row down (995 px tall, 1.12 times dot's area). `SimpleHTTPRequestHandler`
    /// now drops a row below its parent, the rest of the chain level: 897 px.
    @Test func anOnlyChildDropsARowBesideAFan() throws {
        let (size, frame) = try drawing("python-http-classes.txt")
        let stream = try frame("socketserver.StreamRequestHandler"), base = try frame("http.server.BaseHTTPRequestHandler")
        let simple = try frame("http.server.SimpleHTTPRequestHandler"), cgi = try frame("http.server.CGIHTTPRequestHandler")
        #expect(abs(stream.midY - base.midY) < 1e-6 && abs(simple.midY - cgi.midY) < 1e-6)
        #expect(simple.midY > base.midY + 20, "\(simple.midY) against \(base.midY)")
        #expect(size.height < 950, "\(size)")
    }

    /// wsgiref's class tree (26 classes, `Tests/Fixtures/python-wsgiref-classes.txt`):
    /// `typing.Protocol`'s five subclasses fill the second column down past `builtins.Warning`
    /// and `wsgiref.handlers.BaseHandler`, each the head of a chain beside the other's. Bending
    /// either alone shortens nothing (the other chain holds the column below), so no single
    /// step was taken and the first column kept its gaps (800 px, 1.14 times dot's area); both
    /// only children now leave their level together (`relaxedSpans`' paired bend), and the
    /// column of 15 closes up.
    @Test func twoOnlyChildrenSideBySideLeaveTheirLevelTogether() throws {
        let (size, frame) = try drawing("python-wsgiref-classes.txt")
        let warning = try frame("builtins.Warning"), wsgiWarning = try frame("wsgiref.validate.WSGIWarning")
        let handler = try frame("wsgiref.handlers.BaseHandler"), simple = try frame("wsgiref.handlers.SimpleHandler")
        #expect(wsgiWarning.midY > warning.midY + 20, "\(wsgiWarning.midY) against \(warning.midY)")
        #expect(simple.midY > handler.midY + 20, "\(simple.midY) against \(handler.midY)")
        #expect(size.height < 720, "\(size)")
    }

    /// The default drawing of a fixture's outline: its size and a look-up of a box by its
    /// label; every box drawn, none overlapping another.
    private func drawing(_ fixture: String) throws -> (size: Size, frame: (String) throws -> Rect) {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/" + fixture, encoding: .utf8)
        let tree = try OutlineReader().read(Array(text.utf8), file: fixture)
        let diagram = try Diagram(tree: tree, options: DiagramOptions())
        let size = diagram.layout.collectionViewContentSize
        let all = diagram.layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size))
        let boxes = all.filter { $0.representedElementCategory == .cell }.map(\.frame)
        #expect(boxes.count == tree.count && overlappingPairs(boxes).isEmpty)
        let sectioned = try SectionedTree(tree)
        return (size, { label in
            let node = try #require((0..<tree.count).first { tree.labels[$0] == label })
            let (section, item) = sectioned.position(ofNode: node)
            return try #require(diagram.layout.layoutAttributesForItem(at: CollectionLayout.IndexPath(item: item, section: section))).frame
        })
    }
}
