import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import SchematicLayout
import Testing
import TestSupport

/// Fans of small folders (children whose children are all leaves) wrap as panels of folders
/// with their leaves beside them (`SchematicLayoutConfiguration.nestsFolders`).
extension WrapTests {
    /// A root with a fan of `folders` folders of 1–4 leaves (every seventh a leaf itself,
    /// every fifth with a subfolder of two, every eleventh one more level down) and a deeper
    /// child, which stays in the columns.
    func folderFan(folders: Int, seed: UInt64) -> Tree {
        var generator = SplitMix64(seed: seed)
        var tree = Tree()
        let root = tree.addNode(label: "root")
        let fan = tree.addNode(label: "locale", parent: root)
        let deep = tree.addNode(label: "deep", parent: root)
        for index in 0..<3 { _ = tree.addNode(label: "leaf \(index)", parent: tree.addNode(label: "branch \(index)", parent: deep)) }
        for index in 0..<folders {
            let folder = tree.addNode(label: "folder \(index)", parent: fan)
            if index % 7 == 3 { continue }
            for leaf in 0..<Int.random(in: 1...4, using: &generator) { _ = tree.addNode(label: "file \(leaf)", parent: folder) }
            if index % 5 == 1 {
                let subfolder = tree.addNode(label: "sub \(index)", parent: folder)
                for leaf in 0..<2 { _ = tree.addNode(label: "deep file \(leaf)", parent: subfolder) }
                if index % 11 == 1 { _ = tree.addNode(label: "deepest", parent: tree.addNode(label: "lower", parent: subfolder)) }
            }
        }
        return tree
    }

