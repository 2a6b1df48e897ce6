@testable import Graphviz
import Testing

/// Swapping long tokens for placeholders must not change what cgraph reads: random DOT-like
/// texts read with every token longer than 9 bytes swapped (attribute names stay, as long
/// ones never matter) give the same graphs, warnings, or errors on the same lines, as read
/// with none swapped.
@Suite struct DOTLongTokensTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func pick(_ options: [String]) -> String { options[next(options.count)] }
    }

    static let stringPieces = ["x", "yz", "\\", "\\\"", "\\\\", "\n", "\\\n", "\\\\\n", "é", "\u{E000}", "<", "/*", "#", " ", "\\N", "\\n"]

    func randomText(_ random: inout Generator) -> String {
        var text = random.pick(["digraph {", "graph G {", "strict digraph \"g\" {", "/* c */ digraph {"])
        for _ in 0..<(1 + random.next(12)) {
            switch random.next(9) {
            case 0, 1:
                text += " " + random.pick(["a", "b_2", "Node", "\u{E9}t\u{E9}", "x\u{E000}", "long_name_123", "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}"])
            case 2:
                var string = "\""
                for _ in 0..<random.next(10) { string += random.pick(Self.stringPieces) }
                if string.hasSuffix("\\") && !string.hasSuffix("\\\\") { string += "q" }
                text += " " + string + "\""
            case 3:
                text += random.pick([" -> ", " -- ", "; ", "\n", " + "])
            case 4:
                text += " [label=\"" + random.pick(["", " L ", "\\N", "a\\\"b", "l\\\nm"]) + "\", id=" + random.pick(["i", "\"j k\""]) + "]"
            case 5:
                text += random.pick([" /* a\nb */ ", " // line\n", "\n# pre\n", " /*\n\n*/", " # x \"\n", "\r\n"])
            case 6:
                text += random.pick([" subgraph {", " }", " 12", " 1b", " <b>h</b>", " <<i>x</i>>", " <b t=\"q\">y\n</b>", " -.5"])
            default:
                text += " c" + String(random.next(5))
            }
        }
        return text + random.pick([" }", "}\n", " } graph { z }", "", " } junk"])
    }

    struct Outcome: Equatable {
        var graphs: [[String]] = []
        var errorLine: Int?
        var failed = false
    }

    func outcome(_ text: String, threshold: Int) -> Outcome {
        do {
            let graphs = try Graphviz.parseGraphs(Array(text.utf8), longTokenThreshold: threshold)
            return Outcome(graphs: graphs.map { graph in
                graph.nodes.map { "\($0.name)|\($0.label)|\($0.attributes.sorted { $0.key < $1.key })" }
                    + graph.edges.map { "\($0.tail)->\($0.head)" } + graph.warnings.map { $0.replacing(/near '.*'/, with: "") }
            })
        } catch {
            return Outcome(errorLine: error.line, failed: true)
        }
    }

    @Test func swappingEveryTokenChangesNothing() {
        var random = Generator(state: 12)
        var read = 0
        for _ in 0..<3_000 {
            let text = randomText(&random)
            let plain = outcome(text, threshold: Int.max)
            #expect(outcome(text, threshold: 9) == plain, "\(text.debugDescription)")
            if !plain.failed { read += 1 }
        }
        #expect(read > 300)
    }
}
