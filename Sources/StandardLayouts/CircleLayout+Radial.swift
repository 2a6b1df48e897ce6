import CollectionLayout
import Hierarchy
import SchematicLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Boxes along the radii: rings spaced by the boxes' lengths, wide fans of leaves on bands or sub-rings.
extension CircleLayout {
    /// Boxes along the radii: each ring's boxes start at its radius and point outwards, so a
    /// ring needs each box's height around it and its widest box's width across it.
    ///
    /// Rings are first spaced by their widest boxes and grown together until the wedges, each
    /// the angle its box's height (and the padding) needs at its ring's radius, fit the circle.
    /// With the angles fixed, each ring then shrinks to the least radius at which neighbouring
    /// boxes keep `itemPadding` apart (two boxes starting at radius `r`, `Δ` apart, are apart by
    /// `r·sin Δ` at their inner ends and more beyond) and clear the ring inside by `ringPadding`,
    /// or the recipe's radius if that is more. A single root sits upright at the centre.
    ///
    /// The angles are found two ways, and the drawing with the smaller content is kept: each
    /// subtree in a wedge of its own (`RingAngles.wedges`), or as a tidy tree's columns in arc
    /// units (`RingAngles.tidy`), where a subtree further out may use the angle beside a leaf
    /// nearer the centre (each leaf keeping its own on the next ring: `radialShadows`; much
    /// smaller on phylogenies, wedges smaller on some deep or single-fan trees; beyond
    /// `subringTrials` items, wedges only). How many bands (sub-rings beyond `subringTrials`
    /// items) wide fans take is chosen per ring by an estimate; with up to `subringTrials`
    /// items, the drawing is also made with small fans banded as lists too (`staggerWideFans`'
    /// `smallFans`), by the estimate (up to four bands a ring, once up to `mostBands`, and where
    /// a ring would take more than that, once up to `mostBandsOfHugeFans`) and
    /// with every ring's fans on the same number of bands (one to four), both ways, and the one
    /// with the smallest content is kept (the estimate's wedges without small fans on a tie, as
    /// when every drawing fits the view; the estimate does not see how one ring's wedges crowd
    /// another's).
    func placeAlongRadii() {
        guard dataController.numberOfItems <= Self.subringTrials else { return placeAlongRadii(turns: nil, angles: .wedges) }
        var best: (turns: Int?, angles: RingAngles, smallFans: Bool, mostTurns: Int, area: Double)?
        let trials: [(turns: Int?, smallFans: Bool, mostTurns: Int)] = [
            (nil, false, 4), (nil, true, 4), (nil, true, Self.mostBands), (nil, true, Self.mostBandsOfHugeFans),
            (1, true, 4), (2, true, 4), (3, true, 4), (4, true, 4),
        ]
        /// Whether the drawing with up to `mostBands` had a ring that would take more.
        var wantsMoreBands = false
        for angles in [RingAngles.wedges, .tidy] {
            for trial in trials {
                // (Else the same drawing as with up to `mostBands`.)
                if trial.mostTurns == Self.mostBandsOfHugeFans && !wantsMoreBands { continue }
                placeAlongRadii(turns: trial.turns, angles: angles, smallFans: trial.smallFans, mostTurns: trial.mostTurns)
                if trial.turns == nil && trial.mostTurns == Self.mostBands { wantsMoreBands = bandsReachedTheirMost }
                let area = contentSize.width * contentSize.height
                if best == nil || area < best!.area * (1 - 1e-9) { best = (trial.turns, angles, trial.smallFans, trial.mostTurns, area) }
            }
        }
        if best!.turns != 4 || best!.angles != .tidy {
            placeAlongRadii(turns: best!.turns, angles: best!.angles, smallFans: best!.smallFans, mostTurns: best!.mostTurns)
        }
    }