    /// Every cell and connector, asked for one by one.
    func everyElement(_ layout: SchematicLayout, _ sections: SectionedTree) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                result.append(layout.layoutAttributesForItem(at: path)!)
                if section > 0 { result.append(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: path)!) }
            }
        }
        return result + panelElements(layout, sections: sections.numberOfSections)
    }

    /// Each panel of a nesting block is drawn on a card of its own (`panel` decorations): no
    /// two cards overlap, a box is on one card or on none, and a box on a card has its parent
    /// on that card or on none (its block's parent). A later panel's first level stands where an
    /// earlier panel's deeper levels are: without the cards, its boxes read as children of the
    /// boxes beside them (a shell's `grep` beside the compiler its sibling runs).
    @Test(arguments: SchematicOrientation.allCases)
    func panelsAreDrawnOnCardsOfTheirOwn(orientation: SchematicOrientation) throws {
        let tree = folderFan(folders: 60, seed: 3)
        let (nested, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        #expect(nested.wrapsFolders)
        let cards = panelElements(nested, sections: sections.numberOfSections).map(\.frame)
        #expect(cards.count >= 2, "\(cards.count) cards")
        for (index, card) in cards.enumerated() {
            for other in cards[(index + 1)...] {
                let overlap = min(card.maxX, other.maxX) - max(card.minX, other.minX)
                let across = min(card.maxY, other.maxY) - max(card.minY, other.minY)
                #expect(overlap <= 0 || across <= 0, "cards \(card) and \(other) overlap")
            }
        }
        var cardOfItem = [Int](repeating: -1, count: sections.numberOfItems), carded = 0
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let frame = nested.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
                let touching = cards.indices.filter {
                    min(cards[$0].maxX, frame.maxX) > max(cards[$0].minX, frame.minX) && min(cards[$0].maxY, frame.maxY) > max(cards[$0].minY, frame.minY)
                }
                #expect(touching.count <= 1 && touching.allSatisfy { cards[$0].insetBy(dx: -0.01, dy: -0.01).contains(frame) },
                        "box \(section):\(item) is across a card's edge or on two")
                if let card = touching.first { cardOfItem[sections.globalItem(section: section, item: item)] = card; carded += 1 }
            }
        }
        #expect(carded > 60, "\(carded) boxes on cards")
        // On each card depth is column again: a level's boxes all before the next level's (left
        // to right; top to bottom a folder's files hang along the depth axis as lists).
        guard !orientation.isVertical else { return }
        var extents: [Int: [Int: (low: Double, high: Double)]] = [:]
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let card = cardOfItem[sections.globalItem(section: section, item: item)]
                guard card >= 0 else { continue }
                let frame = canonicalFrame(nested.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame, orientation)
                let old = extents[card, default: [:]][section] ?? (.infinity, -.infinity)
                extents[card, default: [:]][section] = (min(old.low, frame.minX), max(old.high, frame.maxX))
            }
        }
        for (card, levels) in extents {
            for (section, extent) in levels {
                if let next = levels[section + 1] {
                    #expect(extent.high <= next.low + 0.5, "card \(card): level \(section) reaches \(extent.high), the next starts at \(next.low)")
                }
            }
        }
        for item in cardOfItem.indices where cardOfItem[item] >= 0 {
            let parent = Int(sections.parentOfItem[item])
            #expect(parent >= 0 && (cardOfItem[parent] == cardOfItem[item] || cardOfItem[parent] == -1),
                    "item \(item) on card \(cardOfItem[item]), its parent on card \(parent >= 0 ? cardOfItem[parent] : -2)")
        }
    }

    @Test(arguments: SchematicOrientation.allCases, [SchematicAlignment.compact, .tidy])
    func aFanOfFoldersIsDrawnNearSquare(orientation: SchematicOrientation, alignment: SchematicAlignment) throws {
        let tree = folderFan(folders: 60, seed: 3)
        let (nested, sections) = try layout(tree, alignment: alignment, orientation: orientation, connectors: .elbow, randomSizes: false)
        var flatConfiguration = nested.configuration
        flatConfiguration.nestsFolders = false
        let flat = SchematicLayout(dataController: sections, configuration: flatConfiguration)
        flat.prepare()
        #expect(aspect(flat) > 3 || aspect(flat) < 1.0 / 3, "the test tree must need nesting: \(aspect(flat))")
        #expect(aspect(nested) <= 3 && aspect(nested) >= 1.0 / 3, "aspect \(aspect(nested))")
        // A folder's leaves are drawn in the fan's block, so some lie before a later panel's folders.
        func frames(_ section: Int) -> [Rect] {
            (0..<sections.numberOfItems(inSection: section)).map {
                canonicalFrame(nested.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame, orientation)
            }
        }
        let folders = frames(2), files = frames(3)
        #expect(files.contains { file in folders.contains { $0.minX > file.maxX } }, "no panel after a folder's leaves")
        _ = checkInvariants(nested, sections, orientation: orientation)
    }

    /// Top to bottom, a folder's files hang below it as a list, a long one in rows of a few
    /// side by side, each row reached by a bus along its top. That bus runs a quarter of the
    /// gutter above its own row (`WrapPlan.busInset`), three times as far from the row above:
    /// halfway between, each row's line ran as near under the row above, and read as its.
    @Test(arguments: [SchematicOrientation.tb, .bt])
    func aHangingListsBusesRunNearerTheirOwnRows(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "site-packages")
        for folder in 0..<24 {
            let package = tree.addNode(label: "package-\(folder)", parent: root)
            for file in 0..<(6 + folder % 5 * 6) { _ = tree.addNode(label: "module_\(file).py", parent: package) }
        }
        let (layout, sections) = try self.layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        #expect(layout.wrapsFolders, "the packages must nest for their files to hang")
        // Canonical axes (depth along x): a row of a list is a sub-column, its bus upright.
        let gaps = try busGaps(layout, section: 2, orientation: orientation)
        for gap in gaps {
            #expect(gap.own * 3 <= gap.before + 1e-9, "\(orientation): bus \(gap.own) px before its row, \(gap.before) px after the row before")
        }
        #expect(gaps.count >= 100, "too few files in a list's later rows: \(gaps.count)")
        _ = checkInvariants(layout, sections, orientation: orientation)
    }

    @Test(arguments: SchematicOrientation.allCases, ConnectorStyle.allCases)
    func nestedBlocksKeepEveryInvariant(orientation: SchematicOrientation, connectors: ConnectorStyle) throws {
        for seed: UInt64 in [3, 4] {
            let tree = folderFan(folders: 45 + Int(seed) * 10, seed: seed)
            let (layout, sections) = try layout(tree, orientation: orientation, connectors: connectors, seed: seed)
            #expect(layout.wrapsFolders, "nothing nested")
            // The subfolders nest too: a sub's files lie left of some later panel's folders.
            let subs = (0..<sections.numberOfItems(inSection: 3)).filter {
                sections.childStarts[sections.globalItem(section: 3, item: $0) + 1] > sections.childStarts[sections.globalItem(section: 3, item: $0)]
            }
            #expect(!subs.isEmpty)
            _ = checkInvariants(layout, sections, orientation: orientation)
            let all = everyElement(layout, sections)
            #expect(rectQueryMismatches(layout, everything: all, seed: seed, queries: 80, fraction: 1.0 / 4).isEmpty)
        }
    }

    /// An icon theme: 16 size folders, each with a fan of 13 category folders. The fans wrap on
    /// their own, but the drawing stays beyond 3:1 (its breadth is the 16 folders side by
    /// side): the size folders nest then, their fans drawn as one column in their panels.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func subtreesWithAWideFanNestWhereNothingElseReads(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "hicolor")
        for size in 0..<16 {
            let folder = tree.addNode(label: "\(16 * (size + 1))x\(16 * (size + 1))", parent: root)
            for category in 0..<13 {
                let child = tree.addNode(label: "category \(category)", parent: folder)
                if category == 2 { for icon in 0..<2 { _ = tree.addNode(label: "icon \(icon).png", parent: child) } }
            }
        }
        let (nested, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        #expect(nested.wrapsFolders)
        #expect(aspect(nested) <= 3 && aspect(nested) >= 1.0 / 3, "aspect \(aspect(nested))")
        _ = checkInvariants(nested, sections, orientation: orientation)
        #expect(rectQueryMismatches(nested, everything: everyElement(nested, sections), seed: 7, queries: 60, fraction: 1.0 / 4).isEmpty)
    }

    /// A README top to bottom: a title over `sections` sections with long labels, each with a
    /// subsection or two of a few list items. No fan reaches 12, so only the top fan may nest
    /// (`NestingReach.topFans`): 9 sections side by side were far broader than 3:1. A deeper
    /// fan of the same size never nests, and a drawing already within 3:1 is left as it was.
    func document(sections: Int, under depth: Int, subsections: Int? = nil) -> Tree {
        var tree = Tree()
        var top = tree.addNode(label: "A project's README with a long title")
        for level in 0..<depth { top = tree.addNode(label: "Part \(level)", parent: top) }
        for section in 0..<sections {
            let heading = tree.addNode(label: "Section \(section): a heading of several words", parent: top)
            for subsection in 0..<(subsections ?? 1 + section % 2) {
                let sub = tree.addNode(label: "Subsection \(section).\(subsection) with words", parent: heading)
                for item in 0..<3 { _ = tree.addNode(label: "A list item \(item) of a few words", parent: sub) }
            }
        }
        return tree
    }

    @Test(arguments: [SchematicOrientation.tb, .bt])
    func theTopFanOfADocumentNestsWhereNothingElseReads(orientation: SchematicOrientation) throws {
        let (nested, sections) = try expectNestedWithin(3, document(sections: 9, under: 0), orientation: orientation)
        // The sections stand in several rows (panels), each with its subsections beside it.
        let rows = Set((0..<9).map { canonicalFrame(nested.layoutAttributesForItem(at: IndexPath(item: $0, section: 1))!.frame, orientation).minX })
        #expect(rows.count > 1)
        var flatConfiguration = nested.configuration
        flatConfiguration.nestsFolders = false
        let flat = SchematicLayout(dataController: sections, configuration: flatConfiguration)
        flat.prepare()
        #expect(aspect(flat) > 3, "the test tree must need nesting: \(aspect(flat))")
        // Two levels down the same fan is no top fan: it does not nest, though the drawing is
        // as far beyond 3:1.
        let (deep, deepSections) = try layout(document(sections: 11, under: 2, subsections: 2), orientation: orientation, connectors: .elbow, randomSizes: false)
        let deepFlat = SchematicLayout(dataController: deepSections, configuration: flatConfiguration)
        deepFlat.prepare()
        #expect(aspect(deepFlat) > 3, "the deep tree must need nesting: \(aspect(deepFlat))")
        #expect(!deep.wrapsFolders)
        // A shorter document left to right is within 3:1 already: nothing nests.
        let (readable, _) = try layout(document(sections: 5, under: 0), orientation: .lr, connectors: .elbow, randomSizes: false)
        #expect(!readable.wrapsFolders && aspect(readable) <= 3, "aspect \(aspect(readable))")
    }

    /// A folder of git mirrors, one per entry of `objectFans`: each with HEAD, config, a fan of
    /// that many object folders of one or two files (named by 40-digit hashes with `hashes`),
    /// and refs/heads/main.
    func gitMirrors(objectFans: [Int], hashes: Bool) -> Tree {
        var generator = SplitMix64(seed: 11)
        var tree = Tree()
        let root = tree.addNode(label: "mirrors")
        for (mirror, fan) in objectFans.enumerated() {
            let repository = tree.addNode(label: "package-\(mirror).git", parent: root)
            _ = tree.addNode(label: "HEAD", parent: repository)
            _ = tree.addNode(label: "config", parent: repository)
            let objects = tree.addNode(label: "objects", parent: repository)
            for folder in 0..<fan {
                let object = tree.addNode(label: String(folder * 37 % 256, radix: 16), parent: objects)
                for file in 0..<(folder % 4 == 1 ? 2 : 1) {
                    let hash = (0..<3).map { _ in String(generator.next(), radix: 16) }.joined()
                    _ = tree.addNode(label: hashes ? String(hash.prefix(40)) : "pack \(file)", parent: object)
                }
            }
            _ = tree.addNode(label: "main", parent: tree.addNode(label: "heads", parent: tree.addNode(label: "refs", parent: repository)))
        }
        return tree
    }

    /// Lays `tree` out by default and expects it nested, within `bound`:1 either way, and
    /// keeping every invariant and the rect queries.
    func expectNestedWithin(_ bound: Double, _ tree: Tree, orientation: SchematicOrientation) throws -> (SchematicLayout, SectionedTree) {
        let (nested, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        #expect(nested.wrapsFolders)
        #expect(aspect(nested) <= bound && aspect(nested) >= 1 / bound, "aspect \(aspect(nested))")
        _ = checkInvariants(nested, sections, orientation: orientation)
        #expect(rectQueryMismatches(nested, everything: everyElement(nested, sections), seed: 5, queries: 60, fraction: 1.0 / 4).isEmpty)
        return (nested, sections)
    }

    /// Git mirrors: each a few files and a fan of 40–70 object folders of one or two files.
    /// Left to right no run of leaves is long enough to wrap anywhere, so nothing but nesting can square the
    /// drawing (before, it stayed a column of object folders, 1:28).
    @Test(arguments: SchematicOrientation.allCases)
    func fansOfFoldersWithoutLeafRunsNest(orientation: SchematicOrientation) throws {
        let (nested, sections) = try expectNestedWithin(3, gitMirrors(objectFans: [40, 50, 60, 70], hashes: false), orientation: orientation)
        var flatConfiguration = nested.configuration
        flatConfiguration.nestsFolders = false
        let flat = SchematicLayout(dataController: sections, configuration: flatConfiguration)
        flat.prepare()
        #expect(!flat.wrapsFolders && (aspect(flat) > 3 || aspect(flat) < 1.0 / 3), "the test tree must need nesting: \(aspect(flat))")
    }

    /// A folder of 20 git mirrors as big as `/opt/swift-packages/vapor`'s: 13 to 125 entries,
    /// each with a fan of up to 62 object folders named by 40-digit hashes. The mirrors over
    /// 120 nodes break every run of small subtrees, so only the third reach
    /// (`NestingReach.bigSubtrees`) and panels lower than `nestingShapes`' lowest square it
    /// (top to bottom 4.9:1 before).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aFolderOfBigMirrorsNests(orientation: SchematicOrientation) throws {
        let fans = [54, 2, 2, 45, 31, 46, 2, 46, 62, 35, 46, 39, 2, 43, 2, 33, 55, 38, 2, 33]
        _ = try expectNestedWithin(2.5, gitMirrors(objectFans: fans, hashes: true), orientation: orientation)
    }

    /// A Maven repository: group folders over artifact folders over version folders of two
    /// files, with one group (`org`) of 54 artifacts, too big for a panel. Top to bottom the
    /// reaches before `NestingReach.deepFans` leave it 3.8:1 (the big group flat in one panel,
    /// or side by side); with it, the big groups stay in the tree and their fans of four or
    /// more artifacts nest (an artifact's subtree is 7 nodes, a group's 29 to 155).
    func mavenRepository() -> Tree {
        var tree = Tree()
        let root = tree.addNode(label: "repository")
        func artifact(_ name: String, in group: Int) {
            let folder = tree.addNode(label: name, parent: group)
            for version in ["1.0", "debian"] {
                let versionFolder = tree.addNode(label: version, parent: folder)
                for suffix in ["jar", "pom"] { _ = tree.addNode(label: "\(name)-\(version).\(suffix)", parent: versionFolder) }
            }
        }
        for name in ["aopalliance", "commons-io", "commons-cli"] { artifact(name, in: tree.addNode(label: name, parent: root)) }
        let google = tree.addNode(label: "google", parent: tree.addNode(label: "com", parent: root))
        for group in ["errorprone", "guava", "inject"] {
            let folder = tree.addNode(label: group, parent: google)
            for index in 0..<4 { artifact("\(group)-\(index)", in: folder) }
        }
        let org = tree.addNode(label: "org", parent: root)
        let apache = tree.addNode(label: "apache", parent: org)
        for group in ["commons", "geronimo", "resolver", "shared", "wagon"] {
            let folder = tree.addNode(label: group, parent: apache)
            for index in 0..<5 { artifact("\(group)-\(index)", in: folder) }
        }
        let maven = tree.addNode(label: "maven", parent: apache)
        for index in 0..<22 { artifact("maven-artifact-\(index)", in: maven) }
        let plexus = tree.addNode(label: "plexus", parent: tree.addNode(label: "codehaus", parent: org))
        for index in 0..<7 { artifact("plexus-\(index)", in: plexus) }
        return tree
    }

    @Test(arguments: [SchematicOrientation.tb, .bt, .lr])
    func aDeepNarrowRepositoryNestsItsDeepFans(orientation: SchematicOrientation) throws {
        _ = try expectNestedWithin(3, mavenRepository(), orientation: orientation)
    }

    /// Nested subtrees are packed by their contours, as a tidy tree packs them: a leaf after a
    /// folder tucks in beside the folder's files, not below the last of them.
    @Test func aLeafAfterAFolderTucksInBesideItsFiles() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for index in 0..<30 {
            let child = tree.addNode(label: "child \(index)", parent: root)
            // (8 files: a shorter run wraps into one row, `WrapPlan.shortestGrid`.)
            if index % 2 == 0 { for file in 0..<8 { _ = tree.addNode(label: "file \(file)", parent: child) } }
        }
        let (nested, sections) = try layout(tree, connectors: .elbow, randomSizes: false)
        #expect(nested.wrapsFolders)
        func frame(_ section: Int, _ item: Int) -> Rect { nested.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame }
        // A leaf right after a folder in the same panel (same x) starts above that folder's last file's bottom.
        var tucked = 0
        for folder in stride(from: 0, to: 29, by: 2) where frame(1, folder).minX == frame(1, folder + 1).minX {
            let lastFile = frame(2, folder / 2 * 8 + 7)
            #expect(frame(1, folder + 1).minY >= frame(1, folder).maxY)
            if frame(1, folder + 1).minY < lastFile.maxY { tucked += 1 }
        }
        #expect(tucked > 0, "no leaf tucked in beside a folder's files")
        _ = checkInvariants(nested, sections, orientation: .lr)
    }

    /// A folder of `count` packages, each of `modules` modules and a subpackage of `parts` files.
    func packages(_ count: Int, modules: Int, parts: Int) -> Tree {
        var tree = Tree()
        let root = tree.addNode(label: "site-packages")
        for package in 0..<count {
            let node = tree.addNode(label: "package\(package)", parent: root)
            for module in 0..<modules { _ = tree.addNode(label: "module_\(package)_\(module).py", parent: node) }
            let sub = tree.addNode(label: "sub\(package)", parent: node)
            for part in 0..<parts { _ = tree.addNode(label: "part_\(package)_\(part).py", parent: sub) }
        }
        return tree
    }

    /// Top to bottom, a folder's files hang inside its panel as lists (as the columns hang
    /// them), not side by side a label's width each: 20 packages of 8 modules and a subpackage
    /// of 3 are drawn within 2:1, on less than half the area panels of side-by-side files took
    /// (2803 × 2749 before, 1435 × 2365 with lists); every list hangs after its parent, and its
    /// connectors run along the line beside it into each member's far side.
    @Test(arguments: [SchematicOrientation.tb, .bt])
    func filesHangAsListsInsidePanels(orientation: SchematicOrientation) throws {
        let tree = packages(20, modules: 8, parts: 3)
        let (nested, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        #expect(nested.wrapsFolders)
        let size = nested.collectionViewContentSize
        #expect(aspect(nested) <= 2 && aspect(nested) >= 0.5, "aspect \(aspect(nested))")
        #expect(size.width * size.height < 0.5 * 2803 * 2749, "area \(size.width) × \(size.height)")
        func frame(_ section: Int, _ item: Int) -> Rect {
            canonicalFrame(nested.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame, orientation)
        }
        for package in 0..<20 {
            // Canonical axes: a list is a block of sub-columns along the depth axis (two lists of
            // four side by side here, shaped as blocks of leaves are), filled down each one then
            // across: each member below the one before in its sub-column, or in the next one.
            let parent = frame(1, package), modules = (0..<8).map { frame(2, package * 9 + $0) }
            var subColumns = 1
            for index in 1..<8 {
                let module = modules[index], before = modules[index - 1]
                if module.minX > before.maxX { subColumns += 1; continue }
                #expect(abs(module.midX - before.midX) < 0.5 && module.minY > before.maxY,
                        "package \(package): module \(index) is neither below the one before nor in the next sub-column")
            }
            #expect(subColumns == 8, "package \(package): \(subColumns) sub-columns: eight modules hang as one list")
            #expect(modules[0].minX > parent.maxX)
            // It starts level with its level's other box, the subpackage: no bus runs before its
            // first member (a gutter further on, its last member sat on the next level's row).
            #expect(abs(modules[0].minX - frame(2, package * 9 + 8).minX) < 0.5,
                    "package \(package): its list starts at \(modules[0].minX), its subpackage at \(frame(2, package * 9 + 8).minX)")
            let connector = try #require(nested.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: package * 9 + 5, section: 2))?.connector)
            // Every member of a list in single file is reached along the line beside it and
            // entered at its far side (entered from the depth axis, each stub ran just past the
            // member before and read as that one's child), the line entered where it runs, past
            // the far side (entered over the list's middle, it came down onto the first member
            // and read as that one's line to the next).
            let end = canonical(connector.end, orientation), member = modules[5]
            let entry = canonical(connector.turnIn, orientation), farSide = modules.map(\.maxY).max()!
            #expect(connector.via.count == 1 && abs(end.x - member.midX) < 0.5 && abs(end.y - member.maxY) < 0.5,
                    "a member is entered at its far side, off the line beside its list")
            #expect(entry.y > farSide && entry.y < farSide + 8 && abs(canonical(connector.via[0], orientation).y - entry.y) < 0.5,
                    "the line beside the list is entered past its far side: \(entry.y) against \(farSide)")
        }
        _ = checkInvariants(nested, sections, orientation: orientation)
        let all = everyElement(nested, sections)
        #expect(rectQueryMismatches(nested, everything: all, seed: 5, queries: 80, fraction: 1.0 / 4).isEmpty)
    }

    /// A package's files as `dpkg -L` lists them: folders of programs, of a few documents, of
    /// thirteen scripts, of manual pages, each under a folder of its own.
    func packageFiles() -> Tree {
        var tree = Tree()
        let usr = tree.addNode(label: "usr")
        func folder(_ label: String, files: Int, under parent: Int) {
            let node = tree.addNode(label: label, parent: parent)
            for index in 0..<files { _ = tree.addNode(label: "\(label) file \(index)", parent: node) }
        }
        folder("bin", files: 50, under: usr)
        let share = tree.addNode(label: "share", parent: usr)
        folder("README", files: 5, under: tree.addNode(label: "doc", parent: share))
        folder("lefty", files: 13, under: tree.addNode(label: "graphviz", parent: share))
        let man = tree.addNode(label: "man", parent: share)
        folder("man1", files: 45, under: man)
        folder("man7", files: 1, under: man)
        return tree
    }

    /// Top to bottom, a list whose line runs past its far side keeps a padding more from a
    /// neighbouring block whose bus runs before it (`WrapPlan.roomAfterFarSideLine`): the two
    /// lines, each a few pixels off its own boxes, ran 8 px apart for the whole list and read
    /// as one (`lefty`'s scripts as `man1`'s pages). No two parents' lines along the depth axis
    /// run side by side nearer than 20 px.
    @Test(arguments: [SchematicOrientation.tb, .bt])
    func linesOfNeighbouringListsKeepApart(orientation: SchematicOrientation) throws {
        let (layout, sections) = try layout(packageFiles(), orientation: orientation, connectors: .elbow, randomSizes: false)
        var pieces: [(x: Double, low: Double, high: Double, parent: CollectionLayout.IndexPath)] = []
        for section in 1..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: item, section: section))?.connector)
                let path = connector.path
                for (a, b) in zip(path, path.dropFirst()) where abs(a.x - b.x) < 0.01 && abs(a.y - b.y) > 0.01 {
                    pieces.append((a.x, min(a.y, b.y), max(a.y, b.y), connector.parentIndexPath))
                }
            }
        }
        var near: [String] = []
        for first in pieces {
            for second in pieces where second.parent != first.parent && second.x > first.x && second.x - first.x < 20 {
                let alongside = min(first.high, second.high) - max(first.low, second.low)
                if alongside > 10 { near.append("\(first.x) / \(second.x) along \(alongside)") }
            }
        }
        #expect(near.isEmpty, "parents' lines side by side: \(Set(near).sorted().prefix(5))")
        // The room goes before the grid, not after the list: every parent stays within its
        // children's span (after the list, it left the list's parent 8 px off its middle).
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            func middle(_ global: Int) -> Double {
                let position = sections.position(ofNode: Int(sections.nodeOfItem[global]))
                let frame = layout.layoutAttributesForItem(at: CollectionLayout.IndexPath(item: position.item, section: position.section))!.frame
                return orientation.isVertical ? frame.midX : frame.midY
            }
            let ends = children.map(middle), centre = middle(item)
            #expect(centre >= ends.min()! - 1 && centre <= ends.max()! + 1, "a parent \(centre) outside its children \(ends.min()!)...\(ends.max()!)")
        }
        _ = checkInvariants(layout, sections, orientation: orientation)
    }

    /// Below another block in its column, a block with a line over it starts half a padding
    /// further down (`WrapPlan.roomBeforeLineOver`): its line ran 12 px under the other block's
    /// last row (4 px over its own) and closed that block like a frame (a review's vim runtime
    /// files: `compiler`'s, then `doc`'s). Every line of a parent's connectors along the
    /// column's breadth keeps 20 px from the boxes of another parent's children above it.
    @Test(arguments: [SchematicOrientation.lr, .rl, .tb])
    func theLineOverABlockKeepsClearOfTheBlockBefore(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "runtime")
        for (folder, files) in [("compiler", 40), ("doc", 36), ("ftplugin", 44)] {
            let node = tree.addNode(label: folder, parent: root)
            for index in 0..<files { _ = tree.addNode(label: "\(folder) \(index).vim", parent: node) }
        }
        let (layout, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        var boxes: [(frame: Rect, parent: Int)] = []
        for item in 0..<sections.numberOfItems(inSection: 2) {
            let frame = try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 2))?.frame)
            boxes.append((canonicalFrame(frame, orientation), Int(sections.parentOfItem[sections.numberOfItems(inSection: 0) + sections.numberOfItems(inSection: 1) + item])))
        }
        var nearest = Double.infinity, lines = 0
        for item in 0..<sections.numberOfItems(inSection: 2) {
            let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: item, section: 2))?.connector)
            let parent = boxes[item].parent
            let path = connector.path.map { canonical($0, orientation) }
            for (a, b) in zip(path, path.dropFirst()) where abs(a.y - b.y) < 0.01 && abs(a.x - b.x) > 0.01 {
                let low = min(a.x, b.x), high = max(a.x, b.x)
                for box in boxes where box.parent != parent && box.frame.maxX > low && box.frame.minX < high && box.frame.maxY <= a.y {
                    nearest = min(nearest, a.y - box.frame.maxY)
                    lines += 1
                }
            }
        }
        #expect(lines > 0, "no block's line runs under another's boxes")
        #expect(nearest >= 19.5, "a line over a block \(nearest) px under another parent's boxes")
        _ = checkInvariants(layout, sections, orientation: orientation)
    }

    /// Codes under `initials` initials, each with the next of `lengths` codes (cycling).
    func codes(initials: Int, lengths: [Int]) -> Tree {
        var tree = Tree()
        let root = tree.addNode(label: "codes")
        for initial in 0..<initials {
            let node = tree.addNode(label: "initial \(initial)", parent: root)
            for code in 0..<lengths[initial % lengths.count] { _ = tree.addNode(label: "code \(initial)-\(code)", parent: node) }
        }
        return tree
    }

    /// A list of lists of uneven lengths (codes under their initials, as ISO 3166-1 is) is
    /// within 3:1 top to bottom with its leaves alone, but its short lists leave room below
    /// them as deep as the longest: its initials nest as panels where that makes it a tenth
    /// smaller (`WrapDrawing.nestingAreaLimit`), and stay within 3:1.
    @Test(arguments: [SchematicOrientation.tb, .bt])
    func unevenListsNestWhereThatIsSmaller(orientation: SchematicOrientation) throws {
        let tree = codes(initials: 24, lengths: [2, 30, 5, 12, 1, 22, 8, 3])
        let (nested, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        var flatConfiguration = nested.configuration
        flatConfiguration.nestsFolders = false
        let flat = SchematicLayout(dataController: sections, configuration: flatConfiguration)
        flat.prepare()
        #expect(aspect(flat) <= 3 && aspect(flat) >= 1.0 / 3, "the lists alone must be readable: \(aspect(flat))")
        #expect(nested.wrapsFolders)
        func area(_ layout: SchematicLayout) -> Double { layout.collectionViewContentSize.width * layout.collectionViewContentSize.height }
        #expect(area(nested) <= 0.9 * area(flat), "\(nested.collectionViewContentSize) against \(flat.collectionViewContentSize)")
        #expect(aspect(nested) <= 3 && aspect(nested) >= 1.0 / 3, "aspect \(aspect(nested))")
        _ = checkInvariants(nested, sections, orientation: orientation)
        #expect(rectQueryMismatches(nested, everything: everyElement(nested, sections), seed: 7, queries: 60, fraction: 1.0 / 4).isEmpty)
    }

    /// A tree of `samples/real` laid out top to bottom with the standard configuration.
    func standardTopToBottom(_ sample: String) throws -> (SchematicLayout, SectionedTree) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/real/\(sample)")
        let sections = try SectionedTree(try OutlineReader().read([UInt8](Data(contentsOf: url)), file: sample))
        var configuration = SchematicLayoutConfiguration.standard
        configuration.orientation = .tb
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        return (layout, sections)
    }

    /// Panels make a drawing narrower, so lists may be shorter than the drawing of leaves alone
    /// made them (`WrapPlan.nestingRowLimitFactors`): 44 packages of Python's standard library
    /// (`samples/real/python-packages.txt`, with `lib2to3`'s 52 fixers and `tkinter`'s modules)
    /// top to bottom nest with more and shorter lists, not at the leaves' row limit.
    @Test func nestedListsMayBeShorterThanTheLeavesAlone() throws {
        let (nested, sections) = try standardTopToBottom("python-packages.txt")
        #expect(nested.wrapsFolders)
        // At the leaves' row limit alone: 2584 × 4008 (1:1.55); with shorter lists 3672 × 2008.
        let size = nested.collectionViewContentSize
        #expect(size.width * size.height < 0.8 * 2584 * 4008, "\(size)")
        #expect(aspect(nested) <= 2 && aspect(nested) >= 0.5, "aspect \(aspect(nested))")
        _ = checkInvariants(nested, sections, orientation: .tb)
    }

    /// Nesting costs some reading: a list of lists of even lengths, which its leaves alone draw
    /// within 3:1 with little room to spare, stays in its columns.
    @Test func evenListsStayInTheirColumns() throws {
        let (layout, _) = try layout(codes(initials: 16, lengths: [12]), orientation: .tb, connectors: .elbow, randomSizes: false)
        #expect(!layout.wrapsFolders, "\(layout.collectionViewContentSize)")
    }

    /// A long run hangs as several lists side by side (`WrapPlan.hangingListLength`): 30
    /// packages of 25 modules and a subpackage nest (their fans of 25 wrap no more in panels),
    /// and each package's modules are two lists, not one 25 deep.
    @Test func aLongRunHangsAsSeveralLists() throws {
        let (nested, sections) = try layout(packages(30, modules: 25, parts: 2), orientation: .tb, connectors: .elbow, randomSizes: false)
        #expect(nested.wrapsFolders)
        for package in [0, 17] {
            let modules = (0..<25).map {
                canonicalFrame(nested.layoutAttributesForItem(at: IndexPath(item: package * 26 + $0, section: 2))!.frame, .tb)
            }
            let lists = Set(modules.map { Int($0.midY.rounded()) }).count
            #expect(lists >= 2 && lists <= 4, "package \(package): \(lists) lists side by side")
            for index in 1..<25 where modules[index].minX <= modules[index - 1].maxX {
                #expect(abs(modules[index].midX - modules[index - 1].midX) < 0.5 && modules[index].minY > modules[index - 1].maxY)
            }
        }
        _ = checkInvariants(nested, sections, orientation: .tb)
        #expect(rectQueryMismatches(nested, everything: everyElement(nested, sections), seed: 7, queries: 60, fraction: 1.0 / 4).isEmpty)
    }

    @Test func nestingIsDeterministic() throws {
        let tree = folderFan(folders: 70, seed: 9)
        let (a, sections) = try layout(tree, connectors: .elbow)
        let (b, _) = try layout(tree, connectors: .elbow)
        #expect(everyElement(a, sections) == everyElement(b, sections))
    }
}

