import CollectionLayout
import Hierarchy
import Schematic
import Testing

/// Top to bottom, panels of small folders lay a pair of files side by side where that makes the
/// drawing smaller (`WrappedPlacement.longerLists`): hanging, a pair makes its panel a level
/// deeper, and a row of panels is as deep as its deepest (`tree -L 2 /usr/share/locale`: 220
/// folders of one or two files drew 1.06 times dot's area, 0.85 with pairs side by side).
@Suite struct LongerListsTests {
    @Test func pairsOfFilesLieSideBySideInPanels() throws {
        var tree = Tree()
        let root = tree.addNode(label: "locale")
        var pairs: [(Int, Int)] = []
        for language in 0..<120 {
            let folder = tree.addNode(label: "lang\(language)", parent: root)
            let first = tree.addNode(label: "LC_MESSAGES", parent: folder)
            if language % 3 == 0 { pairs.append((first, tree.addNode(label: "LC_TIME", parent: folder))) }
        }
        let (all, size) = try defaultDrawing(of: tree, orientation: .tb)
        let cells = all.filter { $0.representedElementCategory == .cell }
        // Files are section 2, in tree order: find each pair's frames by the order of section 2.
        let files = cells.filter { $0.indexPath.section == 2 }.sorted { $0.indexPath.item < $1.indexPath.item }
        #expect(files.count == 160)
        var item = 0, beside = 0
        for language in 0..<120 {
            if language % 3 == 0 {
                if abs(files[item].frame.midY - files[item + 1].frame.midY) < 0.5 { beside += 1 }
                item += 2
            } else {
                item += 1
            }
        }
        #expect(beside == pairs.count, "\(beside) of \(pairs.count) pairs side by side")
        #expect(size.width <= 3 * size.height && size.height <= 3 * size.width, "\(size.width) x \(size.height)")
    }

    /// Folders of 2 to 20 files among many leaf folders (`/usr/share/locale`'s shape) lay every
    /// folder's files side by side under it (`WrappedPlacement.listsSideBySide`): hanging, the
    /// longest list made its row of panels deep and the leaves beside it left that depth empty
    /// (this tree: 2.27 times dot's area hanging, 1.52 side by side; the 413 locales: 1.66, 1.25).
    @Test func foldersOfFilesLieSideBySideWhereThatIsSmaller() throws {
        var tree = Tree()
        let root = tree.addNode(label: "locales")
        var folders: [Int] = []
        for language in 0..<200 {
            let files = language % 7 == 3 ? 2 : language % 23 == 5 ? 9 + language % 12 : 0
            let folder = tree.addNode(label: "lang\(language)", parent: root)
            for file in 0..<files { _ = tree.addNode(label: "lang\(language)_R\(file)", parent: folder) }
            if files > 0 { folders.append(files) }
        }
        let (all, size) = try defaultDrawing(of: tree, orientation: .tb)
        let files = all.filter { $0.representedElementCategory == .cell && $0.indexPath.section == 2 }
            .sorted { $0.indexPath.item < $1.indexPath.item }
        #expect(files.count == folders.reduce(0, +))
        var item = 0, inOneRow = 0
        for count in folders {
            let rows = Set(files[item..<item + count].map { ($0.frame.midY * 2).rounded() })
            if rows.count == 1 { inOneRow += 1 }
            item += count
        }
        #expect(inOneRow == folders.count, "\(inOneRow) of \(folders.count) folders' files in one row")
        #expect(size.width <= 3 * size.height && size.height <= 3 * size.width, "\(size.width) x \(size.height)")
    }
}