    /// How the rings' angles are found.
    enum RingAngles {
        /// Each subtree in its own angular wedge, as wide as its box or its children's wedges.
        case wedges
        /// A tidy tree's columns (`TidyColumns`), each box as tall as the arc it needs.
        case tidy
    }

    /// The most bands a ring's estimate may choose in one of `placeAlongRadii`'s drawings (four
    /// in the others, and beyond `subringTrials` items, where fans take turns on sub-rings
    /// instead). A folder of 1,140 libraries on four bands drew 3.2 times the columns' area, on
    /// six 2.0; ISO 3166-2 (5,328 items) 3.1, where four bands at most drew 4.2.
    static let mostBands = 6

    /// The most bands a ring's estimate may choose in one more drawing, made only where some
    /// ring would take more than `mostBands`: a folder of 17,961 manual pages on six bands
    /// went round a ring 58,000 px out (`/usr/share/man` 20.7 times the columns' area), on as
    /// many as its estimate finds least 2.6.
    static let mostBandsOfHugeFans = 64

    /// Items up to which `placeAlongRadii` tries bands, every number of them and both ways of
    /// finding the angles (beyond, the wedges with each ring's own number of sub-rings: one
    /// placement, as before the tidy angles, whose stand-ins cost half as much memory again,
    /// and no band's arcs of up to 120 corners a leaf). The trials cost about ten times the one
    /// placement (a random tree of 50,000 nodes: 0.51 s, not 55 ms) and draw trees of thousands
    /// of items far smaller: ISO 3166-2 16.7 times the columns' area on sub-rings, 3.1 on bands;
    /// all of `/usr/include` (9,177 entries) 14.6 → 4.6, `tree -L 3 /usr/share` (32,328) 144 → 27.
    static let subringTrials = 50_000