/// A list that alone makes its panel long hangs as several side by side (`NestingLayout.shortenedLists`).
extension WrapTests {
    /// Python's exception tree top to bottom nests `Exception`'s subclasses in panels; the last
    /// panel was as deep as `Warning`'s eleven subclasses hanging as one list, where everything
    /// else in it is at most five deep. That list now hangs as several side by side, in order.
    @Test func aListThatAloneMakesItsPanelLongHangsSideBySide() throws {
        let (layout, sections) = try standardTopToBottom("python-exceptions.txt")
        #expect(layout.wrapsFolders)
        // Warning's subclasses (depth 3).
        var warnings: [Rect] = []
        for item in 0..<sections.numberOfItems(inSection: 3) {
            let parent = sections.parentOfItem[sections.globalItem(section: 3, item: item)]
            guard parent >= 0, sections.label(ofItem: Int(parent)) == "Warning" else { continue }
            warnings.append(canonicalFrame(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 3))!.frame, .tb))
        }
        #expect(warnings.count == 11)
        let rows = Set(warnings.map { Int($0.midY.rounded()) }).count
        #expect(rows >= 2 && rows <= 4, "\(rows) lists side by side")
        // In order across the lists (along the column), then on to the next row of them.
        for index in 1..<warnings.count {
            let (before, after) = (warnings[index - 1], warnings[index])
            #expect(after.midY > before.midY + 0.5 || after.minX > before.maxX, "\(index): \(before) then \(after)")
        }
        _ = checkInvariants(layout, sections, orientation: .tb)
        #expect(rectQueryMismatches(layout, everything: everyElement(layout, sections), seed: 11, queries: 60, fraction: 1.0 / 4).isEmpty)
    }
}

