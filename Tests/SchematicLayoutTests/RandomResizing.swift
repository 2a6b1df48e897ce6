import CollectionLayout
import Hierarchy
import SchematicLayout
import TestSupport

/// Gives about half the items a random size through one invalidation context, as self-sizing
/// cells would, and lays the layout out again: property tests then check the reflowed frames.
func resizeRandomItems(of layout: SchematicLayout, in sections: SectionedTree, widths: ClosedRange<Int>,
                       heights: ClosedRange<Int>, using generator: inout SplitMix64) {
    let context = SchematicInvalidationContext()
    for section in 0..<sections.numberOfSections {
        for item in 0..<sections.numberOfItems(inSection: section) where Bool.random(using: &generator) {
            context.invalidateSize(Size(width: Double(Int.random(in: widths, using: &generator)),
                                        height: Double(Int.random(in: heights, using: &generator))),
                                   forItemAt: IndexPath(item: item, section: section))
        }
    }
    layout.invalidateLayout(with: context)
    layout.prepare()
}
