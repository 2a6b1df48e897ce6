import Dispatch
import Hierarchy

/// Placement along the columns that is short, with parents inside their children's span and
/// centred on them as far as that height allows.
///
/// Centres `c` obey difference constraints only: in a column, `c[next] ≥ c[item] + separation`;
/// a parent lies between its first and last child, `c[first] ≤ c[parent] ≤ c[last]` (an only
/// child shares its parent's centre, unless the relaxation bends the link); every box lies
/// inside `[0, height]`. So:
/// 1. The lowest feasible centres are longest paths in the constraint graph (single-child
///    chains merged into one node), found in O(n) in a topological order read off the tree
///    (`CompactConstraints.topologicalOrder`), without building the graph; they give the
///    tight height. The same on the mirrored tree gives the highest centres at that height.
/// 2. A lower height (down to the stacked columns') is reached by letting a few span
///    constraints give way, one step at a time, each the one on a longest chain whose loss
///    shortens the drawing most, by what its estimate promises
///    (`CompactConstraints.relaxedSpans`): a few parents leave their span a little, rather
///    than many a lot; an only child may likewise leave its parent's level (a chain's link
///    bends: the child a row below beside a fan, as dot drops it). Of those steps, the most
///    (by a bisection of a few placements) whose placement still reads: at most one parent in
///    12 outside its span (a smaller tree: one only child off its parent's level from 4
///    parents, two from 8), mean offset at most 0.7 of a column's pitch after three sweeps
///    (`readingLimits`); then, of the steps within `fewerParentsShare` of its height, the fewest.
///    A tree whose tight placement is already off-centre beyond that limit (and has no fan the
///    wrap search draws) is instead drawn up to a fifth taller where that reads within it
///    (`tallerHeights`), from the tidy placement clamped between the lowest and highest centres.
/// 3. The lowest and highest centres are both feasible and the feasible set is convex, so their
///    average is a feasible start (Brandes and Köpf balance extreme layouts the same way).
/// 4. Sweeps then centre: each column, with its neighbours fixed, is an isotonic regression in
///    `z = c - cumulative separation`, now with bounds from the neighbouring columns; the
///    bounds are made monotone (a running max from the top, min from the bottom), so pooling
///    adjacent violators and clamping solves it exactly and keeps every constraint. Left to
///    right, children wish to sit as a block centred on their parent; right to left, parents
///    wish to sit at the middle of their children, and one side's end children may go as far as
///    their parent can follow (`CompactSweeps`' `parentReaches`). A fixed number of sweeps keeps it O(n);
///    beyond 50,000 items three (the sweeps never settle, but parents gain little after three).
///    The drawn placement then has the subtrees the sweeps left far from their parent moved
///    back whole where every column they span has room (`FarSubtrees`), and a few sweeps more.
/// 5. Gaps the sweeps leave between siblings, some held far down their column, are closed and
///    the parent put back in its children's middle (`SiblingGaps`), up to 50,000 items.
/// 6. A parent and a child left a few pixels off level are made level where their columns
///    leave room (`levelNearlyLevelPairs`), and so are a parent and an only child whose bent
///    link the steps after the bend left room to straighten (`straightenBentLinks`).
/// 7. A small tree's drawing (not the wrap search's trials) that Graphviz's dot would centre
///    better is made a little taller from the tidy placement, as well centred as dot's estimated
///    drawing (`DotEstimate`) within about its extent (`centredAsDot`).
/// Everything is iterative and on flat arrays.
enum CompactPlacement {
    /// Per item, where its members begin and end along the column, from its own centre: 0 for
    /// an item, the middles of a wrapped block's first and last rows, so that a parent is
    /// centred on what the reader sees of its children (from the first box to the last), not
    /// on a block's middle. Kept only for the items with members (a big tree has few blocks:
    /// no two values for every item).
    struct MemberEnds {
        /// The items with members, ascending, and their members' ends.
        private(set) var items: [Int32] = []
        private(set) var first: [Double] = []
        private(set) var last: [Double] = []

        init() {}

        /// Adds an item after those added so far.
        mutating func append(item: Int, first: Double, last: Double) {
            precondition(items.last.map { Int($0) < item } ?? true, "member ends in item order")
            items.append(Int32(item))
            self.first.append(first)
            self.last.append(last)
        }

        /// An item's ends (both 0 for an item without members), by binary search.
        func ends(of item: Int) -> (first: Double, last: Double) {
            let index = position(of: item)
            return index.map { (first[$0], last[$0]) } ?? (0, 0)
        }

        /// Whether an item has members (a block; its ends may both be 0, as a block of one row's).
        func hasMembers(_ item: Int) -> Bool { position(of: item) != nil }

        /// Where an item is in `items`, by binary search.
        private func position(of item: Int) -> Int? {
            let low = partitionPoint(0..<items.count) { Int(items[$0]) >= item }
            return low < items.count && Int(items[low]) == item ? low : nil
        }
    }

