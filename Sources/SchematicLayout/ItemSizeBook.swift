import CollectionLayout

/// The part of a schematic layout's storage that new item sizes change, taken out of the layout
/// while sizes are applied: a loop over local arrays checks no exclusive access per item, and a
/// batch of sizes marks each section once.
struct ItemSizeBook {
    var widths: [Double]
    var heights: [Double]
    var sectionWidths: [Double]
    var sectionHeights: [Double]
    var staleTopsFrom: [Int32]
    var widestItemCount: [Int32]
    /// Sections whose last widest item shrank: their width is scanned again.
    var sectionsNeedingWidthScan = IndexBitSet()
    /// Sections with a new size.
    var sectionsWithNewSizes = IndexBitSet()

    /// Applies one item's new size in O(1): the column's height and widest-item count change
    /// now, the tops below it when next read.
    mutating func apply(_ size: Size, toItem item: Int, inSection section: Int) {
        let oldWidth = widths[item]
        let oldHeight = heights[item]
        widths[item] = size.width
        heights[item] = size.height
        if size.height != oldHeight {
            sectionHeights[section] += size.height - oldHeight
            staleTopsFrom[section] = min(staleTopsFrom[section], Int32(item + 1))
        }
        if size.width != oldWidth {
            let widest = sectionWidths[section]
            if size.width > widest {
                sectionWidths[section] = size.width
                widestItemCount[section] = 1
            } else {
                if size.width == widest { widestItemCount[section] += 1 }
                if oldWidth == widest {
                    widestItemCount[section] -= 1
                    if widestItemCount[section] == 0 { sectionsNeedingWidthScan.insert(section) }
                }
            }
        }
        sectionsWithNewSizes.insert(section)
    }
}

extension SchematicLayout {
    /// Moves the storage that sizes change into a book (the layout keeps empty arrays meanwhile,
    /// so the book's arrays are uniquely referenced and change in place).
    func takeItemSizeBook() -> ItemSizeBook {
        defer {
            itemWidths = []; itemHeights = []; sectionWidths = []; sectionHeights = []
            staleTopsFrom = []; widestItemCount = []
        }
        return ItemSizeBook(widths: itemWidths, heights: itemHeights, sectionWidths: sectionWidths,
                            sectionHeights: sectionHeights, staleTopsFrom: staleTopsFrom, widestItemCount: widestItemCount)
    }

    /// Puts the book's storage back and records its marks for the next `prepare()`.
    func returnItemSizeBook(_ book: ItemSizeBook) {
        itemWidths = book.widths; itemHeights = book.heights
        sectionWidths = book.sectionWidths; sectionHeights = book.sectionHeights
        staleTopsFrom = book.staleTopsFrom; widestItemCount = book.widestItemCount
        for section in book.sectionsNeedingWidthScan { sectionsNeedingWidthScan.insert(section) }
        for section in book.sectionsWithNewSizes { sectionsWithNewSizes.insert(section) }
        var marked = book.sectionsWithNewSizes.makeIterator()
        if let first = marked.next() {  // the smallest
            firstInvalidSection = min(firstInvalidSection ?? first, first)
        }
    }
}
