import CollectionLayout
import Hierarchy

/// Frames: items, cells, columns and the decorations (bands, headers) in canonical
/// coordinates, and the index arithmetic the queries share.
extension SchematicLayout {
    // MARK: Frames

    /// Room above the sections for their headers, and for the line over a block at the top
    /// (`topRoom`), in canonical y.
    var headerInset: Double { (configuration.depthLabels.isEmpty ? 0 : configuration.headerHeight) + topRoom }

    /// Each column's left edge, in canonical axes (columns along x, before the orientation
    /// turns them): connectors between two columns turn in the gap after one's right edge.
    public var columnLefts: [Double] { sectionLefts }
    /// Each column's width, in canonical axes (its widest item outside wrapped blocks, where
    /// blocks may reach past it).
    public var columnWidths: [Double] { sectionWidths }

    /// The wrapped blocks of roots (roots wrap as a fan's children do, with no connector to
    /// tell them): per block its first global item, its member count, and where each of its
    /// sub-columns (panels) starts among its members.
    public var rootBlocks: [(first: Int, count: Int, columnStarts: [Int])] {
        guard let plan = wrapPlan else { return [] }
        return (0..<plan.blockCount).compactMap { block in
            let first = Int(plan.firstItem[block])
            guard dataController.parentOfItem[first] < 0 else { return nil }
            var starts: [Int] = []
            for index in 0..<Int(plan.memberCount[block]) where plan.position(ofMember: first + index, inBlock: block).column == starts.count {
                starts.append(index)
            }
            return (first, Int(plan.memberCount[block]), starts)
        }
    }

    @inline(__always)
    func frame(ofItem item: Int, inSection section: Int) -> Rect {
        let width = itemWidths[item]
        let left = wrapPlan == nil ? (sectionWidths[section] - width) / 2 : itemLefts[item]
        return Rect(x: sectionLefts[section] + left, y: itemTops[item] + headerInset,
                    width: width, height: itemHeights[item])
    }

    /// A section's band or header, in canonical coordinates.
    func decorationAttributes(kind: ElementKind, section: Int) -> LayoutAttributes? {
        let path = IndexPath(item: 0, section: section)
        let left = sectionLefts[section], width = sectionWidths[section]
        switch kind {
        case .band where configuration.showsBands:
            // (To the middle of the gap on each side: gaps widened for additional lanes too.)
            let minX = section == 0 ? 0 : (sectionLefts[section - 1] + sectionWidths[section - 1] + left) / 2
            let maxX = section == sectionLefts.count - 1 ? contentSize.width : (left + width + sectionLefts[section + 1]) / 2
            var attributes = LayoutAttributes(forDecorationViewOfKind: .band, with: path,
                                              frame: Rect(x: minX, y: 0, width: maxX - minX, height: contentSize.height))
            attributes.zIndex = -2
            return attributes
        case .header where section < configuration.depthLabels.count && !configuration.depthLabels[section].isEmpty:
            var attributes = LayoutAttributes(forDecorationViewOfKind: .header, with: path,
                                              frame: Rect(x: left, y: 4, width: width, height: configuration.headerHeight - 8))
            attributes.zIndex = 1
            attributes.text = configuration.depthLabels[section]
            return attributes
        default:
            return nil
        }
    }

    func indexPath(ofItem item: Int, inSection section: Int, subitem: Int = 0) -> IndexPath {
        IndexPath(item: item - Int(dataController.sectionStarts[section]), section: section, subitem: subitem)
    }

    func cellAttributes(item: Int, section: Int) -> LayoutAttributes {
        LayoutAttributes(forCellWith: indexPath(ofItem: item, inSection: section), frame: frame(ofItem: item, inSection: section))
    }

    @inline(__always)
    func globalItem(of indexPath: IndexPath) -> Int {
        Int(dataController.sectionStarts[indexPath.section]) + indexPath.item
    }
}
