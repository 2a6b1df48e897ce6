/// `schematic compare`'s output: a side-by-side table, or the same figures as JSON.
public struct ComparisonReport: Sendable {
    public var comparison: Comparison
    /// What was compared, for the heading.
    public var input: String
    public var nodeCount: Int

    public init(_ comparison: Comparison, input: String, nodeCount: Int) {
        self.comparison = comparison
        self.input = input
        self.nodeCount = nodeCount
    }

    /// The figures, each with whether less is better (width, height and aspect are neither).
    private var rows: [(name: String, key: String, ours: Double, theirs: Double, decimals: Int, lessIsBetter: Bool)] {
        let (a, b) = (comparison.ours, comparison.graphviz)
        return [
            ("drawing width", "width", a.width, b.width, 1, false),
            ("drawing height", "height", a.height, b.height, 1, false),
            ("area", "area", a.area, b.area, 0, true),
            ("aspect ratio (w/h)", "aspectRatio", a.aspectRatio, b.aspectRatio, 2, false),
            ("total connector length", "totalConnectorLength", a.totalConnectorLength, b.totalConnectorLength, 1, true),
            ("longest connector", "longestConnector", a.longestConnector, b.longestConnector, 1, true),
            ("mean parent offset", "meanParentOffset", a.meanParentOffset, b.meanParentOffset, 1, true),
            ("max parent offset", "maxParentOffset", a.maxParentOffset, b.maxParentOffset, 1, true),
            ("overlapping nodes", "overlappingNodes", Double(a.overlappingNodes), Double(b.overlappingNodes), 0, true),
            ("crossing connectors", "crossingConnectors", Double(a.crossingConnectors), Double(b.crossingConnectors), 0, true),
            ("layout time (ms)", "layoutMilliseconds", a.layoutMilliseconds, b.layoutMilliseconds, 2, true),
        ]
    }

    /// Which drawing a figure favours where less is better: within 1% (or both 0) neither.
    private func better(_ ours: Double, _ theirs: Double) -> String {
        if abs(ours - theirs) <= 0.01 * max(abs(ours), abs(theirs)) { return "same" }
        return ours < theirs ? "schematic" : comparison.engine
    }

    /// The table, with Graphviz's figure divided by ours, and which is better where less is.
    public var text: String {
        let engine = "graphviz " + comparison.engine
        var lines = ["\(input): \(nodeCount) nodes, schematic vs \(engine) (drawings without their margins; less is better "
                     + "but for width, height and aspect)",
                     pad("", 24) + padLeft("schematic", 14) + padLeft(engine, 16) + padLeft("theirs/ours", 13) + "  better"]
        for row in rows {
            let ratio = abs(row.ours) < 1e-9 ? (abs(row.theirs) < 1e-9 ? "=" : "-") : format(row.theirs / row.ours, 2) + "x"
            let line = pad(row.name, 24) + padLeft(format(row.ours, row.decimals), 14)
                + padLeft(format(row.theirs, row.decimals), 16) + padLeft(ratio, 13)
            lines.append(row.lessIsBetter ? line + "  " + better(row.ours, row.theirs) : line)
        }
        if let order = comparison.order {
            lines.append(order.isSame
                ? "child order: Graphviz keeps every node at our depth and in our order"
                : "child order: \(order.nodesInOtherRank) nodes at another depth, \(order.nodesOutOfOrder) out of order")
            for example in order.examples { lines.append("  " + example) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same figures as JSON.
    public var json: String {
        func object(_ pick: (Double, Double) -> Double) -> String {
            "{" + rows.map { "\"\($0.key)\": " + format(pick($0.ours, $0.theirs), $0.decimals == 0 ? 0 : 3) }.joined(separator: ", ") + "}"
        }
        var text = "{\"input\": \"\(jsonEscaped(input))\", \"nodes\": \(nodeCount), \"engine\": \"\(jsonEscaped(comparison.engine))\",\n"
        text += " \"schematic\": " + object { ours, _ in ours } + ",\n"
        text += " \"graphviz\": " + object { _, theirs in theirs }
        if let order = comparison.order {
            text += ",\n \"order\": {\"same\": \(order.isSame), \"nodesInOtherRank\": \(order.nodesInOtherRank), "
                + "\"nodesOutOfOrder\": \(order.nodesOutOfOrder), \"examples\": ["
                + order.examples.map { "\"" + jsonEscaped($0) + "\"" }.joined(separator: ", ") + "]}"
        }
        return text + "}\n"
    }

    private func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    private func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }

    private func jsonEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 { result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) }
                else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}

/// A number with a fixed count of decimals, without Foundation's formatter.
func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let digits = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
}
