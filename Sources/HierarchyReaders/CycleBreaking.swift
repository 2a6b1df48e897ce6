/// Cycles of first parents that no root reaches, broken for `ReaderOptions.breaksCycles`
/// (`--extra-parents auto` or `drop`): a dependency graph's mutual dependencies (Debian's `perl` and
/// `perl-modules-5.36` need each other) could not be drawn at all.
enum CycleBreaking {
    /// The nodes to make roots, one per cycle no root reaches: its first node (file order). Its
    /// link to its parent on the cycle is left out (that parent is under it: no drawing could
    /// show the link), with `warning`'s message. `parent(node)` is -1 for a root. O(n): each unreached part is
    /// walked once, then reached from its new root.
    /// `reached`: the nodes the roots reach, where the reader has found them already.
    static func roots(count: Int, parent: (Int) -> Int, children: (Int) -> [Int], reached known: [Bool]? = nil) -> [Int] {
        var reached = known ?? [Bool](repeating: false, count: count)
        var stack: [Int] = []
        func reach(from start: Int) {
            stack.append(start)
            reached[start] = true
            while let node = stack.popLast() {
                for child in children(node) where !reached[child] {
                    reached[child] = true
                    stack.append(child)
                }
            }
        }
        if known == nil { for node in 0..<count where parent(node) < 0 && !reached[node] { reach(from: node) } }
        var found: [Int] = []
        var walked = [Int](repeating: -1, count: count)
        for start in 0..<count where !reached[start] {
            // Up the first parents until a node this walk met: it is on the cycle.
            var node = start
            while walked[node] != start {
                walked[node] = start
                node = parent(node)
            }
            var root = node
            var next = parent(node)
            while next != node {
                root = min(root, next)
                next = parent(next)
            }
            found.append(root)
            reached[root] = true
            reach(from: root)
        }
        return found
    }

    /// The warning for a broken cycle: its nodes from parent to child, from the new root round
    /// to it again (the last link is the one left out).
    static func warning(root: Int, parent: (Int) -> Int, name: (Int) -> String) -> String {
        var above: [String] = []
        var node = parent(root)
        while node != root {
            above.append("'\(name(node))'")
            node = parent(node)
        }
        var shown = ["'\(name(root))'"] + above.reversed() + ["'\(name(root))'"]
        if shown.count > 7 { shown = shown.prefix(3) + ["…"] + shown.suffix(3) }
        return "a cycle of parents, \(shown.joined(separator: " -> ")), is drawn from '\(name(root))' "
            + "(the last link left out; --extra-parents keep refuses it)"
    }
}