    /// The centre of every global item (nil is kept for callers that fall back to the tidy
    /// tree, but a tree's constraints always have an order, so it is not returned). Items marked in
    /// `standIns` (an overhanging block's stand-ins, each an only child) always keep their
    /// parent's centre and are not counted as children when judging how a placement reads.
    /// Unless it `settles`, the height is found as always but the centres are the balanced
    /// start at it (step 3), without the sweeps and the passes after them (steps 4-6): those
    /// move items within that height only, so a trial that needs the drawing's size alone (the
    /// wrap search's, `WrappedPlacement.settles`) skips most of the work (the bench's random
    /// tree of 1,000 nodes: a quarter of the whole run's instructions). Where it
    /// `comparesWithDot` (the drawing of a tree nothing wraps, after the wrap search: its
    /// trials are not, so that the size they measure is the same in the page's port), a small
    /// tree is drawn as well centred as Graphviz dot would draw it where that costs little
    /// height (`centredAsDot`).
    static func centers(of sections: PlacementColumns, heights: [Double], padding: Double, sweeps: Int = 12,
                        standIns: [Bool] = [], memberEnds: MemberEnds? = nil, settles: Bool = true,
                        comparesWithDot: Bool = false) -> [Double]? {
        guard sections.numberOfItems > 0 else { return [] }
        return CompactConstraints.with(sections: sections, heights: heights, padding: padding) { constraints in
            // (A tidy placement of the same columns is a start for taller drawings and for the
            // drawn one of a small tree: made only if one is tried, and once.)
            var tidyMade: [Double]?
            let tidy = {
                if tidyMade == nil { tidyMade = TidyPlacement.centers(of: sections, heights: heights, padding: padding) }
                return tidyMade!
            }
            guard var placed = centers(constraints, padding: padding, sweeps: sweeps, standIns: standIns, memberEnds: memberEnds,
                                       settles: settles, comparesWithDot: comparesWithDot, tidy: tidy) else {
                return nil
            }
            // (Before the last steps, which then find the room between the trees.)
            ForestBands.separate(&placed, columns: sections, heights: heights, padding: padding)
            guard settles else { return placed }
            placed.withUnsafeMutableBufferPointer {
                if constraints.count <= relaxedItems {
                    let children = constraints.childStarts.base
                    SiblingGaps.close($0.baseAddress!, constraints, wider: siblingGapPitches * meanPitch(constraints, padding: padding)) { parent in
                        guard let memberEnds else { return (0, 0) }
                        return (memberEnds.ends(of: Int(children[parent])).first, memberEnds.ends(of: Int(children[parent + 1]) - 1).last)
                    }
                }
                if let memberEnds { centreParentsOnOnlyBlocks($0.baseAddress!, constraints, memberEnds: memberEnds) }
                levelNearlyLevelPairs($0.baseAddress!, constraints, memberEnds: memberEnds)
                straightenBentLinks($0.baseAddress!, constraints, memberEnds: memberEnds)
            }
            // The tidy placement itself, where it is as high and reads better (Python's `ftplib`
            // classes: `Error` 25 px above its four children's middle, in the tidy placement's
            // very height). (A forest's trees in their bands, as the placement's.)
            if triesTidyPlacement(count: constraints.count, settles: settles, standIns: standIns, memberEnds: memberEnds) {
                var tidyDrawn = tidy()
                ForestBands.separate(&tidyDrawn, columns: sections, heights: heights, padding: padding)
                if readsBetter(tidyDrawn, than: placed, constraints) { return tidyDrawn }
            }
            return placed
        }
    }

    /// Whether an item can move to a centre within the drawing's extent (as placed when made)
    /// and its separations from its neighbours in its column (as they are when asked).
    struct ColumnRoom {
        let c: UnsafeMutablePointer<Double>
        let constraints: CompactConstraints
        private(set) var top = Double.infinity, bottom = -Double.infinity

        init(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints) {
            self.c = c
            self.constraints = constraints
            let h = constraints.heights.base
            for item in 0..<constraints.count { top = min(top, c[item] - h[item] / 2); bottom = max(bottom, c[item] + h[item] / 2) }
        }

        func hasRoom(_ item: Int, at y: Double) -> Bool {
            let h = constraints.heights.base, before = constraints.separationBefore.base
            guard y - h[item] / 2 >= top - 1e-9, y + h[item] / 2 <= bottom + 1e-9 else { return false }
            if !constraints.isFirstInSection(item) && y - c[item - 1] < before[item] - 1e-9 { return false }
            if !constraints.isLastInSection(item) && c[item + 1] - y < before[item + 1] - 1e-9 { return false }
            return true
        }
    }