/// Big trees whose estimate cannot be squared still nest their fans of folders.
extension WrapTests {
    /// 2,500 folders of two to nine files (13,000 items, beyond `WrapPlan.alwaysMeasuredItems`):
    /// no row limit squares a fan of folders, so the estimate's limits are not measured, but
    /// the folders nest (a gcloud `surface` folder of 17,000 entries was 1:59 without). Nesting
    /// blocks' invariants are checked on smaller trees (`checkInvariants` takes minutes here in
    /// a debug build).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aBigFanOfFoldersNestsBeyondTheMeasuredLimits(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for folder in 0..<2_500 {
            let node = tree.addNode(label: "package \(folder)", parent: root)
            for file in 0..<[2, 3, 3, 4, 5, 9][folder % 6] { _ = tree.addNode(label: "file \(folder).\(file)", parent: node) }
        }
        #expect(tree.count > 8_000, "beyond WrapPlan.alwaysMeasuredItems")
        let (layout, sections) = try layout(tree, orientation: orientation, connectors: .elbow, randomSizes: false)
        #expect(layout.wrapsFolders)
        #expect(aspect(layout) <= 3 && aspect(layout) >= 1.0 / 3, "aspect \(aspect(layout))")
        #expect(rectQueryMismatches(layout, everything: everyElement(layout, sections), seed: 13, queries: 20, fraction: 1.0 / 8).isEmpty)
    }
}