    /// Boxes along the radii, with every ring's wide fans on `turns` sub-rings (nil: each
    /// ring's own estimate), the angles found `ringAngles`' way.
    private func placeAlongRadii(turns forcedTurns: Int?, angles ringAngles: RingAngles, smallFans: Bool = false,
                                 mostTurns: Int = 4) {
        let sectionCount = numberOfSections
        let count = dataController.numberOfItems
        let padding = configuration.itemPadding, ringPadding = configuration.ringPadding
        let singleRoot = items(inSection: 0).count == 1
        let rootReach = singleRoot ? hypot(itemSizes[0].width, itemSizes[0].height) / 2 : 0
        // Per ring: the longest box (its reach across the ring, corners included) and the tallest.
        var longest = [Double](repeating: 0, count: sectionCount), tallest = longest
        for section in 0..<sectionCount {
            for item in items(inSection: section) {
                longest[section] = max(longest[section], itemSizes[item].width)
                tallest[section] = max(tallest[section], itemSizes[item].height)
            }
        }
        let thickness = staggerWideFans(longest: longest, singleRoot: singleRoot, turns: forcedTurns,
                                        banded: count <= Self.subringTrials, smallFans: smallFans, mostTurns: mostTurns)
        /// Where the ring after `section` may start at the least: past its outermost boxes' far
        /// corners (or the root's box) and the ring padding.
        func clearance(after section: Int, radius: Double) -> Double {
            if section == 0 && singleRoot { return rootReach + ringPadding }
            return hypot(radius + thickness[section], tallest[section] / 2) + ringPadding
        }
        // The drawing's size is the outermost ring's, so the angles are found with every ring
        // pushed out against the next (their boxes' lengths and the padding apart): the further
        // out a ring, the less angle its boxes need. The outermost radius grows until the wedges
        // fit the circle; the rings come back in below.
        let first = singleRoot ? 1 : 0
        var least = [Double](repeating: 0, count: sectionCount)
        for section in 0..<sectionCount {
            least[section] = section == 0 ? (singleRoot ? 0 : max(tallest[0] + padding, ringPadding))
                : clearance(after: section - 1, radius: least[section - 1])
        }
        func packed(outermost: Double) -> [Double] {
            var radii = least
            guard let last = radii.indices.last else { return radii }
            radii[last] = max(outermost, least[last])
            for section in stride(from: last - 1, through: first, by: -1) {
                let reach = radii[section + 1] - ringPadding
                let inside = (reach * reach - tallest[section] * tallest[section] / 4).squareRoot() - thickness[section]
                radii[section] = max(least[section], inside)
            }
            return radii
        }
        var aroundLast = 0.0
        for item in items(inSection: sectionCount - 1) { aroundLast += (itemSizes[item].height + padding) * wedgeShares[item] }
        var outermost = max(least[sectionCount - 1], aroundLast / (2 * Double.pi))
        var radii = packed(outermost: outermost)
        switch ringAngles {
        case .wedges:
            var wedges = radialWedges(radii: radii)
            for _ in 0..<60 where wedges.total > 2 * Double.pi * (1 + 1e-9) {
                // Angles shrink about as the radii grow: grow what lies beyond the innermost ring's start.
                let base = radii[first] > 0 ? outermost - radii[first] : 0
                outermost = base + (outermost - base) * wedges.total / (2 * Double.pi) + 1e-9 * outermost
                radii = packed(outermost: outermost)
                wedges = radialWedges(radii: radii)
            }
            computeAngles(wedges: wedges.sizes)
        case .tidy:
            // Each box as tall as the arc it needs at the outermost ring (its angle there).
            var arcs = radialArcs(radii: radii, unit: outermost)
            var tidy = TidyColumns.centers(of: dataController, heights: arcs, shadows: radialShadows(radii: radii, unit: outermost, arcs: arcs))
            for _ in 0..<60 where tidy.extent > 2 * Double.pi * outermost * (1 + 1e-9) {
                let base = radii[first] > 0 ? outermost - radii[first] : 0
                outermost = base + (outermost - base) * tidy.extent / (2 * Double.pi * outermost) + 1e-9 * outermost
                radii = packed(outermost: outermost)
                arcs = radialArcs(radii: radii, unit: outermost)
                tidy = TidyColumns.centers(of: dataController, heights: arcs, shadows: radialShadows(radii: radii, unit: outermost, arcs: arcs))
            }
            computeAngles(centers: tidy.centers, extent: tidy.extent)
        }
        let wedgeRadii = radii

        let scale = configuration.clampedScale
        var runCursor = 0
        for section in 0..<sectionCount {
            let range = items(inSection: section)
            var least = section == 0 ? (singleRoot ? 0 : padding) : clearance(after: section - 1, radius: radii[section - 1])
            if range.count > 1 && !(section == 0 && singleRoot) {
                // Each item against the following ones (the last and the first included) while
                // they are less than a quarter turn away; past 64 the wedges' radius is kept.
                let banded = !bandedRuns.isEmpty
                for item in range {
                    var other = item, walked = 0
                    let offset = subringOffsets[item]
                    while true {
                        other = other + 1 < range.upperBound ? other + 1 : range.lowerBound
                        if other == item { break }
                        var step = angles[other] - angles[item]
                        if step < 0 { step += 2 * Double.pi }
                        let needed = (itemSizes[item].height + itemSizes[other].height) / 2
                            + (banded && (isStaggered[item] || isStaggered[other]) ? bandPadding : padding)
                        if step >= Double.pi / 2 {
                            least = max(least, needed)
                            break
                        }
                        // (Offsets are not counted: the line clearance below holds at every sub-ring.)
                        if least * sin(step) >= tallest[section] + padding { break }
                        // Boxes on other sub-rings lie beyond or within these along the radius,
                        // but the outer one's line runs along its radius through the inner one's
                        // sub-ring: `lineClearance` clear of that box (the angles left the room
                        // at the radius they were found at, `radialAngles`; a ring drawn further
                        // in drew lines through boxes, 814 pieces on a folder of MIME types).
                        let outer = subringOffsets[other] > offset ? other : item
                        if subringOffsets[other] != offset && banded && runOfItem[outer] >= 0 {
                            // Bands lie apart along the radius (no line runs through one but a
                            // trunk in a lane, which the band padding keeps clear); but two
                            // runs' bands, each as deep as its own boxes, may reach alongside.
                            let near = min(offset, subringOffsets[other])
                            if max(offset, subringOffsets[other]) < near + (offset < subringOffsets[other] ? itemSizes[item].width : itemSizes[other].width) {
                                least = max(least, step > 0 ? needed / sin(step) - near : wedgeRadii[section])
                            }
                            walked += 1
                            if walked == 64 { least = max(least, wedgeRadii[section]); break }
                            continue
                        }
                        if subringOffsets[other] != offset {
                            let inner = subringOffsets[other] < offset ? other : item
                            if step > 0 { least = max(least, (itemSizes[inner].height / 2 + Self.lineClearance) / sin(step) - subringOffsets[inner]) }
                            walked += 1
                            if walked == 64 { least = max(least, wedgeRadii[section]); break }
                            continue
                        }
                        least = max(least, step > 0 ? needed / sin(step) - offset : wedgeRadii[section])
                        walked += 1
                        if walked == 64 { least = max(least, wedgeRadii[section]); break }
                    }
                }
            }
            // (Runs are made ring by ring: those of this ring follow the cursor.)
            while runCursor < bandedRuns.count && Int(sectionOfItems[bandedRuns[runCursor].first]) <= section {
                let run = bandedRuns[runCursor]
                if run.bandStarts.count > 2 && Int(sectionOfItems[run.first]) == section {
                    least = max(least, leastRadiusClearingTrunk(of: run, ring: range))
                }
                runCursor += 1
            }
            let target = recipeRadius(ofSection: section, singleRoot: singleRoot) - thickness[section] / 2
            radii[section] = max(least, target * min(scale, 1))
        }
        // The rings inside the outermost spread evenly out to it, as radial trees draw them: the
        // drawing keeps its size, and fans get room between rings instead of a crowded centre.
        if let last = radii.indices.last, last > 0 {
            let first = singleRoot ? 1 : 0
            let span = Double(last - (singleRoot ? 0 : -1))
            for section in first..<last {
                let even = radii[last] * Double(section + (singleRoot ? 0 : 1)) / span
                radii[section] = max(radii[section], even,
                                     section > 0 ? clearance(after: section - 1, radius: radii[section - 1]) : 0)
            }
            radii[last] = max(radii[last], clearance(after: last - 1, radius: radii[last - 1]))
        }
        if scale > 1 { for section in 0..<sectionCount { radii[section] *= scale } }
        ringRadii = radii
        ringOuterRadii = (0..<sectionCount).map { section in
            section == 0 && singleRoot ? rootReach : radii[section] + thickness[section]
        }

        if configuration.rotation == nil && count <= Self.subringTrials {
            turnToLeastContent(radii: radii, singleRoot: singleRoot)
        }
        // Each box's centre half its length out from its ring, turned along its radius (half a
        // turn more on the left, so that its text reads left to right).
        turns = [Double](repeating: 0, count: count)
        var left = 0.0, right = 0.0, top = 0.0, bottom = 0.0
        var centers = [Point](repeating: .zero, count: count)
        for section in 0..<sectionCount {
            for item in items(inSection: section) {
                let size = itemSizes[item]
                var extentX = size.width / 2, extentY = size.height / 2
                if !(section == 0 && singleRoot) {
                    let angle = angles[item]
                    let distance = radii[section] + subringOffsets[item] + size.width / 2
                    centers[item] = Point(x: distance * cos(angle), y: distance * sin(angle))
                    turns[item] = cos(angle) < -1e-12 ? angle + Double.pi : angle
                    let c = abs(cos(angle)), s = abs(sin(angle))
                    extentX = c * size.width / 2 + s * size.height / 2
                    extentY = s * size.width / 2 + c * size.height / 2
                }
                let point = centers[item]
                left = min(left, point.x - extentX)
                right = max(right, point.x + extentX)
                top = min(top, point.y - extentY)
                bottom = max(bottom, point.y + extentY)
            }
        }
        placeInContent(centers: centers, drawn: (left, right, top, bottom))
    }

