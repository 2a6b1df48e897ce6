import CollectionLayout
import Hierarchy
import HierarchyReaders
import Schematic
import SchematicLayout
import Testing

/// Trees beyond `WrapPlan.measuredChoiceItems` keep the estimate's row limit, unmeasured: it
/// must not square the drawing by widening it alone (`WrapEstimate.squaring`).
@Suite struct BigTreeSquaringTests {
    /// A folder of 12,000 packages of three files beside a folder of 12,000 man pages (60,003
    /// entries, the shape of `/usr/share`): the files' column sets the drawing's breadth,
    /// wrapped or not. Even the fewest rows left it beyond 2:1, and the man pages were drawn in
    /// those few rows, 576,376 px wide (1.2e12 px², 650 times the area unwrapped); with a lower
    /// limit undone where it only widens (`squaringAreaGrowth`), the drawing is at most twice
    /// the area it has unwrapped.
    @Test func aBigTreeIsNotSquaredByWideningItAlone() throws {
        var lines = ["usr", "  share"]
        for package in 0..<12_000 {
            lines.append("    package-\(package)")
            for file in 0..<3 { lines.append("      file-\(package)-\(file).txt") }
        }
        lines.append("  man1")
        for page in 0..<12_000 { lines.append("    command-\(page).1.gz") }
        let tree = try OutlineReader().read(Array(lines.joined(separator: "\n").utf8), file: "usr")
        func size(_ wrap: SchematicWrap) throws -> Size {
            var options = DiagramOptions()
            options.sizing = .fixed
            options.configuration.wrap = wrap
            return try Diagram(tree: tree, options: options).layout.collectionViewContentSize
        }
        let auto = try size(.auto), unwrapped = try size(.off)
        #expect(tree.count > 50_000)
        #expect(auto.width * auto.height <= 2 * unwrapped.width * unwrapped.height, "\(auto) against \(unwrapped)")
    }
}
