import CollectionLayout
import Hierarchy
@testable import Schematic
import Testing

/// Measuring every label at once, on all cores, gives each item the size and lines that
/// measuring it alone (as self-sizing with a viewport does) gives.
@Suite struct LabelCellSizingTests {
    static let labels = ["Node 17", "", "AVATAR To office", "a label long enough to wrap over several lines of the node box",
                         "first\nsecond line", "日本語のラベル", "Käse, naïve café", "👍🏽 done", "tab\tseparated", "snake_case_identifier_that_is_long",
                         "مرحبا بالعالم", "e\u{301}le\u{300}ve", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"]

    /// A tree of 5,000 nodes (enough for several workers), each level a fan of varied labels.
    static func tree() -> Tree {
        var tree = Tree()
        var parent = tree.addNode(label: "Root")
        for node in 1..<5_000 {
            let label = labels[node % labels.count] + (node % 3 == 0 ? " \(node)" : "")
            let added = tree.addNode(label: node % labels.count == 1 ? "" : label, parent: parent)
            if node % 50 == 0 { parent = added }
        }
        return tree
    }

    @Test func prefetchingMeasuresAsItemsMeasuredOneByOne() throws {
        let sections = try SectionedTree(Self.tree())
        let all = try LabelCellSizing(dataController: sections, style: LabelStyle())
        all.prefetchAll()
        #expect(all.prefetchDuration != nil)
        let single = try LabelCellSizing(dataController: sections, style: LabelStyle())
        var junctions = 0
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                let global = sections.globalItem(section: section, item: item)
                let alone = single.preferredLayoutAttributesFitting(attributes).size
                #expect(all.preferredLayoutAttributesFitting(attributes).size == alone, "\(sections.label(ofItem: global))")
                #expect(all.wrappedLines[global] == single.wrappedLines[global])
                if sections.label(ofItem: global).isEmpty {
                    junctions += 1
                    #expect(alone == Size(width: LabelStyle().junctionSize, height: LabelStyle().junctionSize))
                }
            }
        }
        #expect(junctions > 300)
        // Wrapped labels keep their lines; a label's explicit lines are not stored.
        #expect(all.wrappedLines.count > 300)
        #expect(all.wrappedLines.values.allSatisfy { $0.count > 1 })
    }

    /// The sizes read at once after prefetching are, item by item, what each cell reports;
    /// before every label is measured there are none.
    @Test func measuredSizesAreWhatCellsReport() throws {
        let sections = try SectionedTree(Self.tree())
        let sizing = try LabelCellSizing(dataController: sections, style: LabelStyle())
        #expect(sizing.measuredSizes == nil)
        sizing.prefetchAll()
        let measured = try #require(sizing.measuredSizes)
        #expect(measured.count == sections.numberOfItems)
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let reported = sizing.preferredLayoutAttributesFitting(LayoutAttributes(forCellWith: IndexPath(item: item, section: section))).size
                #expect(measured[sections.globalItem(section: section, item: item)] == reported)
            }
        }
        sizing.setLabel("changed", ofItem: 3)
        #expect(sizing.measuredSizes == nil)
    }

    /// Every layout starts from the measured sizes: its first pass places every node at its
    /// size and no cell is asked again (a circle's drawings were made twice), the drawing the
    /// same as where the cells self-size, viewport by viewport.
    @Test(arguments: [DiagramLayout.schematic, .circle(CircleLayoutConfiguration()), .grid(GridLayoutConfiguration()),
                      .flow(FlowLayoutConfiguration()), .masonry(MasonryLayoutConfiguration())])
    func everyLayoutStartsFromTheMeasuredSizes(layout: DiagramLayout) throws {
        var options = DiagramOptions()
        options.layout = layout
        let measuredFirst = try Diagram(tree: Self.tree(), options: options)
        #expect(measuredFirst.collectionView.selfSizingPasses == 0)
        options.viewport = Size(width: 2_000, height: 2_000)
        let selfSized = try Diagram(tree: Self.tree(), options: options)
        #expect(selfSized.collectionView.selfSizingPasses > 0)
        #expect(measuredFirst.layout.collectionViewContentSize == selfSized.layout.collectionViewContentSize)
        let everything = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
        #expect(Set(measuredFirst.layout.layoutAttributesForElements(in: everything))
                == Set(selfSized.layout.layoutAttributesForElements(in: everything)))
    }
}