    /// Turns every angle by the multiple of `fittingTurnStep` below a quarter turn that gives the
    /// least content (the drawn boxes' bounding box and the margins, or the view if larger),
    /// where that saves at least `fittingTurnGain` of it (a round drawing keeps the recipe's
    /// angles). O(n) per turn tried.
    private func turnToLeastContent(radii: [Double], singleRoot: Bool) {
        let count = dataController.numberOfItems
        var distances = [Double](repeating: 0, count: count), cosines = distances, sines = distances
        for section in 0..<numberOfSections where !(section == 0 && singleRoot) {
            for item in items(inSection: section) {
                distances[item] = radii[section] + subringOffsets[item] + itemSizes[item].width / 2
                cosines[item] = cos(angles[item])
                sines[item] = sin(angles[item])
            }
        }
        let rootHalf = singleRoot ? (itemSizes[0].width / 2, itemSizes[0].height / 2) : (0, 0)
        func content(turn: Double) -> Double {
            let turnCosine = cos(turn), turnSine = sin(turn)
            var left = -rootHalf.0, right = rootHalf.0, top = -rootHalf.1, bottom = rootHalf.1
            for item in (singleRoot ? 1 : 0)..<count {
                let c = cosines[item] * turnCosine - sines[item] * turnSine
                let s = sines[item] * turnCosine + cosines[item] * turnSine
                let size = itemSizes[item], distance = distances[item]
                let extentX = abs(c) * size.width / 2 + abs(s) * size.height / 2
                let extentY = abs(s) * size.width / 2 + abs(c) * size.height / 2
                left = min(left, distance * c - extentX); right = max(right, distance * c + extentX)
                top = min(top, distance * s - extentY); bottom = max(bottom, distance * s + extentY)
            }
            return max(configuration.viewSize.width, right - left + 2 * configuration.margin)
                * max(configuration.viewSize.height, bottom - top + 2 * configuration.margin)
        }
        let unturned = content(turn: 0)
        var best = (turn: 0.0, content: unturned)
        for step in 1..<Int((90 / Self.fittingTurnStep).rounded()) {
            let turn = Double(step) * Self.fittingTurnStep * Double.pi / 180
            let area = content(turn: turn)
            if area < best.content { best = (turn, area) }
        }
        guard best.content <= unturned * (1 - Self.fittingTurnGain) else { return }
        for item in 0..<count { angles[item] += best.turn }
        for run in bandedRuns.indices { bandedRuns[run].start += best.turn }
    }

