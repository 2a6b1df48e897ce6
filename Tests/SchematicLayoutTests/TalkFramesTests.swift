import CollectionLayout
import Hierarchy
import SchematicLayout
import Testing
import TestSupport

/// Frames of the talk's tree, derived by hand from slide 11's formulas with the defaults
/// (node 120x40, itemPadding 40, sectionPadding 60, sectionMargin 20):
///
/// - item y = itemPadding/2 + (heights of the items above) + index * itemPadding
///          = 20 + 40i + 40i = 20 + 80i
/// - column 0 x = sectionMargin = 20; column s x = previous x + previous width + sectionPadding
///          = 20, 200, 380, 560
/// - column height = n * (40 + 40): 80, 240, 320, 160; content height = the tallest = 320
/// - content width = last column's maxX + margin = 560 + 120 + 20 = 700
@Suite struct TalkFramesTests {
    func talkLayout() throws -> SchematicLayout {
        let layout = SchematicLayout(dataController: try SectionedTree(RandomTrees.talk))
        layout.prepare()
        return layout
    }

    func frame(_ layout: SchematicLayout, _ section: Int, _ item: Int) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func itemFramesFollowSlide11() throws {
        let layout = try talkLayout()
        #expect(layout.collectionViewContentSize == Size(width: 700, height: 320))
        let columns = [20.0, 200, 380, 560]
        let counts = [1, 3, 4, 2]
        for section in 0..<4 {
            for item in 0..<counts[section] {
                #expect(frame(layout, section, item) == Rect(x: columns[section], y: 20 + 80 * Double(item), width: 120, height: 40))
            }
        }
        #expect(frame(layout, 4, 0) == nil)
        #expect(frame(layout, 1, 3) == nil)
    }

    @Test func connectorsRunFromParentRightMiddleToChildLeftMiddle() throws {
        let layout = try talkLayout()
        // Child 2 [1,1] from Root [0,0]: from (140, 40) to (200, 120).
        let toChild2 = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 1, section: 1)))
        #expect(toChild2.frame == Rect(x: 140, y: 40, width: 60, height: 80))
        let connector = try #require(toChild2.connector)
        #expect(connector.parentIndexPath == IndexPath(item: 0, section: 0) && !connector.lineStartTop)
        #expect(connector.start == Point(x: 140, y: 40) && connector.end == Point(x: 200, y: 120))
        // All items are as wide as their column: the path is the talk's single straight line.
        #expect(connector.path == [Point(x: 140, y: 40), Point(x: 200, y: 120)])
        // Child 3-1-1 [3,0] from Child 3-1 [2,2]: the parent (y 200) is below the child (y 40).
        let up = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 3)))
        #expect(up.frame == Rect(x: 500, y: 40, width: 60, height: 160))
        #expect(up.connector?.lineStartTop == true)
        #expect(up.connector?.parentIndexPath == IndexPath(item: 2, section: 2))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 0)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1)) == nil)
    }

    @Test func wholeContentQueryListsEveryItemAndConnector() throws {
        let layout = try talkLayout()
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 700, height: 320))
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 10)
        #expect(all.filter { $0.representedElementKind == .connector }.count == 9)
    }

    @Test func partlyVisibleItemsAreReturned() throws {
        let layout = try talkLayout()
        // A thin strip through the middle of column 1 cuts Child 2 (y 100...140) in half.
        let strip = layout.layoutAttributesForElements(in: Rect(x: 250, y: 110, width: 5, height: 5))
        #expect(strip.map(\.indexPath) == [IndexPath(item: 1, section: 1)])
    }

    @Test func widerItemsWidenTheirColumnAndShiftTheNext() throws {
        let layout = try talkLayout()
        let context = SchematicInvalidationContext()
        context.invalidateSize(Size(width: 200, height: 60), forItemAt: IndexPath(item: 1, section: 1))
        layout.invalidateLayout(with: context)
        layout.prepare()
        // Column 1 is 200 wide; 120-wide items are centred at 200 + (200 - 120) / 2 = 240.
        #expect(frame(layout, 1, 0) == Rect(x: 240, y: 20, width: 120, height: 40))
        #expect(frame(layout, 1, 1) == Rect(x: 200, y: 100, width: 200, height: 60))
        // The item below moves down by the extra 20: 20 + 40 + 40 + 60 + 40 = 200.
        #expect(frame(layout, 1, 2) == Rect(x: 240, y: 200, width: 120, height: 40))
        // Column 2 starts at 200 + 200 + 60 = 460.
        #expect(frame(layout, 2, 0)?.minX == 460)
        #expect(layout.collectionViewContentSize == Size(width: 780, height: 320))
    }
}
