import CollectionLayout

/// Random rects over a layout's content, each queried and compared with brute force (the
/// elements of `everything` whose frames meet the rect): the rects whose answer differs, or
/// names an element twice. Rects start up to 20 points before the content and are at most
/// `fraction` of it across.
public func rectQueryMismatches(_ layout: any CollectionViewLayout, everything: [LayoutAttributes], seed: UInt64,
                                queries: Int, fraction: Double) -> [Rect] {
    var generator = SplitMix64(seed: seed)
    let size = layout.collectionViewContentSize
    var mismatches: [Rect] = []
    for _ in 0..<queries {
        let rect = Rect(x: Double.random(in: -20...size.width, using: &generator), y: Double.random(in: -20...size.height, using: &generator),
                        width: Double.random(in: 0...size.width * fraction, using: &generator),
                        height: Double.random(in: 0...size.height * fraction, using: &generator))
        let found = layout.layoutAttributesForElements(in: rect)
        if found.count != Set(found).count || Set(found) != Set(everything.filter { $0.frame.intersects(rect) }) { mismatches.append(rect) }
    }
    return mismatches
}

/// The panel decorations of `sections` sections, by index path (each section's from item 0
/// until one is missing): what the rect queries must find beside the items and connectors.
public func panelElements(_ layout: any CollectionViewLayout, sections: Int) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for section in 0..<sections {
        var item = 0
        while let panel = layout.layoutAttributesForDecorationView(ofKind: .panel, at: IndexPath(item: item, section: section)) {
            result.append(panel)
            item += 1
        }
    }
    return result
}