    /// The turns `turnToLeastContent` tries, in degrees, and the least share of the content a
    /// turn must save.
    static let fittingTurnStep = 2.0
    static let fittingTurnGain = 0.02

    /// Each item's arc for radial labels: its angle (`radialAngles`) in arc length at radius
    /// `unit`; 0 at the centre.
    func radialArcs(radii: [Double], unit: Double) -> [Double] {
        radialAngles(radii: radii).map { $0 * unit }
    }

    /// How far a line to a box on an outer sub-ring passes at least from a box on an inner one:
    /// a stroke and a half, clear of it to the eye (the line is no neighbouring box, which keeps
    /// the padding).
    static let lineClearance = 3.0

    /// Each item's angle for radial labels: what its box's height and the padding need at its
    /// ring's radius (its share of it, on sub-rings); 0 at the centre. A leaf on a sub-ring
    /// within a neighbour's (one taking turns with it, up to a round of turns away) takes at
    /// least what keeps that neighbour's line, which runs along the neighbour's radius through
    /// this sub-ring, `lineClearance` clear of its box: a box of two or three lines among
    /// one-line neighbours needs more than its share (a review's ISO 639-3 list drew 10
    /// connector pieces through one, a systemd folder 47).
    func radialAngles(radii: [Double]) -> [Double] {
        let sectionOf = sectionOfItems, padding = configuration.itemPadding
        let count = dataController.numberOfItems
        var angles = [Double](repeating: 0, count: count)
        /// The angle a length needs about a box's centre at this radius, from its middle.
        func halfAngle(_ length: Double, _ radius: Double) -> Double { length / 2 >= radius ? Double.pi / 2 : asin(length / 2 / radius) }
        for item in 0..<count {
            let radius = radii[Int(sectionOf[item])]
            guard radius > 0 else { continue }
            angles[item] = 2 * halfAngle(itemSizes[item].height + padding, radius + subringOffsets[item]) * wedgeShares[item]
        }
        for run in bandedRuns {
            let radius = radii[Int(sectionOf[run.first])]
            guard radius > 0 else { continue }
            let angle = bandedAngle(of: run, radius: radius)
            for item in run.first..<run.end { angles[item] = angle }
        }
        let turns = wedgeShares.reduce(1.0) { min($0, $1) }
        guard turns < 1 else { return angles }
        func isBanded(_ item: Int) -> Bool { !runOfItem.isEmpty && runOfItem[item] >= 0 }
        let reach = Int((1 / turns).rounded())
        var cleared = angles
        for item in 0..<count where isStaggered[item] && !isBanded(item) {
            let section = Int(sectionOf[item]), radius = radii[section] + subringOffsets[item]
            // From this box's middle to a neighbour's line: `lineClearance` past its edge.
            let needed = halfAngle(itemSizes[item].height + 2 * Self.lineClearance, radius)
            let range = items(inSection: section)
            // Neighbours around the ring, across fans (the turns run on across them).
            for direction in [-1, 1] {
                var between = 0.0
                var other = item
                for _ in 0..<min(reach, range.count - 1) {
                    other += direction
                    if other < range.lowerBound { other = range.upperBound - 1 } else if other >= range.upperBound { other = range.lowerBound }
                    // (A band beyond is reached by its bus, not along its radius.)
                    if subringOffsets[other] > subringOffsets[item] && !isBanded(other) {
                        cleared[item] = max(cleared[item], 2 * (needed - between - angles[other] / 2))
                    }
                    between += angles[other]
                }
            }
        }
        return cleared
    }