    /// Moves a parent whose only child is a block to the middle of that block's members (its
    /// first panel's rows), where its column leaves room within the drawing's extent. The
    /// constraints keep an only child level with its parent, so such a parent sat at the block's
    /// middle: a JSON document's root 4,850 points below its first children, beside the empty
    /// room of the panels further on (which are reached along the line over the block). The
    /// parent moves with the chain of only children it ends (they share its centre), where each
    /// has room; a parent further up that this takes out of its children's span follows to
    /// their middle where it has room, or nothing moves. One pass in item order, chains and
    /// ancestors followed at most `levelledChain` items, so O(n).
    static func centreParentsOnOnlyBlocks(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints,
                                          memberEnds: MemberEnds) {
        let children = constraints.childStarts.base, parents = constraints.parentOfItem.base
        let room = ColumnRoom(c, constraints)
        func hasRoom(_ item: Int, at y: Double) -> Bool { room.hasRoom(item, at: y) }
        func isOnlyChild(_ item: Int) -> Bool {
            let parent = Int(parents[item])
            return parent >= 0 && children[parent + 1] - children[parent] == 1
        }
        // Each move, to be undone where a parent further up cannot follow.
        var moved: [(item: Int, center: Double)] = []
        /// Moves `item` and the chain of only children it ends (level with it) to `y` where each
        /// has room; returns the chain's head.
        func moveChain(endingAt item: Int, to y: Double) -> Int? {
            var head = item, length = 1
            while isOnlyChild(head) && abs(c[Int(parents[head])] - c[item]) <= 0.01 && length < levelledChain {
                head = Int(parents[head]); length += 1
            }
            var member = head
            while true {
                guard hasRoom(member, at: y) else { return nil }
                if member == item { break }
                member = Int(children[member])
            }
            member = head
            while true {
                moved.append((member, c[member]))
                c[member] = y
                if member == item { break }
                member = Int(children[member])
            }
            return head
        }
        /// Where a parent's children's members begin and end (a block's first and last rows).
        func span(_ parent: Int) -> (low: Double, high: Double) {
            let first = Int(children[parent]), last = Int(children[parent + 1]) - 1
            return (c[first] + memberEnds.ends(of: first).first, c[last] + memberEnds.ends(of: last).last)
        }
        for (index, item) in memberEnds.items.enumerated() {
            let block = Int(item)
            guard isOnlyChild(block) else { continue }
            let parent = Int(parents[block]), target = c[block] + (memberEnds.first[index] + memberEnds.last[index]) / 2
            guard abs(target - c[parent]) > 0.01, abs(c[parent] - c[block]) <= 0.01 else { continue }
            moved.removeAll(keepingCapacity: true)
            guard var head = moveChain(endingAt: parent, to: target) else { continue }
            // A parent further up that the move took out of its children's span follows to
            // their middle, where it has room (a folder whose leaves sit high and whose only
            // folder's block of panels starts there too); else nothing moves.
            var followed = true, levels = 0
            while case let above = Int(parents[head]), above >= 0 {
                let (low, high) = span(above)
                if c[above] >= low - 1e-9 && c[above] <= high + 1e-9 { break }
                levels += 1
                guard levels <= levelledChain, let next = moveChain(endingAt: above, to: (low + high) / 2) else { followed = false; break }
                head = next
            }
            if !followed { for move in moved.reversed() { c[move.item] = move.center } }
        }
    }

    /// Makes a parent and a child that are nearly level (nearer than
    /// `SchematicLayout.levelStubDistance` but not level) level, where their columns leave room
    /// within the drawing's extent: an elbow reaches such a child straight from its parent's
    /// line, which would otherwise be drawn a few pixels aslant. The parent moves to its child
    /// (which puts it no further outside its children's span), unless it is a root, is level
    /// with its own parent, or would then be nearly level with it; then, or where the parent has
    /// no room, the child moves. An item moves with the chain of only children below it level
    /// with it (an overhanging block's stand-ins are such a chain; a bent link ends it), and only where
    /// every one of them has room; a block child is not levelled (its bus enters level with the
    /// parent anyway). One pass in item order (parents before children); chains of at most
    /// `levelledChain` items, so O(n).
    static func levelNearlyLevelPairs(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints,
                                      memberEnds: MemberEnds?) {
        let count = constraints.count
        let children = constraints.childStarts.base, parents = constraints.parentOfItem.base
        let level = 0.01
        func isNear(_ a: Double, _ b: Double) -> Bool {
            let distance = abs(a - b)
            return distance > level && distance < SchematicLayout.levelStubDistance
        }
        let room = ColumnRoom(c, constraints)
        func hasRoom(_ item: Int, at y: Double) -> Bool { room.hasRoom(item, at: y) }
        /// Moves `item` and the chain of only children below it level with it (an overhanging
        /// block's stand-ins are such a chain; one bent off the chain's line stays) to `y`, if
        /// each has room there and the chain is at most `levelledChain` long.
        func moveWithOnlyChildren(_ item: Int, to y: Double) -> Bool {
            var member = item, length = 1
            while true {
                guard hasRoom(member, at: y) else { return false }
                guard children[member + 1] - children[member] == 1, abs(c[Int(children[member])] - c[member]) <= level else { break }
                member = Int(children[member])
                length += 1
                if length > levelledChain { return false }
            }
            member = item
            for step in 0..<length {
                c[member] = y
                if step + 1 < length { member = Int(children[member]) }
            }
            return true
        }
        for parent in 0..<count {
            let first = Int(children[parent]), end = Int(children[parent + 1])
            guard first < end else { continue }
            // Only the nearest child can be nearly level: siblings are a pitch apart.
            var child = first
            for other in first + 1 ..< end where abs(c[other] - c[parent]) < abs(c[child] - c[parent]) { child = other }
            guard isNear(c[child], c[parent]) else { continue }
            if let memberEnds, memberEnds.ends(of: child) != (0, 0) { continue }
            let grandparent = Int(parents[parent])
            let parentMoves = grandparent >= 0 && abs(c[grandparent] - c[parent]) > level
                && !isNear(c[grandparent], c[child])
            if !(parentMoves && moveWithOnlyChildren(parent, to: c[child])) {
                _ = moveWithOnlyChildren(child, to: c[parent])
            }
        }
    }