    /// Each leaf's shadow on the ring beyond its own (`TidyColumns`): the arc its box's height
    /// and the padding need there, so that no neighbour's child sits beyond it and no
    /// neighbour's connector crosses the box, which reaches into that ring's annulus; 0 on the
    /// outermost ring and for items with children. A banded leaf's shadow is at least its own
    /// arc (`arcs`, each item's at `unit`: `radialArcs`), so that the run's shadows cover it.
    func radialShadows(radii: [Double], unit: Double, arcs: [Double]) -> [Double] {
        let sectionOf = sectionOfItems, childStarts = dataController.childStarts
        var shadows = [Double](repeating: 0, count: dataController.numberOfItems)
        for item in shadows.indices where childStarts[item] == childStarts[item + 1] {
            let section = Int(sectionOf[item])
            guard section + 1 < radii.count, radii[section + 1] > 0 else { continue }
            let half = (itemSizes[item].height + configuration.itemPadding) / 2 / radii[section + 1]
            shadows[item] = (half >= 1 ? Double.pi : 2 * asin(half)) * unit
        }
        // A banded run's boxes reach through the whole ring across its angle: its shadows
        // cover it all.
        if !bandedRuns.isEmpty {
            for run in bandedRuns where Int(sectionOf[run.first]) + 1 < radii.count {
                for item in run.first..<run.end { shadows[item] = max(shadows[item], arcs[item]) }
            }
        }
        return shadows
    }