    /// Makes a parent level with its only child where the relaxation bent their link (a row
    /// apart, `CompactConstraints.relaxedSpans`) and the columns now leave room for it: the
    /// steps after the bends (a forest's bands, closed sibling gaps) free rows the bend was
    /// for (a compose file's `cache` 49 px above its `image` once the `volumes` tree moved below
    /// the services). The parent moves to its child where its own parent stays inside its
    /// children's span and that link does not become a level's few pixels aslant (as in
    /// `levelNearlyLevelPairs`; a root stays); else the child moves, with the chain of only
    /// children level with it, where the last of them stays inside its own children's span. A
    /// block child is left (its bus enters level with the parent anyway). One pass in item
    /// order, chains of at most `levelledChain` items, so O(n).
    static func straightenBentLinks(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints,
                                    memberEnds: MemberEnds?) {
        let children = constraints.childStarts.base, parents = constraints.parentOfItem.base
        let level = 0.01, near = SchematicLayout.levelStubDistance
        let room = ColumnRoom(c, constraints)
        func isInsideSpan(_ item: Int, at y: Double) -> Bool {
            let first = Int(children[item]), end = Int(children[item + 1])
            return first == end || (y >= c[first] - 1e-9 && y <= c[end - 1] + 1e-9)
        }
        for parent in 0..<constraints.count where children[parent + 1] - children[parent] == 1 {
            let child = Int(children[parent]), target = c[child]
            guard abs(target - c[parent]) >= near else { continue }
            if let memberEnds, memberEnds.ends(of: child) != (0, 0) { continue }
            let grandparent = Int(parents[parent])
            if grandparent >= 0 && abs(c[grandparent] - c[parent]) > level && !(abs(c[grandparent] - target) < near)
                && room.hasRoom(parent, at: target) {
                let old = c[parent]
                c[parent] = target
                if isInsideSpan(grandparent, at: c[grandparent]) { continue }
                c[parent] = old
            }
            // The child's chain of only children level with it, each with room at the parent's level.
            let y = c[parent]
            var member = child, length = 1
            while true {
                guard room.hasRoom(member, at: y) else { break }
                guard children[member + 1] - children[member] == 1, abs(c[Int(children[member])] - c[member]) <= level else {
                    if isInsideSpan(member, at: y) {
                        var moving = child
                        for step in 0..<length {
                            c[moving] = y
                            if step + 1 < length { moving = Int(children[moving]) }
                        }
                    }
                    break
                }
                member = Int(children[member])
                length += 1
                if length > levelledChain { break }
            }
        }
    }

    /// `centers(of:…)` with the constraints made (they borrow the caller's arrays).
    private static func centers(_ constraints: CompactConstraints, padding: Double, sweeps: Int, standIns: [Bool],
                                memberEnds: MemberEnds?, settles: Bool, comparesWithDot: Bool, tidy: () -> [Double]) -> [Double]? {
        let count = constraints.count
        func isStandIn(_ item: Int) -> Bool { !standIns.isEmpty && standIns[item] }
        let sectionCount = constraints.sectionCount
        let sweeps = sweepCount(count: count, requested: sweeps)
        let starts = constraints.sectionStarts.base, children = constraints.childStarts.base
        let h = constraints.heights.base

        // Heights: the stacked columns' (the least any placement has) and, with every parent
        // inside its span and only children aligned, the longest chains of constraints from the
        // top and from the bottom, to each item.
        var stackedHeight = 0.0
        for section in 0..<sectionCount {
            var stack = 0.0
            for item in Int(starts[section])..<Int(starts[section + 1]) { stack += h[item] + padding }
            stackedHeight = max(stackedHeight, stack)
        }
        // What every placement shares: the constraints' order and the sweeps' offsets, made
        // once (a big tree's on two cores at once: they are independent).
        let offsets: CompactSweeps.Offsets
        if count < CompactConstraints.parallelItems {
            offsets = CompactSweeps.Offsets(constraints, memberEnds: memberEnds)
        } else {
            nonisolated(unsafe) let shared = constraints
            nonisolated(unsafe) var made: CompactSweeps.Offsets?
            DispatchQueue.concurrentPerform(iterations: 2) { task in
                if task == 0 { _ = shared.topologicalOrder } else { made = CompactSweeps.Offsets(shared, memberEnds: memberEnds) }
            }
            offsets = made!
        }
        let meanPitch = meanPitch(constraints, padding: padding)
        let noSlack = CompactConstraints.Slack.none()
        // Optional, so that a tree placed at the tight height frees them before the sweeps.
        var fromTop: PlacementBuffer<Double>?, fromBottom: PlacementBuffer<Double>?
        (fromTop, fromBottom) = constraints.lowest(slack: noSlack)
        let tightHeight = constraints.extent(fromTop!)
        let relaxes = tightHeight > stackedHeight + 0.5 && count <= relaxedItems

        /// The tidy placement, once made: where a taller drawing starts (`tallerHeights`), and
        /// the drawn one's second start (`seedsTidy`).
        var tidyCentres: [Double]?
        /// Whether the balanced start is the tidy placement clamped at the tight height too.
        var seedsTidy = false
        let triesTidyStart = triesTidyPlacement(count: count, settles: settles, standIns: standIns, memberEnds: memberEnds)
        /// The balanced start at one slack (the average of the lowest and highest centres; taller
        /// than the tight height, the tidy placement within them), and its height budget.
        func start(height: Double, slack: CompactConstraints.Slack) -> (centers: [Double], budget: Double)? {
            // (Bent chains keep their group, each member at its offset: `Slack.chainOffsets`.)
            let isTight = slack.isZero
            let low: PlacementBuffer<Double>, mirroredLow: PlacementBuffer<Double>
            if isTight {
                low = fromTop!
                mirroredLow = fromBottom!
            } else {
                (low, mirroredLow) = constraints.lowest(slack: slack)
            }
            // (The tight lowest centres' extent is the tight height, found once.)
            let budget = max(height, isTight ? tightHeight : constraints.extent(low))
            var centers = [Double](repeating: 0, count: count)
            centers.withUnsafeMutableBufferPointer { centers in
                let c = centers.baseAddress!, l = low.base, m = mirroredLow.base
                if budget > tightHeight + 0.5 || seedsTidy, let tidy = tidyCentres {
                    // The lowest and highest centres and the tidy ones all keep every constraint
                    // but the height (differences of two centres, bounds), so the tidy centres
                    // clamped between the others do too, at this height. Taller than the tight
                    // height, they keep most of the tidy placement's centring, which the sweeps
                    // from the balanced start do not find (a dendrogram's spines).
                    for item in 0..<count {
                        let high = max(l[item], budget - m[item])
                        c[item] = min(max(tidy[item], l[item]), high)
                    }
                } else {
                    for item in 0..<count {
                        let high = max(l[item], budget - m[item])
                        c[item] = (l[item] + high) / 2
                    }
                }
            }
            return (centers, budget)
        }

        /// The placement at one slack: the balanced start, then the centring sweeps; the one
        /// drawn (`isFinal`) also has far subtrees pulled back, up to `relaxedItems` items (the
        /// pass and its sweeps cost a big tree a third more; the trials only judge a height).
        func placed(height: Double, slack: CompactConstraints.Slack, sweeps sweepsHere: Int = sweeps, isFinal: Bool = false) -> [Double]? {
            // Unsettled, the drawn placement is its balanced start (see `settles`).
            let sweepsHere = isFinal && !settles ? 0 : sweepsHere
            guard case (var centers, let budget)? = start(height: height, slack: slack) else { return nil }
            // Without relaxation steps, the tight lowest and highest centres are not read again
            // (but by the second start): freed before the sweeps (a big tree's peak memory).
            if !relaxes && !triesTidyStart { fromTop = nil; fromBottom = nil }
            centers.withUnsafeMutableBufferPointer { centers in
                let sweeper = CompactSweeps(constraints, offsets: offsets, slack: slack, budget: budget)
                sweeper.run(centers.baseAddress!, sweeps: sweepsHere)
                // Subtrees the sweeps could not bring back to their parents, moved whole; then
                // the sweeps centre around them again.
                // (Twice: a parent the sweeps move after the first round may leave a clade far again.)
                for _ in 0..<(isFinal && settles && count <= relaxedItems ? farSubtreeRounds : 0) {
                    guard FarSubtrees.pull(centers.baseAddress!, constraints, offsets: offsets, farther: farSubtreePitches * meanPitch) else { break }
                    sweeper.run(centers.baseAddress!, sweeps: min(sweepsHere, farSubtreeSweeps))
                }
            }
            return centers
        }

        /// How a placement reads: parents of several children beyond their span, only children
        /// off their parent's level, and the mean distance of parents from their children's middle.
        func reading(_ centers: [Double]) -> (outside: Int, offLevel: Int, meanOffset: Double) {
            let c = centers
            var outside = 0, offLevel = 0, parentCount = 0, total = 0.0
            for item in 0..<count {
                let firstChild = Int(children[item]), lastChild = Int(children[item + 1])
                guard firstChild < lastChild, !isStandIn(firstChild) else { continue }
                var first = c[firstChild], last = c[lastChild - 1]
                // (Adding the zero ends of children without members would change nothing.)
                if let ends = offsets.childEnds(ofParent: item) {
                    first += ends.first
                    last += ends.last
                }
                total += abs(c[item] - (first + last) / 2)
                parentCount += 1
                guard c[item] < first - 1 || c[item] > last + 1 else { continue }
                if lastChild - firstChild == 1 { offLevel += 1 } else { outside += 1 }
            }
            return (outside, offLevel, parentCount == 0 ? 0 : total / Double(parentCount))
        }

        // The height: span constraints give way one step at a time, where that shortens the
        // drawing most (`relaxedSpans`, at most one parent in `freedParents`); of those steps the
        // most whose placement still reads (`readingLimits`: sweeps bring many freed parents
        // back inside their span), by bisection, and of equal heights the fewest steps.
        /// The drawn placement at one height: in a small tree, made from the tidy placement too
        /// (clamped to the height), and that one drawn where it reads better. The sweeps keep
        /// a placement near its start, and the balanced start lies half-way between the lowest
        /// and highest centres, not centred (Python's `http` classes: parents 12.7 px from their
        /// children's middle, 10.1 from the tidy start; dot, 12.6).
        func drawn(height: Double, slack: CompactConstraints.Slack) -> [Double]? {
            guard let plain = placed(height: height, slack: slack, isFinal: true) else { return nil }
            guard triesTidyStart else { return plain }
            let before = tidyCentres
            tidyCentres = tidy()
            seedsTidy = true
            let better: [Double]
            if let seeded = placed(height: height, slack: slack, isFinal: true), readsBetter(seeded, than: plain, constraints) {
                better = seeded
            } else {
                better = plain
            }
            tidyCentres = before
            seedsTidy = false
            return comparesWithDot ? centredAsDot(better, height: height, slack: slack) ?? better : better
        }

        /// Where Graphviz's dot would centre parents better than `placement` (its drawing
        /// estimated: `DotEstimate`), the lowest of a few taller drawings from the tidy placement
        /// that centres them as well within about dot's extent, with no more parents outside
        /// their span nor only children off level; else nil. The relaxation and the sweeps make
        /// a drawing short first, so a small tree could be drawn smaller than dot's but further
        /// off-centre (Python's `optparse` classes left to right: 14.0 px at 0.82 of dot's
        /// area; 7.0, dot's, at its area). Where the relaxation left more parents outside or
        /// only children off level than dot's drawing has, the placement without it is tried
        /// first, from the tight height (`argparse`'s classes: two links bent, 24.6 px at 0.84
        /// of dot's area; none, 0.0 px at its area; dot bends one, 22.0 px). Only in a small tree
        /// (`dotEstimateItems`) without wrapped blocks nor a fan `auto` wraps (the wrap search
        /// chose its drawing over wrapped ones at the size it measured), and one tree (a
        /// forest's are moved into bands after).
        func centredAsDot(_ placement: [Double], height drawnHeight: Double, slack: CompactConstraints.Slack) -> [Double]? {
            guard count <= dotEstimateItems, sectionCount > 0, starts[1] == 1 else { return nil }
            for item in 0..<count where children[item + 1] - children[item] >= Int32(WrapPlan.autoFanTiers[0]) { return nil }
            let separation = constraints.separationBefore.base
            let estimate = DotEstimate.centers(count: count, childStarts: { Int(children[$0]) },
                                               isFirstInColumn: { constraints.isFirstInSection($0) },
                                               separationBefore: { separation[$0] })
            // (Both have the same parents: their offsets are compared in all.)
            let dot = plainReading(estimate, constraints), own = plainReading(placement, constraints)
            // (Parents outside their span and only children off level: the relaxation's.)
            let strays = !slack.isZero && own.outside + own.offLevel > dot.outside + dot.offLevel
            guard own.offset > dot.offset || strays else { return nil }
            let before = tidyCentres
            tidyCentres = tidy()
            seedsTidy = true
            defer { tidyCentres = before; seedsTidy = false }
            /// The lowest placement at `base` × (1 + `centringStep` × step) with `slack` within
            /// about dot's extent that `reads` well enough, if any. (A placement may be lower
            /// than its height: the extent is what is compared.)
            func lowest(from base: Double, steps: ClosedRange<Int>, slack: CompactConstraints.Slack,
                        reads: (_ read: (extent: Double, outside: Int, offLevel: Int, offset: Double)) -> Bool) -> [Double]? {
                for step in steps {
                    guard let candidate = placed(height: base * (1 + centringStep * Double(step)), slack: slack, isFinal: true) else { return nil }
                    let read = plainReading(candidate, constraints)
                    guard read.extent <= dotExtentShare * dot.extent else { return nil }
                    if reads(read) { return candidate }
                }
                return nil
            }
            // Where the relaxation left more of them than dot's drawing has, the placement without
            // it first, from the tight height.
            if strays, let unrelaxed = lowest(from: max(drawnHeight, tightHeight), steps: 0...centringSteps, slack: noSlack, reads: {
                $0.offset <= dot.offset && $0.outside + $0.offLevel <= dot.outside + dot.offLevel
            }) {
                return unrelaxed
            }
            guard own.offset > dot.offset else { return nil }
            return lowest(from: drawnHeight, steps: 1...centringSteps, slack: slack) {
                $0.offset <= dot.offset && $0.outside <= own.outside && $0.offLevel <= own.offLevel
            }
        }

        guard relaxes else { return drawn(height: tightHeight, slack: noSlack) }
        var parentCount = 0
        for item in 0..<count where children[item + 1] > children[item] && !isStandIn(Int(children[item])) { parentCount += 1 }
        var pitch = 0.0, pitched = 0
        for item in 0..<count where !isStandIn(item) { pitch += h[item] + padding; pitched += 1 }
        pitch /= Double(max(1, pitched))
        var limits = readingLimits(parents: parentCount, pitch: pitch, trees: sectionCount > 0 ? Int(starts[1]) : 0)
        // The typical row (the median box): a few tall boxes (a README's paragraphs) would
        // otherwise let parents stray by many ordinary rows.
        var boxHeights: [Double] = []
        boxHeights.reserveCapacity(count)
        for item in 0..<count where !isStandIn(item) { boxHeights.append(h[item]) }
        boxHeights.sort()
        let typicalPitch = (boxHeights.isEmpty ? 0 : boxHeights[(boxHeights.count - 1) / 2]) + padding
        // An only child may leave its parent's level (as dot drops one a row beside a fan),
        // but not a stand-in (its block's bus enters level with the parent) nor a block.
        let (steps, heights) = constraints.relaxedSpans(limit: max(1, parentCount / freedParents, limits.leftLevel),
                                                        floor: stackedHeight,
                                                        reliefLimit: typicalPitch * farthestOutside,
                                                        fromTop: fromTop!, fromBottom: fromBottom!,
                                                        bendable: { child in
            !isStandIn(child) && !(memberEnds?.hasMembers(child) ?? false)
        })
        // A tree whose tight placement is already off-centre by more than the limit (a
        // caterpillar phylogeny top to bottom: wide labels, each parent beside its subtree) may
        // be made shorter as long as its parents stay about as near their children's middle.
        // The tight placement is made only when a candidate first fails on its offset alone.
        var widenedByTight = false, tightOffset: Double?
        let readingOffset = limits.meanOffset
        /// Whether the placement after the first `steps` reads (judged after `trialSweeps` sweeps:
        /// how a placement reads is settled by then).
        func reads(_ done: Int) -> Bool {
            guard let candidate = placed(height: heights[done], slack: constraints.slack(after: steps[..<done]),
                                         sweeps: min(sweeps, trialSweeps)) else { return false }
            let read = reading(candidate)
            guard read.outside <= limits.outside && read.outside + read.offLevel <= max(limits.outside, limits.leftLevel) else { return false }
            if read.meanOffset > limits.meanOffset && !widenedByTight {
                widenedByTight = true
                if let tight = placed(height: heights[0], slack: noSlack, sweeps: min(sweeps, trialSweeps)) {
                    tightOffset = reading(tight).meanOffset
                    limits.meanOffset = max(limits.meanOffset, tightOffset! * tightOffsetGain)
                }
            }
            return read.meanOffset <= limits.meanOffset
        }
        var chosen = 0
        if !steps.isEmpty {
            if reads(steps.count) {
                chosen = steps.count
            } else {
                var low = 0, high = steps.count
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if reads(middle) { low = middle } else { high = middle }
                }
                chosen = low
            }
            // Of the steps whose heights are within `fewerParentsShare` of the chosen one's, the
            // fewest: a parent outside its span for a few pixels less is a poor trade.
            let within = heights[chosen] * (1 + fewerParentsShare)
            while chosen > 0 && heights[chosen - 1] <= within { chosen -= 1 }
        }
        // A tree whose tight placement is off-centre beyond the limit may read within it a
        // little taller, from the tidy placement: the lowest such height, if any, rather than
        // shorter ones as far off-centre (a dendrogram of 1,707 packages, 155 deep: 28 px
        // tight against a limit of 26, 16 px a tenth taller, 44 px at two thirds of the
        // height; Graphviz's dot, 20 px a fifth taller).
        // Not in a tree with a fan `auto` wraps (or with wrapped blocks): its drawings are
        // compared by the wrap search, which one made taller than its tight height misled (a
        // tree of 405 nodes with fans of 12 to 40 drawn 27% larger, further off-centre).
        // (Looked for only where a taller drawing would be tried: every other placement, the
        // wrap search's trials among them, skips the pass.)
        func wrapsFans() -> Bool {
            if standIns.contains(true) || !(memberEnds?.items.isEmpty ?? true) { return true }
            let widest = Int32(WrapPlan.autoFanTiers[0])
            for item in 0..<count where children[item + 1] - children[item] >= widest { return true }
            return false
        }
        if let tightOffset, tightOffset > readingOffset, !wrapsFans() {
            tidyCentres = tidy()
            for share in tallerHeights {
                let height = heights[0] * (1 + share)
                guard let candidate = placed(height: height, slack: noSlack, sweeps: min(sweeps, trialSweeps)),
                      reading(candidate).meanOffset <= readingOffset else { continue }
                return placed(height: height, slack: noSlack, isFinal: true)
            }
            tidyCentres = nil
        }
        return drawn(height: heights[chosen], slack: constraints.slack(after: steps[..<chosen]))
    }

    /// Trees of up to this many items try the tidy placement as the drawn placement's start
    /// and as the drawing itself (`readsBetter`): trees a reader follows whole, where a
    /// parent off-centre shows; the second drawn placement costs the bench's random tree of
    /// 1,000 nodes less than its noise.
    static let tidyStartItems = 2_000

    /// Whether a placement tries the tidy placement (`tidyStartItems`): only the drawn one
    /// (`settles`) of a tree without wrapped blocks, whose stand-ins and members the tidy
    /// placement does not keep.
    static func triesTidyPlacement(count: Int, settles: Bool, standIns: [Bool], memberEnds: MemberEnds?) -> Bool {
        settles && count <= tidyStartItems && standIns.isEmpty && memberEnds == nil
    }

    /// Whether `candidate` reads better than `placed`: as high (within half a pixel either way,
    /// so that the drawing's size is what the wrap search measured), no more parents outside
    /// their span nor only children off level, and parents nearer their children's middle by
    /// half a pixel in all.
    static func readsBetter(_ candidate: [Double], than placed: [Double], _ constraints: CompactConstraints) -> Bool {
        let new = plainReading(candidate, constraints), old = plainReading(placed, constraints)
        guard abs(new.extent - old.extent) <= 0.5 else { return false }
        return new.outside <= old.outside && new.offLevel <= old.offLevel && new.offset < old.offset - 0.5
    }

    /// A placement's extent and how it reads without wrapped blocks (`triesTidyPlacement`):
    /// parents more than a pixel outside their children's span (`offLevel` for an only child's),
    /// and the sum of the parents' distances from their first and last child's middle.
    static func plainReading(_ c: [Double], _ constraints: CompactConstraints)
        -> (extent: Double, outside: Int, offLevel: Int, offset: Double) {
        let h = constraints.heights.base, children = constraints.childStarts.base
        var top = Double.infinity, bottom = -Double.infinity
        var outside = 0, offLevel = 0, offset = 0.0
        for item in 0..<constraints.count {
            top = min(top, c[item] - h[item] / 2)
            bottom = max(bottom, c[item] + h[item] / 2)
            let firstChild = Int(children[item]), lastChild = Int(children[item + 1])
            guard firstChild < lastChild else { continue }
            let first = c[firstChild], last = c[lastChild - 1]
            offset += abs(c[item] - (first + last) / 2)
            guard c[item] < first - 1 || c[item] > last + 1 else { continue }
            if lastChild - firstChild == 1 { offLevel += 1 } else { outside += 1 }
        }
        return (bottom - top, outside, offLevel, offset)
    }

    /// Trees of up to this many items are compared with Graphviz dot's drawing (estimated,
    /// `DotEstimate`, whose cost grows as the square of the items: about 3 ms at 150) and drawn
    /// as well centred where that costs little height (`centredAsDot`).
    static let dotEstimateItems = 150
    /// How much taller than dot's estimated drawing that taller drawing may be (the estimate's
    /// extent is within 2% of dot's on most trees: -6.8% to +1.3% on 108 drawings).
    static let dotExtentShare = 1.02
    /// The taller drawings tried: the tight height times 1 + `centringStep` × 1…`centringSteps`.
    static let centringStep = 0.05
    static let centringSteps = 20

    /// How far from its place among its siblings (centred on their parent) a subtree must lie,
    /// in mean pitches of the columns, for `FarSubtrees` to move it back.
    static let farSubtreePitches = 3.0

    /// The mean of the items' heights and padding: the pitch of a column, on average.
    static func meanPitch(_ constraints: CompactConstraints, padding: Double) -> Double {
        let h = constraints.heights.base
        var total = 0.0
        for item in 0..<constraints.count { total += h[item] + padding }
        return total / Double(max(1, constraints.count))
    }

    /// How much wider than their separation, in mean pitches of the columns, a gap between
    /// two siblings must be for `SiblingGaps` to close it.
    static let siblingGapPitches = 3.0

    /// Rounds of `FarSubtrees` and its sweeps, while a round moves something.
    static let farSubtreeRounds = 2

    /// Centring sweeps after `FarSubtrees` moved something.
    static let farSubtreeSweeps = 3

    /// The longest chain of only children `levelNearlyLevelPairs` moves with an item.
    static let levelledChain = 64

    /// Centring sweeps: as requested, but at most three beyond 50,000 items (as for
    /// `relaxedItems`). Big random trees read almost as well after three as after twelve (mean
    /// parent offset 24.05 px against 23.83 at 1,000,000 nodes; 20.48 against 20.26 at 100,000),
    /// and each sweep costs as much as the rest of the placement.
    static func sweepCount(count: Int, requested: Int) -> Int { count <= 50_000 ? requested : min(requested, 3) }

    /// One parent in this many (at least one) may give way in `relaxedSpans`, about as many as
    /// `readingLimits` lets end outside their span (every freed parent does on phylogenies;
    /// in a tree of fewer than 12 parents, a step is kept only where the sweeps bring its
    /// parent back inside).
    static let freedParents = 12

    /// How much taller than the chosen step's a drawing with fewer steps (fewer parents outside
    /// their span) may be and still be taken instead: the last steps of a relaxation often gain
    /// a few pixels each (a binary marsupial taxonomy: steps 8 to 18 free nine more parents for
    /// 98 px of 5,055).
    static let fewerParentsShare = 0.02

    /// How far beyond its children's span a parent may give way, in typical rows (the median
    /// box and padding): about as far as Graphviz's dot lets one go (1 to 2.5 rows on
    /// phylogenies of 160 to 658 leaves).
    static let farthestOutside = 2.5

    /// How much further from their children's middle than in the tight placement parents may
    /// lie, on average, in a shorter one (where the tight placement is beyond `readingLimits`'
    /// mean offset already). A caterpillar phylogeny of 420 leaves top to bottom: 72 px tight,
    /// 73–76 px at every step down to 0.6 of the height (Graphviz's dot: 80 px), all refused.
    static let tightOffsetGain = 1.1

    /// How much taller than the tight height a drawing whose tight placement reads beyond
    /// `readingLimits`' offset may be made instead, tried in turn: about as much as Graphviz's
    /// dot is taller than the tight height on such trees (a fifth on a dendrogram of 1,707
    /// packages, either orientation). Not always: a single-linkage dendrogram of 900 leaves,
    /// whose dot drawing is shorter than its tight height, is drawn 1.39 times dot's area
    /// (1.08 before), its parents 11 px from their children's middle (48 before, dot's 48).
    /// Not in trees with fans `auto` wraps (their drawings are compared by the wrap search).
    static let tallerHeights = [0.05, 0.1, 0.15, 0.2]

    /// Centring sweeps of the placements the bisection only judges.
    static let trialSweeps = 3

    /// Trees beyond this many items take the tight placement only: one placement, as fast as
    /// can be.
    static let relaxedItems = 50_000

    /// The most parents outside their span, and the largest mean offset, a placement may have.
    /// One parent in 12 (none in a tree of fewer than 12 parents: a small drawing has the room
    /// to keep each with its children, where one left outside is plain to see; a 16-class tree
    /// had a parent 49 px above both its children to save one row), and 0.7 of the mean pitch
    /// of a column after the
    /// `trialSweeps` a candidate is judged by (the chosen one's twelve take it to about 0.6):
    /// less than Graphviz's dot allows itself on phylogenies (one parent in 6 to 10 outside on
    /// Yule and coalescent trees of 160 to 658 leaves, mean offset 0.75 to 0.85 of a pitch),
    /// which are the trees that need it. (A binary marsupial taxonomy is the exception found:
    /// dot lets only one parent in 38 out.)
    /// An only child may leave its parent's level in a small tree too (`leftLevel`, in all
    /// with the parents outside): one from 4 parents, two from 8, as dot drops one a
    /// row beside a fan; two such links side by side are what keeps a class tree's column of
    /// 15 from closing up (wsgiref's, 26 classes: 1.14 times dot's area with none). Not in a
    /// forest: its trees are moved apart into bands after the placement (`ForestBands`), so a
    /// bend that let one tree reach into another's rows shortens nothing drawn (a compose
    /// file's `db` had its image's only child a row below for no row saved).
    static func readingLimits(parents: Int, pitch: Double, trees: Int = 1) -> (outside: Int, leftLevel: Int, meanOffset: Double) {
        (parents / 12, trees > 1 ? 0 : min(2, parents / 4), pitch * 0.7)
    }
}