    /// Each item's angular wedge for radial labels: the angle its box's height and the padding
    /// need at its ring's radius (its share of it, on sub-rings), or its children's together.
    func radialWedges(radii: [Double]) -> (sizes: [Double], total: Double) {
        let angles = radialAngles(radii: radii)
        return angularWedges(radii: radii) { item, _ in angles[item] }
    }

    /// Wide fans of leaves fill several bands (`banded`, `CircleLayout+Bands`) or take turns
    /// on several sub-rings, as `--wrap` stacks them in columns: such a ring needs a fraction
    /// of their heights around it, for a few box lengths across. Per ring, the number of bands
    /// or sub-rings (1 to `mostTurns`) that makes the ring's own estimate (what its boxes need
    /// around it, plus its thickness) least; runs of at least twice that many leaves among siblings fill
    /// them, in order (`turns`, if given, instead of every ring's estimate). With `smallFans`
    /// (banded), a parent's whole fan of as many leaves as that fills them too, as a list
    /// along its radius (`BandedRun.listed`), where the parent's own ring has no bands (a line
    /// from a parent among outer bands to its fan's trunk crossed them): hundreds of folders of
    /// two to four files otherwise need all their files around one ring. Sets
    /// `subringOffsets`, `isStaggered`, `wedgeShares` and the banded runs; returns each ring's
    /// thickness along the radius.
    func staggerWideFans(longest: [Double], singleRoot: Bool, turns forcedTurns: Int? = nil, banded: Bool = false,
                         smallFans: Bool = false, mostTurns: Int = 4) -> [Double] {
        let count = dataController.numberOfItems, sectionCount = numberOfSections
        let childStarts = dataController.childStarts
        let padding = configuration.itemPadding
        subringOffsets = [Double](repeating: 0, count: count)
        isStaggered = [Bool](repeating: false, count: count)
        wedgeShares = [Double](repeating: 1, count: count)
        bandedRuns = []
        bandsReachedTheirMost = false
        runOfItem = banded ? [Int32](repeating: -1, count: count) : []
        func isLeaf(_ item: Int) -> Bool { childStarts[item] == childStarts[item + 1] }
        /// Calls `body` with every run of consecutive leaf siblings in a section (its first item and length).
        func forEachLeafRun(inSection section: Int, _ body: (Int, Int) -> Void) {
            let range = items(inSection: section)
            var item = range.lowerBound
            while item < range.upperBound {
                guard isLeaf(item) else { item += 1; continue }
                let parent = dataController.parentOfItem[item]
                var end = item + 1
                while end < range.upperBound && isLeaf(end) && dataController.parentOfItem[end] == parent && parent >= 0 { end += 1 }
                body(item, end - item)
                item = end
            }
        }
        var thickness = longest
        /// Per ring, whether some item of it is on a band or sub-ring (set as the rings are done).
        var ringHasBands = [Bool](repeating: false, count: sectionCount)
        /// Whether a run of `length` leaves from `first` fills `turns` bands or sub-rings: twice
        /// as many leaves as turns, or (banded, `smallFans`) a parent's whole fan of as many as
        /// turns, the parent's own ring without bands.
        func fills(_ turns: Int, first: Int, length: Int) -> Bool {
            if length >= 2 * turns { return true }
            guard banded && smallFans, length >= turns else { return false }
            let parent = Int(dataController.parentOfItem[first])
            guard parent >= 0, !ringHasBands[Int(sectionOfItems[parent])] else { return false }
            return Int(childStarts[parent]) == first && Int(childStarts[parent + 1]) == first + length
        }
        for section in 0..<sectionCount where !(section == 0 && singleRoot) && section > 0 {
            var total = 0.0
            for item in items(inSection: section) { total += itemSizes[item].height + padding }
            var best = (turns: 1, estimate: total / (2 * Double.pi) + longest[section], radius: total / (2 * Double.pi))
            // The ring's runs and what each needs around it, found once for every number of turns.
            var runs: [(first: Int, length: Int, around: Double)] = []
            forEachLeafRun(inSection: section) { first, length in
                var around = 0.0
                for item in first..<first + length { around += itemSizes[item].height + padding }
                runs.append((first, length, around))
            }
            for turns in 2...max(2, mostTurns) {
                var saved = 0.0
                for run in runs where fills(turns, first: run.first, length: run.length) { saved += run.around * (1 - 1 / Double(turns)) }
                let estimate = (total - saved) / (2 * Double.pi) + Double(turns) * longest[section] + Double(turns - 1) * padding
                if estimate < best.estimate - 1 { best = (turns, estimate, (total - saved) / (2 * Double.pi)) }
            }
            if let forcedTurns { best.turns = forcedTurns } else if best.turns == mostTurns { bandsReachedTheirMost = true }
            guard best.turns > 1 else { continue }
            // Runs long enough for bands fill them (`bandedRun`, up to `subringTrials` items);
            // the others take turns on sub-rings.
            var staggers = false
            for (first, length, _) in runs where fills(best.turns, first: first, length: length) {
                let parent = Int(dataController.parentOfItem[first])
                let wholeFan = parent >= 0 && Int(childStarts[parent]) == first && Int(childStarts[parent + 1]) == first + length
                if banded, var run = bandedRun(first: first, length: length, bands: best.turns, radius: best.radius,
                                                step: longest[section] + bandGap, wholeFan: wholeFan) {
                    run.listed = length < 2 * best.turns
                    // Each band as deep as its own longest box.
                    var offset = 0.0
                    for band in 0..<best.turns {
                        var deepest = 0.0
                        for item in run.bandStarts[band]..<run.bandStarts[band + 1] {
                            isStaggered[item] = true
                            wedgeShares[item] = 1 / Double(best.turns)
                            subringOffsets[item] = offset
                            runOfItem[item] = Int32(bandedRuns.count)
                            deepest = max(deepest, itemSizes[item].width)
                        }
                        offset += deepest + bandGap
                    }
                    bandedRuns.append(run)
                    continue
                }
                staggers = true
                for item in first..<first + length {
                    isStaggered[item] = true
                    wedgeShares[item] = 1 / Double(best.turns)
                }
            }
            var reach = longest[section]
            for item in items(inSection: section) { reach = max(reach, subringOffsets[item] + itemSizes[item].width) }
            ringHasBands[section] = items(inSection: section).contains { isStaggered[$0] }
            thickness[section] = reach
            // (A ring whose fans are too short for that many turns keeps its thickness.)
            guard staggers else { continue }
            // In turn along the ring, across fans too; after a box that takes no turns (or
            // fills a band), the next starts one sub-ring out, so that neighbours never share a
            // sub-ring.
            let step = longest[section] + padding
            var phase = 0
            for item in items(inSection: section) {
                if isStaggered[item] && (runOfItem.isEmpty || runOfItem[item] < 0) {
                    subringOffsets[item] = Double(phase % best.turns) * step
                    phase += 1
                } else {
                    phase = 1
                }
            }
            thickness[section] = max(reach, Double(best.turns - 1) * step + longest[section])
        }
        return thickness
    }

    /// Where a box meets its radius: its inner end (`outer` false) or outer end, in content
    /// coordinates; nil for a box that is not turned along a radius (the centre root, upright boxes).
    func radialEnd(ofItem item: Int, outer: Bool) -> Point? {
        guard configuration.labelDirection == .radial else { return nil }
        let section = Int(sectionOfItems[item])
        if section == 0 && items(inSection: 0).count == 1 { return nil }
        let distance = ringRadii[section] + subringOffsets[item] + (outer ? itemSizes[item].width : 0)
        return Point(x: center.x + distance * cos(angles[item]), y: center.y + distance * sin(angles[item]))
    }
}
