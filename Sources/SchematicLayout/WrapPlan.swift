import Hierarchy

/// Wide fans of leaves wrapped into blocks: a run of consecutive leaf children of one parent
/// (or leaf roots: the roots are a fan too) is laid out in its section as `columns` sub-columns of `rows` rows, in order down each
/// sub-column then across (column-major). Each sub-column is led by a gutter for the bus that
/// reaches its children, so the block is `Σ (gutter + sub-column width)` wide. Rows are as
/// tall as their tallest member, so a row reads across; left to right, members of uneven
/// heights stack in their sub-columns instead where that is shorter (`WrapPlan+Stacking`).
///
/// Only leaves wrap this way: a child with children needs the next column aligned to it. A
/// child with a small subtree wraps with its subtree, as panels (*nesting blocks*, below).
/// Everything is on flat arrays, built in O(n) (`auto` tries O(log n) row limits over the
/// runs only).
struct WrapPlan {
    /// Per block: its first global item, member count, rows and sub-columns.
    var firstItem: [Int32] = []
    var memberCount: [Int32] = []
    var rows: [Int32] = []
    var columns: [Int32] = []
    /// Per block, where its rows start in `rowOffsets`/`rowHeights` (one more entry at the end).
    var rowStart: [Int32] = [0]
    /// Each row's top from its block's top, and its height.
    var rowOffsets: [Double] = []
    var rowHeights: [Double] = []
    /// Per block, where its sub-columns start in `columnLefts`/`columnWidths` (one more at the end).
    var columnStart: [Int32] = [0]
    /// Each sub-column's left (after its gutter; a list in single file's first has none) from
    /// the block's left, and its width.
    var columnLefts: [Double] = []
    var columnWidths: [Double] = []
    /// Per block, where its sub-columns' splits start in `stackFirsts` where they are stacked
    /// (`appendStacked`; its rows are then its members, each at its own top), else -1.
    var stackStart: [Int32] = []
    var stackFirsts: [Int32] = []
    /// Per block, its size.
    var widths: [Double] = []
    var heights: [Double] = []
    /// Per global item, its block or -1.
    var blockOfItem: [Int32] = []
    /// The room left of each sub-column for its bus.
    let gutter: Double

    /// Nesting blocks (`nestingShape`): a run of a wide fan's children (or, with
    /// `NestingReach.topFans`, a top fan's; with `deepFans`, any fan's of four) that are leaves or
    /// *small subtrees* (a folder of files, a package with its modules, a class with a few
    /// subclasses: at most `largestNestedSubtree` nodes, `deepestNesting` levels below the
    /// child, and no fan of 12 children or more, which wraps on its own, unless
    /// `nestingReach` says otherwise) is laid out as panels side by side, each a short column of those children with
    /// their subtrees beside them, as the tree would draw them, so a fan of small folders
    /// (package folders, git's object folders, locales of three files) wraps too. The
    /// subtrees' items are the block's *inner* members, level by level in the sections after
    /// the block's (each level a contiguous run of items). Per block: how many inner levels it
    /// has (0 for a grid of leaves) and where they start in `levelFirst`/`levelCount`; where
    /// its members' offsets start in `memberXs`… (-1 for a grid, whose offsets follow from its
    /// rows and sub-columns); and where its panels' level columns start in `levelLefts`/
    /// `levelWidths` (`panel × (levels + 1) + level`).
    var nestLevels: [Int32] = []
    var levelStart: [Int32] = []
    var levelFirst: [Int32] = []
    var levelCount: [Int32] = []
    var offsetStart: [Int32] = []
    var panelLevelStart: [Int32] = []
    /// Per member of a nesting block (its own members, then each inner level's): its offset
    /// from the block's top left (centred in its panel's column of its level), its panel and
    /// its level (0 for the block's own members).
    var memberXs: [Double] = []
    var memberYs: [Double] = []
    var memberColumns: [Int32] = []
    var memberLevels: [Int32] = []
    /// Per panel and level of each nesting block: the level's column left (from the block's
    /// left) and width.
    var levelLefts: [Double] = []
    var levelWidths: [Double] = []
    /// The gap between a panel's levels (the columns' gap).
    let innerGap: Double
    /// Whether a run of leaf children inside a nesting block hangs as a list along the depth
    /// axis (top to bottom, as the columns hang them: `listLimit`), not side by side as a tidy
    /// tree lays a level (a label's width each, where a list item costs a label's height).
    let hangsLists: Bool
    /// Hanging lists: per list, its first item, its count, its left (its first gutter's, from
    /// the block's left), its top (from the block's top), its height, its rows, the middles of
    /// its first and last rows (from its top), and where its sub-columns' lefts start in
    /// `listColumnLefts` (each after its gutter, from the list's left). A list is laid out as a
    /// block of leaves (`shapedRows`: a long list hangs as several side by side), in order down
    /// each sub-column then across; each sub-column led by a gutter for its bus. Per global item,
    /// its list or -1 (empty where no list hangs).
    var listFirst: [Int32] = []
    var listCount: [Int32] = []
    var listLefts: [Double] = []
    var listTops: [Double] = []
    var listHeights: [Double] = []
    var listRows: [Int32] = []
    var listRowMiddles: [(first: Double, last: Double)] = []
    var listColumnStart: [Int32] = []
    var listColumnLefts: [Double] = []
    var listOfItem: [Int32] = []
    /// The fewest leaves that hang as a list (`shortestAutoRun`, or `longerHangingList`).
    let shortestHangingList: Int

    /// The fewest leaves that hang as a list in a plan reworked with longer lists
    /// (`WrappedPlacement.longerLists`): a pair then lies side by side, a level lower than
    /// hanging (a row of panels is as tall as its tallest).
    static let longerHangingList = 3

    /// The fewest leaves that hang as a list in a plan reworked with no lists at all
    /// (`WrappedPlacement.listsSideBySide`): every run of leaves lies side by side, a level
    /// lower than its parent, as a tidy tree lays it.
    static let noHangingList = Int(Int32.max)

    /// Whether the plan made again with lists of `longerHangingList` at least would differ: some
    /// list hangs shorter.
    var longerListsDiffer: Bool { listsDiffer(shortest: WrapPlan.longerHangingList) }

    /// Whether the plan made again with lists of `shortest` leaves at least would differ: some
    /// list hangs shorter.
    func listsDiffer(shortest: Int) -> Bool {
        hangsLists && shortestHangingList < shortest && listCount.contains { Int($0) < shortest }
    }
    /// A run's lists hang about this many times as long as they are broad side by side: only a
    /// long run hangs as several lists (top to bottom drawings are short of breadth, not depth).
    /// Measured on 143 directories top to bottom: 3 draws them 1.4% smaller than 4 on the
    /// geometric mean (17 smaller by over 5%, 6 larger; `/usr/share/perl` 0.79), 3.5 no smaller.
    static let hangingListLength = 3.0
    /// The panel heights `auto` tries for nesting blocks, as shares of a square block's.
    static let nestingShapes = [0.5, 0.75, 1, 1.5, 2]
    /// The row limits nesting is tried at, as multiples of the best drawing's without it: that
    /// drawing's lists and blocks were shaped for its breadth, and panels make it narrower, so
    /// more rows (top to bottom, more and shorter lists) may now fit (Python's package tree top
    /// to bottom: 0.53 of the area nesting at its own limit alone drew).
    static let nestingRowLimitFactors = [1, 2, 4]
    /// A nesting drawing replaces the best drawing without nesting only if its longer side is
    /// at most this share of that one's: nesting squares a drawing by shortening it, not by
    /// lengthening its short side (a nested subtree's wide fan drawn as one long column).
    static let nestingShrink = 0.9
    /// …or, where that is not its longer side, if its breadth is at most `nestingShrink` of
    /// that one's and its depth at most this much longer (`WrapDrawing.nestingShortens`).
    static let nestingDepthGrowth = 1.02
    /// The factor between further panel heights tried beyond `nestingShapes`' lowest.
    static let nestingShapeStep = 0.7
    /// Each further panel height must shorten the drawing's longer side to this share.
    static let nestingShapeShrink = 0.95
    /// The most nodes a nested subtree has, and the most levels below its root.
    static let largestNestedSubtree = 120
    static let deepestNesting = 4
    /// Whether this plan nests subtrees (`nestingShape` was given and some run has one).
    private(set) var nestsFolders = false
    /// The most inner levels of any block.
    private(set) var deepestLevels = 0
    /// How tall a nesting block's panels are, as a share of a square block's.
    let nestingShape: Double
    /// Which subtrees nest (`NestingReach`).
    let nestingReach: NestingReach
    /// Whether a nesting block's lists may hang broader than its broadest panel where that
    /// makes the block smaller (`NestingLayout.shortenedLists`). Tried as a placement of its
    /// own, besides the plain plan (`WrappedPlacement.nestingPlacements`, `broadened`): whether
    /// the room beside a block is free shows only in the placement, and broader blocks in place
    /// of the plain ones would narrow what the panel heights try (a zoneinfo folder went from
    /// 1.83:1 to 1.18:1 at 1.2 times the area).
    let broadensBlocks: Bool
    /// Broadened blocks are tried only at panel heights whose drawing's page is at most this
    /// many times the best one's: on 35 trees broadening made a page 0.54 of what it was at the
    /// least, and none beyond 1.65 times the best became best (42% of the placements saved).
    static let broadeningPageReach = 2.0
    /// Whether this plan with `broadensBlocks` would lay some block out otherwise.
    private(set) var broadeningDiffers = false
    /// Whether a nesting block's panels break where that makes the block smaller, not
    /// balanced (`NestingLayout.shortestBreaks`): balanced panels put a short subtree beside a
    /// long one, each panel as long as its longest (glibc's locales top to bottom: rows as
    /// deep as `es`'s list beside singletons). Tried as placements of their own, besides the
    /// nesting placements near the best (`breakingPageReach`) and the best drawing
    /// (`WrappedPlacement.broken`): a smaller block changes what the search chooses.
    let breaksPanels: Bool
    /// Whether some block's panels broke otherwise than balanced (with `breaksPanels`).
    private(set) var breaksDiffer = false
    /// Whether a nesting block's panels are the fewest as broad filled in order, where that
    /// makes the block smaller (`NestingLayout.evenedPanels`): balanced by their subtrees'
    /// extents, panels are uneven once packed. Tried as placements of their own after the
    /// broken ones and on the best drawing (`WrappedPlacement.evened`), never instead of
    /// balanced: a smaller block need not make a smaller drawing (evening every balanced block
    /// made pypkgs top to bottom 1.03 times larger; evening among the breaks, locales 1.35).
    let evensPanels: Bool
    /// Whether some block's panels were evened (with `evensPanels`).
    private(set) var evensDiffer = false
    /// Each nesting placement within this many times the best one's page so far is tried with
    /// its panels broken too (`WrappedPlacement.broken`; breaking made a block at most 0.75 of
    /// its area on 40 trees, a drawing 0.88): a smaller block changes what the search chooses
    /// (glibc's locales top to bottom 0.88 of the area, against none breaking only the best).
    static let breakingPageReach = 1.25
    /// Whether a fan's narrower nesting blocks take more panels, as broad as its broadest block
    /// at most (`nestingLayouts`): blocks shaped each on its own leave the room beside the
    /// narrow ones empty (a class tree's fan of 200 cut into blocks by the subtrees too big to
    /// nest). Tried as a placement of its own (`WrappedPlacement.filled`): whether that room
    /// is free shows only placed.
    let fillsBlocks: Bool
    /// Whether this plan with `fillsBlocks` would lay some block out otherwise.
    private(set) var fillingDiffers = false
    /// Whether runs beside a deep, big sibling keep their shaped rows where blocks fill the
    /// room beside them (`runsBesideDeepSiblings`). Tried on the best drawing only
    /// (`WrappedPlacement.keptBesideDeepSiblings`): in the search it changed which row limit
    /// won (a class tree's drawing 15% larger, its parents further off-centre).
    let keepsBesideDeepSiblings: Bool
    /// The search's laid-out nesting blocks, if it keeps them (`NestingMemo`).
    private let nestingMemo: NestingMemo?
    /// Whether this plan with `keepsBesideDeepSiblings` would lay some block out otherwise.
    private(set) var keepingDiffers = false
    /// Per section, how far a nesting block there may reach along the depth axis, from the
    /// section's left (the drawing's depth left after it), or empty: a block narrower than that
    /// takes more panels, as long as it keeps within it and gets shorter (`appendNestingBlock`).
    /// Blocks shaped each on its own are as broad as their panels' shape makes them wherever the
    /// drawing's depth is set by other subtrees (`/usr/share/X11/xkb` top to bottom: the
    /// `geometry` and `keycodes` folders beside `symbols`, 0.91 of the area filled).
    /// Tried on the best drawing (`WrappedPlacement.filledToDepth`).
    let depthRoom: [Double]
    /// Whether, besides the fans this plan's reach nests, a fan of `topNestingFan` children or
    /// more (not the roots) nests its small subtrees (as `NestingReach.smallSubtrees` takes
    /// them) where a block of two panels or more fits its section's `depthRoom`; else they stay
    /// in the tree. Tried on the best drawing, after its blocks filled the depth
    /// (`WrappedPlacement.nestedInDepthRoom`): an API description's five operations of 15 to
    /// 19 nodes, one below the other beside the room its 35 shapes left, drew MediaStore Data's
    /// left to right 1.43 times dot's area, 1.09 in panels across that room.
    let nestsInDepthRoom: Bool
    /// Blocks are also tried reaching this many times the drawing's depth
    /// (`WrappedPlacement.filledBeyondDepth`): a drawing broader than `targetAspect` is
    /// squarer so (the AST's classes top to bottom: 1.53:1 to 1.23:1 at 0.94 of the area).
    /// Measured on 40 trees each way: 1.15 made none larger; 1.2 and 1.3 drew Maven's
    /// repository top to bottom 1.12 and 1.19 times as large (squarer, on a smaller page).
    static let depthRoomReach = 1.15
    /// How much larger a page the best drawing with runs kept beside deep siblings may have
    /// and still be taken (`tree /usr/lib/llvm-14`: 1.003).
    static let keptRowsPageGain = 1.02

    /// Which subtrees a nesting block takes, tried in this order (`topFans` and
    /// `forestTopFans` only where the drawing before them is beyond `readableAspect`): each reach
    /// takes every subtree the ones before it take, but `deepFans`, which leaves big subtrees
    /// in the tree, and `forestTopFans`, which takes `topFans`' and a forest's root's smaller fans.
    enum NestingReach: Int, CaseIterable, Sendable {
        /// Small subtrees without a fan of 12 children or more (such a fan wraps on its own).
        case smallSubtrees
        /// Small subtrees with such fans too, each drawn as one column in its panel (it cannot
        /// wrap there): where the fans' parents are many small subtrees side by side (an icon
        /// theme's size folders, each with a dozen category folders), nesting them squares
        /// the drawing where wrapping the fans alone cannot.
        case wideFans
        /// Subtrees of any size up to `deepestBigNesting` levels: a fan of big subtrees
        /// (a folder of Python packages, of git mirrors) is otherwise a column of them, as
        /// tall as all of them stacked, however their own fans wrap.
        case bigSubtrees
        /// As `bigSubtrees`, and at the top of the tree (the roots, a root's children) fans of
        /// `topNestingFan` children or more too: a document's sections, an org chart's
        /// departments set the drawing's breadth (a README's 11 sections top to bottom: 12.5:1).
        /// Tried only where the drawing is still beyond `readableAspect`; deeper small fans
        /// nest with `deepFans` only (a phylogeny's polytomies drawn as panels no longer read
        /// as one tree).
        case topFans
        /// Fans of `topNestingFan` children or more at any depth, with their small subtrees
        /// only (`largestDeepNestedSubtree` nodes): a subtree bigger than that is no panel but
        /// is drawn in the tree, where its own fans nest. Tried last: a deep, narrow tree (a
        /// Maven repository's folders, a nested JSON document) whose top fan holds one big
        /// subtree is otherwise that one subtree drawn flat in a panel (Maven's 18.9:1 top to bottom, 2.8:1 with it; a DNS
        /// zone's JSON 10.2:1, 8.7:1). Not a superset of the reaches before it: it leaves big
        /// subtrees out. Only for a smaller drawing (the DNS zone once went to 5:1 at 1.4 times
        /// the area), a fifth smaller and still within `readableAspect` where the drawing is
        /// within it (`WrapDrawing.deepNestingAreaLimit`; botocore's MediaStore Data API went
        /// from 3.0:1 to 4.1:1 at half the area, a quarter of it no longer blank but beyond
        /// 3:1), or one within it where the drawing is beyond
        /// (`WrapDrawing.readsWhereUnreadable`); in a tree without a fan of the first tier only
        /// far beyond it (`nestsDeepFans`).
        case deepFans
        /// As `deepFans`, with subtrees of up to `largestDeepBigNestedSubtree` nodes: where the
        /// packages under a deep fan are a little bigger (the Cloud SDK's `google` packages top
        /// to bottom: 4.9:1 with `deepFans`, 2.8:1 with this), tried after it.
        case deepBigFans
        /// As `deepBigFans`, with subtrees of up to `largestDeepLargeNestedSubtree` nodes, tried
        /// last: an API description's operations and shapes are fans of 10 to 50 subtrees of 30
        /// to 90 nodes each (botocore's Lambda 2014 top to bottom: 13:1 with `deepBigFans`,
        /// 1.7:1 with this). Tried after it, so that where it draws beyond `readableAspect` the
        /// smaller subtrees' drawing within it stays (the Cloud SDK's packages: 2.8:1, 5.0:1).
        /// Only in a tree with a fan of the first tier (`needsWideFan`): a random tree of 1,000
        /// nodes with fans of up to 9 drew the same in a fifth more time.
        case deepLargeFans
        /// As `topFans`, with a root's fan of `forestTopNestingFan` children or more in a forest
        /// (a document's top-level keys are its roots; one of them holding two or three big
        /// subtrees sets the drawing's breadth beside the others: boto3's resource models,
        /// `resources` over two to four resources, CloudWatch's 11.2:1 top to bottom). Tried
        /// where the drawing before the top reaches was beyond `readableAspect` (SNS's was 2.98:1
        /// once `topFans` nested), after every other reach, against the drawing they found, so
        /// that its panels cannot hide a better one (judged first, they drew a CloudFormation
        /// schema 1.2 times as large). Only where it nests such a fan (else its plan is `topFans`').
        case forestTopFans

        /// Whether this reach is tried only in a tree with a fan of `autoFanTiers[0]` children.
        var needsWideFan: Bool { self == .deepLargeFans }

        /// Whether this reach is tried in a tree with or without a fan of `autoFanTiers[0]`
        /// children (`hasWideFan`) whose drawing before it has this aspect: a deep one only
        /// where `nestsDeepFans`, one that `needsWideFan` only with such a fan.
        func isTried(hasWideFan: Bool, aspect: Double) -> Bool {
            (!isDeep || WrapPlan.nestsDeepFans(hasWideFan: hasWideFan, aspect: aspect)) && (!needsWideFan || hasWideFan)
        }

        /// The most nodes a subtree this deep reach nests has (0: not a deep reach).
        var largestDeepSubtree: Int {
            switch self {
            case .deepFans: WrapPlan.largestDeepNestedSubtree
            case .deepBigFans: WrapPlan.largestDeepBigNestedSubtree
            case .deepLargeFans: WrapPlan.largestDeepLargeNestedSubtree
            default: 0
            }
        }

        /// The fewest children of a fan whose subtrees nest with this reach.
        func nestingFan(topLevel: Bool) -> Int {
            switch self {
            case .topFans where topLevel, .deepFans, .deepBigFans, .deepLargeFans: WrapPlan.topNestingFan
            case .forestTopFans where topLevel: WrapPlan.forestTopNestingFan
            default: WrapPlan.autoFanTiers[0]
            }
        }

        /// Whether this reach nests the top of the tree's small fans, tried only where the
        /// drawing before the top reaches is beyond `readableAspect`.
        var isTop: Bool { self == .topFans || self == .forestTopFans }

        /// Whether this reach nests fans deep in the tree (`WrapDrawing.deepNestingAreaLimit`).
        var isDeep: Bool { largestDeepSubtree > 0 }
    }
    /// The most nodes a subtree nested with `NestingReach.deepFans` has: a bigger one stays in
    /// the tree, where its own fans nest, rather than lie flat in one broad panel (Maven's
    /// repository top to bottom: 4.3:1 with 20, 8.7:1 with 120; 12 and 30 both broader).
    static let largestDeepNestedSubtree = 20
    /// The most nodes a subtree nested with `NestingReach.deepBigFans` has.
    static let largestDeepBigNestedSubtree = 40
    /// The most nodes a subtree nested with `NestingReach.deepLargeFans` has.
    static let largestDeepLargeNestedSubtree = 100
    /// Whether deep fans may nest (`NestingReach.isDeep`) in a drawing of this aspect: in a tree
    /// with a fan of the first tier, or where the drawing is beyond `deepNestingAspect`. A tree
    /// without wide fans is read along its depth (a phylogeny with polytomies, 1:4.6 left to
    /// right, went to 1:2.7 with panels that broke its levels); Maven's `com` folder (widest
    /// fan 9) top to bottom was 14.6:1, 1.9:1 with them.
    static func nestsDeepFans(hasWideFan: Bool, aspect: Double) -> Bool {
        hasWideFan || misfit(aspect: aspect) > deepNestingAspect / targetAspect
    }
    /// The aspect ratio (either way) beyond which a tree without a fan of the first tier nests deep fans.
    static let deepNestingAspect = 6.0
    /// The largest share of a drawing's area within `readableAspect` a drawing nesting deep fans
    /// may have to replace it: Maven's repository left to right 1:2.97 -> 1:2.08 at 0.43 of the
    /// area, pkg_resources top to bottom 2.70:1 -> 1.50:1 at 0.74; ISO 3166-1 (0.92) and
    /// Python's modules (0.84) top to bottom read better with their regular rows of panels.
    static let deepNestingGain = 0.8
    /// The fewest children of a fan at the top of the tree whose subtrees nest (`NestingReach.topFans`).
    static let topNestingFan = 4
    /// The fewest children of a root's fan in a forest whose subtrees nest with
    /// `NestingReach.forestTopFans`.
    static let forestTopNestingFan = 2
    /// The most levels below its root a subtree nested with `NestingReach.bigSubtrees` has.
    static let deepestBigNesting = 8

    /// The aspect ratio (breadth over depth, in canonical axes) `auto` brings the drawing to at most.
    static let targetAspect = 2.0

    /// How much larger a drawing may grow when a lower row limit squares it: beyond that the
    /// limit only lengthens its short side (`/usr`'s first 80,000 entries, whose tallest
    /// columns hold folders, not blocks: 24 rows were estimated at 8 times the area of the
    /// blocks' own shapes, and drew 536,000 px wide; the man pages' 10,000 files in 8 rows).
    static let squaringAreaGrowth = 2.0
    /// `auto` judges row limits on real placements for trees of up to this many items…
    static let measuredChoiceItems = 50_000
    /// …beyond this many only when the estimate says some limit brings the drawing within
    /// `targetAspect` (a tree whose height comes from its subtrees, not its fans, cannot be
    /// squared by wrapping: more placements would only cost time); nesting is tried still,
    /// where a fan of 12 or more may nest (a fan of folders is squared only that way).
    static let alwaysMeasuredItems = 8_000

    /// The fan that makes nesting worth trying beyond `alwaysMeasuredItems`: one of a 200th of
    /// the items at least (and of the first tier). A fan of folders that sets the drawing's
    /// length is that broad (`/usr/include` 571 of 9,177 items, gcloud's `surface` 171 of 17,075);
    /// a random tree of 10,000 nodes, whose widest fan is 12, spent 0.3 s nesting for nothing.
    static func bigTreeNestingFan(items: Int) -> Int { max(autoFanTiers[0], items / 200) }
    /// Whether `auto`'s estimate brings the drawing within `targetAspect` (true for given limits).
    private(set) var estimateFits = true
    /// `auto` wraps leaves of fans of at least this many children, and of smaller fans, down to
    /// the last of these, only while the larger ones cannot bring the drawing to the target…
    static let autoFanTiers = [12, 6, 4, 2]
    /// Smaller fans wrap only for a real gain: in the estimate, a tier replaces the larger ones'
    /// drawing (or the unwrapped one) only on a page (`page`) at most this share of it (placed,
    /// the drawing without them need only be on a smaller page to replace them:
    /// `SchematicLayout.placeWrappedItemsChoosingRows`); and where the estimate's
    /// fans already bring the drawing to the target, smaller ones (down to the last tier) wrap
    /// too only when that leaves at most this share of the area. (A binary phylogeny's height
    /// comes from its subtrees: wrapping its few polytomies into blocks gains nothing, and a
    /// block's second sub-column reads as children of its first.)
    static let smallerFansGain = 0.9
    /// A drawing beyond `targetAspect` replaces one within it only if its page
    /// (`SchematicLayout.placeWrappedItemsChoosingRows`) is at most this share of the other's;
    /// one within it replaces one beyond it on a page up to the inverse of this larger.
    static let misfitGain = 0.9
    /// What the measured choice minimises between two drawings beyond `readableAspect` of
    /// square either way (any other pair is judged by its pages): the page, times the drawing's
    /// area over the page at that aspect, to the eighth power. Beyond it the page is set by the
    /// long side alone, and a list hanging far deeper than the rest of a broad drawing would
    /// never be split (that costs a little breadth and saves no page); this way halving the area
    /// is worth a page a tenth larger (2^(1/7)). A drawing within 3:1 is never traded for one
    /// beyond it on area. Square roots only: the same to the last bit in the page's script.
    static func cost(area: Double, page: Double) -> Double {
        let share = min(1, area * (readableAspect / targetAspect) / max(page, 1e-9))
        return page * share.squareRoot().squareRoot().squareRoot()
    }

    /// The aspect ratio (either way) beyond which drawings are judged by `cost`.
    static let readableAspect = 3.0
    /// How much larger a page a drawing within `readableAspect` may take to replace one beyond
    /// it: the page rule alone weighs a drawing beyond 3:1 by its area stretched to 2:1, as
    /// though a reader could follow it as well as one within 3:1.
    static let readableGain = 1.2
    /// A drawing no broader and no deeper than the best so far replaces it where its area is
    /// at most this share of the best's, whatever their pages (`WrapDrawing.replaces`).
    static let dominatingGain = 0.98
    /// Pages within this share of each other are the same page to a reader (fitted, their labels
    /// differ by less than a point in a hundred): the smaller drawing is the better one.
    static let samePage = 0.01
    /// Trees of up to this many items are not taken beyond `readableAspect` from a drawing
    /// within it by a drawing only smaller in both directions: their drawings stay within 3:1.
    static let readableTreeItems = 2_000

    /// Whether a drawing of this aspect is beyond `readableAspect` either way.
    static func isUnreadable(aspect: Double) -> Bool { misfit(aspect: aspect) > readableAspect / targetAspect }
    /// …with a row limit of at least this many rows (a block shaped by its own size may have
    /// fewer): three left to right, where one row would put siblings side by side where the next
    /// depth's column is; one top to bottom, where one row is a list hanging under its parent
    /// and a row costs a label's width (lists of lists are otherwise many times broader than deep).
    static func fewestAutoRows(_ configuration: SchematicLayoutConfiguration) -> Int {
        configuration.orientation.isVertical ? 1 : 3
    }

    /// Whether runs of leaves inside nesting blocks hang as lists (`hangsLists`): top to bottom.
    static func hangsLists(_ configuration: SchematicLayoutConfiguration) -> Bool { configuration.orientation.isVertical }

    /// The fewest leaves a run has for `auto` to wrap it: three left to right, where a pair side
    /// by side reads as a parent and its child; two top to bottom, where a pair is a short list.
    static func shortestAutoRun(_ configuration: SchematicLayoutConfiguration) -> Int {
        configuration.orientation.isVertical ? 2 : 3
    }

    /// How far a drawing of this aspect (breadth over depth) is beyond `targetAspect` of square,
    /// either way (at most 1 when within it).
    static func misfit(aspect: Double) -> Double {
        max(aspect / targetAspect, 1 / max(aspect * targetAspect, 1e-9))
    }

    /// The least page within `targetAspect` of square either way that holds a drawing: its area
    /// where it is within that, else its area times how far it is beyond (the square of its long
    /// side over the target). The smaller the page, the larger the drawing reads when fitted to
    /// a screen; a drawing squared by growing its short side gains nothing by it.
    static func page(breadth: Double, depth: Double) -> Double {
        breadth * depth * max(1, misfit(aspect: breadth / max(depth, 1)))
    }

    /// Whether `auto`'s limit caps lists rather than rows (`grid`'s `longestList`): top to
    /// bottom, where a block's sub-columns hang down as lists.
    static func listLimit(_ configuration: SchematicLayoutConfiguration) -> Bool {
        configuration.wrap == .auto && configuration.orientation.isVertical
    }

    /// `grid`'s `longestList` for runs of these lengths: the longest, where the limit caps lists
    /// (`listLimit`); else nil.
    static func longestList(_ configuration: SchematicLayoutConfiguration, runLength: [Int32]) -> Int? {
        listLimit(configuration) ? runLength.max().map(Int.init) : nil
    }
    /// With `auto`, a block has no more rows than make it this much taller than wide (canonical):
    /// a small fan is not drawn as tall as the biggest one. Top to bottom, where a row costs a
    /// label's width and a sub-column a label's height, small fans become short lists.
    static let blockAspect = 1.0

    /// The rows that shape a run of `length` leaves of row pitch `pitch` and sub-column slot
    /// `slot` (gutter included) to `aspect`: `rows × pitch ≈ aspect × columns × slot`.
    static func shapedRows(length: Int, pitch: Double, slot: Double, aspect: Double = blockAspect) -> Int {
        let rows = (aspect * Double(length) * slot / max(pitch, 1)).squareRoot().rounded()
        return max(1, min(length, Int(rows)))
    }

    /// `shapedRows` for the leaves `members`, by their tallest and widest.
    static func shapedRows(of members: Range<Int>, widths: [Double], heights: [Double], padding: Double, gutter: Double,
                           aspect: Double = blockAspect) -> Int {
        var tallest = 0.0, widest = 0.0
        for member in members { tallest = max(tallest, heights[member]); widest = max(widest, widths[member]) }
        return shapedRows(length: members.count, pitch: tallest + padding, slot: widest + gutter, aspect: aspect)
    }

    /// The sub-column and row of the `index`th of `count` leaves in `rows` rows and `columns`
    /// sub-columns, down each sub-column then across, the sub-columns balanced: the first ones
    /// `rows` long, the others one shorter (37 leaves in 4 rows: seven sub-columns of 4 and three
    /// of 3, not nine of 4 and one leaf alone at the top of the last). `rows` is the fewest that
    /// hold `count` in `columns` (`grid`).
    @inline(__always)
    static func gridPosition(_ index: Int, count: Int, rows: Int, columns: Int) -> (column: Int, row: Int) {
        let full = count - columns * (rows - 1)
        guard full > 0 && index >= full * rows else { return (index / rows, index % rows) }
        let rest = index - full * rows
        return (full + rest / (rows - 1), rest % (rows - 1))
    }

    /// Lays out the leaves `members` in `rows` rows and `columns` sub-columns, down each
    /// sub-column then across, balanced (`gridPosition`) unless `balanced` is false (a hanging
    /// list's, whose last sub-column alone is short): each row as tall as its tallest member,
    /// `padding` apart; each sub-column as wide as its widest, after its gutter. Appends the
    /// rows' tops and heights and the sub-columns' lefts and widths; returns the grid's width
    /// and height.
    static func appendGrid(of members: Range<Int>, rows: Int, columns: Int, balanced: Bool = true, widths: [Double], heights: [Double],
                           padding: Double, gutter: Double, leadingGutter: Bool = true, rowTops: inout [Double], rowHeights: inout [Double],
                           columnLefts: inout [Double], columnWidths: inout [Double]) -> (width: Double, height: Double) {
        // Each array gets its own base: the callers' arrays need not be of equal lengths.
        let heightBase = rowHeights.count, widthBase = columnWidths.count, leftBase = columnLefts.count
        rowHeights.append(contentsOf: repeatElement(0, count: rows))
        columnWidths.append(contentsOf: repeatElement(0, count: columns))
        for (position, member) in members.enumerated() {
            let (column, row) = balanced ? gridPosition(position, count: members.count, rows: rows, columns: columns)
                : (position / rows, position % rows)
            rowHeights[heightBase + row] = max(rowHeights[heightBase + row], heights[member])
            columnWidths[widthBase + column] = max(columnWidths[widthBase + column], widths[member])
        }
        var top = 0.0
        for row in 0..<rows {
            rowTops.append(top)
            top += rowHeights[heightBase + row] + padding
        }
        var left = 0.0
        for column in 0..<columns {
            left += gutter
            columnLefts.append(left)
            left += columnWidths[widthBase + column]
        }
        if !leadingGutter {
            // (Taken off after the sums, so the lefts are the bits they were before this option.)
            for index in leftBase..<columnLefts.count { columnLefts[index] -= gutter }
            left -= gutter
        }
        return (left, top - padding)
    }

    /// The rows and sub-columns of a run of `length` leaves with at most `limit` rows (and, with
    /// `auto`, at most `shaped`), as balanced as they go; nil if the run stays one column.
    ///
    /// With `longestList` (`auto` top to bottom, `listLimit`), the limit caps lists instead:
    /// every block's sub-columns are at most `longestList / limit` long, so that a run has rows
    /// in proportion to its length (`⌈length × limit / longestList⌉`, at most `shaped`). Limit 1
    /// hangs every run as one list; the longest run's length gives every block its own shape.
    /// A row limit there would give a long fan as few rows as a short one: one list thirty
    /// times as long as the others sets the drawing's depth.
    /// A run shorter than `shortestGrid` hangs in one row unless `keepsShortColumns` (a run
    /// beside a deep sibling: a row across the next columns must pass that subtree there; or a
    /// row limit the user gave, `--wrap N`).
    static func grid(length: Int, limit: Int, shaped: Int?, longestList: Int? = nil,
                     keepsShortColumns: Bool = false) -> (rows: Int, columns: Int)? {
        var most = min(limit, shaped ?? limit)
        if let longestList, longestList > 0 {
            most = min(shaped ?? length, (length * limit + longestList - 1) / longestList)
        }
        guard most > 0, length > most else { return nil }
        let columns = (length + most - 1) / most
        // A short run in sub-columns read as parents and children (a fan of 4 as 2 × 2: the
        // second sub-column's boxes stood beside the first's as their children would): it
        // hangs in one row from the line over it instead.
        if (longestList ?? 0) <= 0 && !keepsShortColumns && length < shortestGrid && columns > 1 { return (1, length) }
        let rows = (length + columns - 1) / columns
        // Top to bottom, a run of three as two lines of two and one put the third under the
        // first, where the next depth's boxes go: it read as that box's child ("yes" under
        // "redis-server"). It hangs in single file instead.
        if (longestList ?? 0) > 0 && length <= longestSingleFileRun && rows > 1 && columns > 1 { return (1, length) }
        return (rows, columns)
    }

    /// Runs shorter than this wrap into one row, never into sub-columns (`grid`).
    static let shortestGrid = 8
    /// Top to bottom, runs of at most this many leaves hang in single file or as one line,
    /// never as lines of uneven lengths (`grid`, `NestingLayout`'s lists); left to right, above
    /// the deepest column, they stay in single file (`collectRuns`).
    static let longestSingleFileRun = 3

    /// Whether blocks may reach past their column's right edge rather than widen it: in the
    /// whole-tree alignments (which keep the room free with stand-ins), without bands or depth
    /// titles (which mark each column's extent), and where no item of `columns` has additional
    /// or distant parents (whose connectors run along the gaps and between the boxes; nor do
    /// subtrees nest then, which the placements that nest require).
    static func overhangs(_ configuration: SchematicLayoutConfiguration, _ columns: PlacementColumns) -> Bool {
        (configuration.alignment == .tidy || configuration.alignment == .compact)
            && !configuration.showsBands && configuration.depthLabels.isEmpty && !columns.hasAdditionalParents
    }

    /// The blocks for `sections` with the given canonical item sizes, or nil if nothing wraps.
    /// `rowLimit` and `smallestFan` override what `auto` estimates (the layout lowers the limit
    /// when the placed drawing turns out taller than estimated); with them, `fills` widens each
    /// block into the room beside it (`WrapEstimate.filledRows`).
    init?(sections: PlacementColumns, widths itemWidths: [Double], heights itemHeights: [Double],
          configuration: SchematicLayoutConfiguration, rowLimit forcedLimit: Int? = nil, smallestFan forcedFan: Int? = nil,
          fills: Bool = false, nestingShape: Double? = nil, nestingReach: NestingReach = .smallSubtrees,
          broadensBlocks: Bool = false, fillsBlocks: Bool = false, breaksPanels: Bool = false,
          evensPanels: Bool = false, keepsBesideDeepSiblings: Bool = false, shortestHangingList forcedShortestList: Int? = nil, depthRoom: [Double] = [],
          nestsInDepthRoom: Bool = false, nestingMemo: NestingMemo? = nil) {
        self.nestingMemo = nestingMemo
        self.keepsBesideDeepSiblings = keepsBesideDeepSiblings
        gutter = max(16, configuration.sectionPadding / 2)
        innerGap = configuration.sectionPadding
        hangsLists = WrapPlan.hangsLists(configuration)
        shortestHangingList = forcedShortestList ?? WrapPlan.shortestAutoRun(configuration)
        // Nesting is judged on placements only, at a given row limit.
        let nests = nestingShape != nil && forcedLimit != nil && configuration.wrap == .auto
        self.nestingShape = nestingShape ?? 1
        self.nestingReach = nests ? nestingReach : .smallSubtrees
        self.broadensBlocks = nests && broadensBlocks
        self.fillsBlocks = nests && fillsBlocks
        self.breaksPanels = nests && breaksPanels
        self.evensPanels = nests && evensPanels
        self.depthRoom = nests ? depthRoom : []
        self.nestsInDepthRoom = nests && !depthRoom.isEmpty && nestsInDepthRoom
        let padding = configuration.itemPadding
        let count = sections.numberOfItems
        // (Where blocks cannot overhang, the estimate must widen their columns as the placement
        // will, or filled blocks widen the drawing they fill.)
        let overhangs = WrapPlan.overhangs(configuration, sections)

        // Runs of consecutive leaf siblings that may wrap (between a fan's children with
        // children of their own): `auto` takes those of fans of at least `smallestFan` children.
        let shortest: Int
        switch configuration.wrap {
        case .off: return nil
        case .auto: shortest = WrapPlan.shortestAutoRun(configuration)
        case .limit(let limit): shortest = limit + 1
        }
        // Every run once, in item order, with its fan's size and section; each tier then only
        // filters them (O(runs), not O(n), per tier).
        var allStarts: [Int32] = [], allLengths: [Int32] = [], allFans: [Int32] = [], allSections: [Int32] = []
        var allNested: [Bool] = [], allRoomy: [Bool] = []
        // Whether a nested subtree is one the reach before this plan's would not nest.
        var reachesFurther = false
        sections.childStarts.withUnsafeBufferPointer { childStarts in
            func isLeaf(_ item: Int) -> Bool { childStarts[item] == childStarts[item + 1] }
            // Per item (where nesting is asked for), its subtree's size and levels below it,
            // bottom up (children follow their parents): O(n).
            // A wide fan inside makes a subtree too broad to nest (that fan wraps on its own).
            var subtreeSize = [Int32](repeating: 1, count: nests ? count : 0)
            var subtreeLevels = [Int8](repeating: 0, count: nests ? count : 0)
            var hasWideFan = [Bool](repeating: false, count: nests ? count : 0)
            if nests {
                for item in stride(from: count - 1, through: 0, by: -1) {
                    var size: Int32 = 1, levels: Int8 = 0
                    let children = Int(childStarts[item])..<Int(childStarts[item + 1])
                    var wide = children.count >= WrapPlan.autoFanTiers[0]
                    for child in children {
                        size = min(size + subtreeSize[child], Int32.max / 2)
                        levels = max(levels, min(subtreeLevels[child] + 1, 100))
                        wide = wide || hasWideFan[child]
                    }
                    subtreeSize[item] = size
                    subtreeLevels[item] = levels
                    hasWideFan[item] = wide
                }
            }
            /// Whether a child's subtree has a wide fan and more than half of its parent's nodes:
            /// in a panel that fan is drawn flat, as broad as it is, beside little else
            /// (`/usr/include/node/openssl`: its `archs` folder, 2,857 of 2,906 nodes, nested
            /// among the headers and drew its 21 architectures in one row top to bottom,
            /// 30,707 px wide); drawn in the tree, its fan's own subtrees nest.
            func holdsMostOfItsFan(_ item: Int) -> Bool {
                let parent = Int(sections.parentOfItem[item])
                return hasWideFan[item] && parent >= 0 && Int(subtreeSize[item]) * 2 > Int(subtreeSize[parent])
            }
            /// Whether a child's subtree nests with a reach.
            func canNest(_ item: Int, reach: NestingReach) -> Bool {
                guard !isLeaf(item) else { return false }
                switch reach {
                case .smallSubtrees, .wideFans:
                    return Int(subtreeSize[item]) <= WrapPlan.largestNestedSubtree && Int(subtreeLevels[item]) <= WrapPlan.deepestNesting
                        && (reach == .wideFans || !hasWideFan[item])
                case .bigSubtrees, .topFans, .forestTopFans:
                    return Int(subtreeLevels[item]) <= WrapPlan.deepestBigNesting && !holdsMostOfItsFan(item)
                case .deepFans, .deepBigFans, .deepLargeFans:
                    return Int(subtreeSize[item]) <= reach.largestDeepSubtree && Int(subtreeLevels[item]) <= WrapPlan.deepestBigNesting
                }
            }
            let reach = self.nestingReach
            /// A child whose subtree is small enough to nest.
            func isFolder(_ item: Int) -> Bool { canNest(item, reach: reach) }
            var section = 0
            // Left to right, a short run of leaves hangs in one row across the next columns
            // (`grid`): above the deepest column, a run of three stood among deeper boxes and
            // read as one of them (a VP's three counsels in the managers', team leads' and
            // staff's columns of an org chart). Up to `longestSingleFileRun` it stays in single
            // file there, as top to bottom; in the deepest column, with nothing deeper, it may
            // hang. (Every run under 8 in single file made a directory tree of 1,100 entries
            // 1:3.2 and 1.21 of dot's area, from 1:2.6 and 1.01.)
            let keepsShortRunsInSingleFile = configuration.wrap == .auto && !configuration.orientation.isVertical
            // Subtrees in a nesting run: their fans are that block's, not runs of their own.
            var nestedFolder = [Bool](repeating: false, count: nests ? count : 0)
            /// Collects the runs of one fan's children (the roots are a fan too: a flat list or a
            /// forest is otherwise one column as long as all of them). Roots nest only as a fan
            /// of the first tier and only with the top reaches (`NestingReach.isTop`), where the
            /// drawing is still beyond `readableAspect`: a root in a later panel has no parent's line to show what it is,
            /// and read as an orphan of the deep column or row it stood in (a JSON document's five
            /// top-level keys in the fifth column; 24 countries with their subdivisions top to
            /// bottom, 11 of them in a second row at 1.24:1 where one row was 2.27:1); 204
            /// countries, 7.5:1 in one row top to bottom, read as the regular pattern they make.
            func collectRuns(of children: Range<Int>, topLevel: Bool, roots: Bool = false) {
                // Folders join the runs of the widest fans and of the top of the tree only.
                let nestsByReach = nests && (roots ? reach.isTop && children.count >= WrapPlan.autoFanTiers[0]
                                                   : children.count >= reach.nestingFan(topLevel: topLevel))
                // A smaller fan's small subtrees nest too where their block fits the room
                // (`nestsInDepthRoom`).
                let roomy = !nestsByReach && nestsInDepthRoom && !roots && children.count >= WrapPlan.topNestingFan
                // (An item an additional parent's connector reaches stays single: that dashed
                // line would run through the block's other members.)
                func joins(_ item: Int) -> Bool {
                    (isLeaf(item) || (nestsByReach && isFolder(item)) || (roomy && canNest(item, reach: .smallSubtrees)))
                        && !sections.isAdditionallyLinked(item)
                }
                var child = children.lowerBound
                while child < children.upperBound {
                    guard joins(child) else { child += 1; continue }
                    var end = child + 1, nested = !isLeaf(child)
                    while end < children.upperBound && joins(end) { nested = nested || !isLeaf(end); end += 1 }
                    if end - child >= shortest {
                        while Int(sections.sectionStarts[section + 1]) <= child { section += 1 }
                        if keepsShortRunsInSingleFile && !nested && end - child <= WrapPlan.longestSingleFileRun
                            && section + 1 < sections.numberOfSections {
                            child = end
                            continue
                        }
                        allStarts.append(Int32(child)); allLengths.append(Int32(end - child))
                        allFans.append(Int32(children.count)); allSections.append(Int32(section))
                        allNested.append(nested); allRoomy.append(roomy && nested)
                        if nested && reach == .forestTopFans {
                            // Beyond `topFans` only by a root's fan too small for it.
                            if !roots && children.count < WrapPlan.topNestingFan { reachesFurther = true }
                        } else if nested {
                            // (Roots nest with `topFans` only, of the reaches so far: a reach further than the ones before.)
                            if roots { reachesFurther = true }
                            // A top fan below the first tier nests with `topFans` only.
                            // (`deepFans` is no superset of `topFans`: taken as differing;
                            // the later deep reaches differ from the one before only by a bigger subtree.)
                            if (children.count < WrapPlan.autoFanTiers[0] && !reach.isDeep) || reach == .deepFans { reachesFurther = true }
                            if let previous = NestingReach(rawValue: reach.rawValue - 1) {
                                reachesFurther = reachesFurther || (child..<end).contains { !isLeaf($0) && !canNest($0, reach: previous) }
                            }
                        }
                        if nested {
                            // Every item of the run's subtrees, level by level.
                            var level = child..<end
                            while !level.isEmpty {
                                for member in level { nestedFolder[member] = true }
                                level = Int(childStarts[level.lowerBound])..<Int(childStarts[level.upperBound])
                            }
                        }
                    }
                    child = end
                }
            }
            let rootCount = sections.rootCount
            collectRuns(of: 0..<rootCount, topLevel: true, roots: true)
            for parent in 0..<count {
                let children = Int(childStarts[parent])..<Int(childStarts[parent + 1])
                if children.count < shortest || (nests && nestedFolder[parent]) { continue }
                collectRuns(of: children, topLevel: parent < rootCount)
            }
        }
        var runStart: [Int32] = [], runLength: [Int32] = [], runSection: [Int32] = [], runNested: [Bool] = []
        var runRoomy: [Bool] = []
        func collectRuns(smallestFan: Int) {
            runStart.removeAll(keepingCapacity: true); runLength.removeAll(keepingCapacity: true)
            runSection.removeAll(keepingCapacity: true); runNested.removeAll(keepingCapacity: true)
            runRoomy.removeAll(keepingCapacity: true)
            for run in 0..<allStarts.count where Int(allFans[run]) >= smallestFan || allNested[run] {
                runStart.append(allStarts[run]); runLength.append(allLengths[run]); runSection.append(allSections[run])
                runNested.append(allNested[run]); runRoomy.append(allRoomy[run])
            }
        }

        // The row limit: given, or the one that brings the estimated drawing to the target,
        // taking smaller fans only while the larger ones cannot.
        var rowLimit = 0, smallestFan = 0
        switch configuration.wrap {
        case .limit(let limit):
            collectRuns(smallestFan: 0)
            rowLimit = limit
        case _ where forcedLimit != nil:
            smallestFan = forcedFan ?? WrapPlan.autoFanTiers[0]
            collectRuns(smallestFan: smallestFan)
            rowLimit = forcedLimit!
        default:
            // The page the larger tiers draw on (nil: none wrapped yet).
            var page: Double? = nil
            for fan in WrapPlan.autoFanTiers {
                collectRuns(smallestFan: fan)
                guard !runStart.isEmpty else { continue }
                let estimate = WrapEstimate(runStart: runStart, runLength: runLength, runSection: runSection,
                                            sectionStarts: sections.sectionStarts, widths: itemWidths, heights: itemHeights,
                                            gutter: gutter, overhangs: overhangs, configuration: configuration)
                // (Nil: the drawing is within the target unwrapped, or, in a big tree, this tier's
                // blocks would only widen it: the larger tiers' blocks, if any, stay.)
                guard let limit = estimate.autoRowLimit(bigTree: count > WrapPlan.measuredChoiceItems) else {
                    if rowLimit > 0 { collectRuns(smallestFan: smallestFan) }
                    break
                }
                let tierPage = estimate.page(rowLimit: limit)
                if fan < WrapPlan.autoFanTiers[0], tierPage > (page ?? estimate.unwrappedPage) * WrapPlan.smallerFansGain {
                    // Not worth it: keep the larger fans' blocks (or none).
                    if rowLimit > 0 { collectRuns(smallestFan: smallestFan) }
                    break
                }
                rowLimit = limit
                smallestFan = fan
                page = tierPage
                estimateFits = estimate.aspect(rowLimit: limit) <= WrapPlan.targetAspect
                if estimateFits { break }
            }
        }
        guard !runStart.isEmpty, rowLimit > 0 else { return nil }
        // Nothing nested that the reach before would not: that plan, placed already.
        if nestingReach != .smallSubtrees && !reachesFurther { return nil }
        self.smallestFan = smallestFan
        // Runs beside a deep, big sibling subtree: kept shaped where blocks fill, kept in
        // sub-columns where short (`grid`).
        let besideDeep = WrapPlan.runsBesideDeepSiblings(runStart: runStart, runLength: runLength, sections: sections)
        var filledRows: [Int]? = nil
        if fills && configuration.wrap == .auto {
            filledRows = WrapEstimate(runStart: runStart, runLength: runLength, runSection: runSection,
                                      sectionStarts: sections.sectionStarts, widths: itemWidths, heights: itemHeights,
                                      gutter: gutter, overhangs: overhangs, configuration: configuration).filledRows(rowLimit: rowLimit)
            // A run beside a deep, big sibling subtree keeps its shaped rows: filled across the
            // next columns, its block must pass that subtree there and lands far from its
            // parent (`runsBesideDeepSiblings`).
            for run in 0..<runStart.count where besideDeep[run] {
                let shaped = WrapPlan.shapedRows(of: Int(runStart[run])..<Int(runStart[run]) + Int(runLength[run]),
                                                 widths: itemWidths, heights: itemHeights, padding: padding, gutter: gutter)
                guard shaped != filledRows![run] else { continue }
                keepingDiffers = true
                if keepsBesideDeepSiblings { filledRows![run] = shaped }
            }
        }
        self.fills = filledRows != nil

        // The blocks' exact geometry from the members' sizes.
        blockOfItem = [Int32](repeating: -1, count: count)
        let shapes = configuration.wrap == .auto
        let longestList = WrapPlan.longestList(configuration, runLength: runLength)
        let nestings = nests
            ? nestingLayouts(runStart: runStart, runLength: runLength, runSection: runSection, runNested: runNested,
                             runRoomy: runRoomy, sections: sections, widths: itemWidths, heights: itemHeights, padding: padding)
            : nil
        for (run, (start, length)) in zip(runStart, runLength).enumerated() {
            let length = Int(length), first = Int(start)
            if runNested[run], let nestings {
                if let layout = nestings.layouts[run] {
                    appendNestingBlock(layout, first: first, length: length, sections: sections, widths: itemWidths,
                                       heights: itemHeights, padding: padding, fillWidth: nestings.fillWidths[run])
                }
                continue
            }
            var shaped: Int? = nil
            if let filledRows {
                shaped = filledRows[run]
            } else if shapes {
                shaped = WrapPlan.shapedRows(of: first..<first + length, widths: itemWidths, heights: itemHeights,
                                             padding: padding, gutter: gutter)
            }
            guard let (rowCount, columnCount) = WrapPlan.grid(length: length, limit: rowLimit, shaped: shaped,
                                                              longestList: longestList,
                                                              keepsShortColumns: besideDeep[run] || !shapes) else { continue }
            let block = Int32(firstItem.count)
            firstItem.append(start); memberCount.append(Int32(length))
            rows.append(Int32(rowCount)); columns.append(Int32(columnCount))
            for item in first..<first + length { blockOfItem[item] = block }
            let rowBase = rowOffsets.count, columnBase = columnLefts.count
            // A list in single file (`isSingleFile`) is entered on the line past its far side:
            // no bus runs before its first member, which starts with its level's other boxes
            // (a gutter further on, its last member sat on the next level's row).
            var size = WrapPlan.appendGrid(of: first..<first + length, rows: rowCount, columns: columnCount,
                                           widths: itemWidths, heights: itemHeights, padding: padding, gutter: gutter,
                                           leadingGutter: !(hangsLists && rowCount == 1),
                                           rowTops: &rowOffsets, rowHeights: &rowHeights,
                                           columnLefts: &columnLefts, columnWidths: &columnWidths)
            if !hangsLists && rowCount == 1 && columnCount > 1 {
                // A row hanging from the line over it (`isCombed`) hangs `combDrop` lower.
                // (Half of it below the row too: the row's middle stays the block's, where its
                // parent is centred.)
                rowOffsets[rowBase] += WrapPlan.combDrop(padding: padding) / 2
                size.height += WrapPlan.combDrop(padding: padding)
            }
            var stackedAt: Int32 = -1
            if !hangsLists && rowCount > 1 && columnCount > 1,
               let stacked = WrapPlan.stacking(of: first..<first + length, columns: columnCount, grid: size, widths: itemWidths,
                                               heights: itemHeights, padding: padding, gutter: gutter) {
                rowOffsets.removeSubrange(rowBase...); rowHeights.removeSubrange(rowBase...)
                columnLefts.removeSubrange(columnBase...); columnWidths.removeSubrange(columnBase...)
                WrapPlan.appendStacked(of: first..<first + length, split: stacked.split, widths: itemWidths, heights: itemHeights,
                                       padding: padding, gutter: gutter, rowTops: &rowOffsets, rowHeights: &rowHeights,
                                       columnLefts: &columnLefts, columnWidths: &columnWidths)
                stackedAt = Int32(stackFirsts.count); stackFirsts += stacked.split
                size = (stacked.width, stacked.height)
            }
            stackStart.append(stackedAt)
            rowStart.append(Int32(rowOffsets.count)); columnStart.append(Int32(columnLefts.count))
            widths.append(size.width); heights.append(size.height)
            nestLevels.append(0); levelStart.append(Int32(levelFirst.count)); offsetStart.append(-1)
            panelLevelStart.append(Int32(levelLefts.count))
        }
        guard !firstItem.isEmpty else { return nil }
        self.rowLimit = rowLimit
    }

    /// Lays out a nesting block (`nestsFolders`, `NestingLayout`) and adds it to the plan; no
    /// block where one panel would do. Top to bottom, where one list alone makes its panel
    /// long, the block is laid out again with that list hanging in more rows side by side
    /// (`NestingLayout.shortenedLists`), and kept if that block is shorter and no broader (with
    /// `broadensBlocks`, if it is smaller).
    private mutating func appendNestingBlock(_ shaped: NestingLayout, first: Int, length: Int, sections: PlacementColumns,
                                             widths itemWidths: [Double], heights itemHeights: [Double], padding: Double,
                                             fillWidth: Double) {
        var panels: Int? = nil
        func layOut(listRows: [Int32]?) -> NestingLayout? {
            nestingLayout(first: first, length: length, sections: sections, widths: itemWidths, heights: itemHeights,
                          padding: padding, listRows: listRows, panels: panels)
        }
        var layout = shaped
        if layout.width < fillWidth * WrapPlan.fillingShare { fillingDiffers = true }
        if (fillsBlocks || !depthRoom.isEmpty) && layout.width < fillWidth * WrapPlan.fillingShare {
            // More panels while the block stays within the broadest of its fan's blocks (or its
            // depth room) and gets shorter, but never a panel for one leaf alone: filling a tall
            // region's room, a time-zone area's 26 GMT±N zones each took a panel of its own,
            // every one with its own line from the bus. (A lone leaf may come and go as the
            // count grows: the bisection then stops short of some larger count that has none.)
            var low = layout.panelCount + 1, high = length, chosen: Int? = nil
            while low <= high {
                let middle = (low + high) / 2
                panels = middle
                guard let wider = layOut(listRows: nil) else { break }
                if wider.width <= fillWidth && !wider.hasLoneLeafPanel(childStarts: sections.childStarts) {
                    if wider.height < layout.height { layout = wider; chosen = middle }
                    low = middle + 1
                } else {
                    high = middle - 1
                }
            }
            panels = chosen
        }
        if hangsLists {
            func smaller(_ shorter: NestingLayout) -> Bool { shorter.width * shorter.height < layout.width * layout.height }
            let rows = layout.shortenedLists(widths: itemWidths, heights: itemHeights, padding: padding, gutter: gutter,
                                             innerGap: innerGap, broadens: broadensBlocks)
            let shorter = rows.flatMap { layOut(listRows: $0) }
            let kept = shorter.map { broadensBlocks ? smaller($0) : $0.width < layout.width && $0.height <= layout.height } ?? false
            if !broadensBlocks && !broadeningDiffers {
                // Whether broadening would lay this block out otherwise: other rows, or the
                // same ones kept for a smaller block that is broader.
                let broadRows = layout.shortenedLists(widths: itemWidths, heights: itemHeights, padding: padding,
                                                      gutter: gutter, innerGap: innerGap, broadens: true)
                broadeningDiffers = broadRows != rows || (!kept && shorter.map(smaller) == true)
            }
            if kept, let shorter { layout = shorter }
        }
        if layout.breaksDiffer { breaksDiffer = true }
        if layout.evensDiffer { evensDiffer = true }
        append(layout, first: first, length: length, widths: itemWidths, heights: itemHeights)
    }

    /// A run's nesting block with this plan's settings (`NestingLayout`).
    private func nestingLayout(first: Int, length: Int, sections: PlacementColumns, widths itemWidths: [Double],
                               heights itemHeights: [Double], padding: Double, listRows: [Int32]? = nil,
                               panels: Int? = nil) -> NestingLayout? {
        func layOut() -> NestingLayout? {
            NestingLayout(first: first, length: length, childStarts: sections.childStarts, widths: itemWidths,
                          heights: itemHeights, padding: padding, gutter: gutter, innerGap: innerGap,
                          nestingShape: nestingShape, hangsLists: hangsLists, shortestHangingList: shortestHangingList,
                          listRows: listRows, panels: panels, breaksPanels: breaksPanels, evensPanels: evensPanels)
        }
        // (The tree and its sizes are the memo's search's own.)
        guard let nestingMemo else { return layOut() }
        let key = NestingMemo.Key(first: first, length: length, panels: panels, listRows: listRows,
                                  nestingShape: nestingShape.bitPattern, shortestHangingList: shortestHangingList,
                                  breaksPanels: breaksPanels, evensPanels: evensPanels, padding: padding.bitPattern, gutter: gutter.bitPattern,
                                  innerGap: innerGap.bitPattern, hangsLists: hangsLists)
        return nestingMemo.layout(key, layOut: layOut)
    }

    /// Per run, whether a sibling's subtree has `deepSiblingLevels` levels or more below it and
    /// `deepSiblingShare` times the run's members or more: such a run keeps its shaped rows
    /// when blocks fill the room beside them (`fills`), and its sub-columns where it is short
    /// (`grid`). A folder's six leading files filled one row across the columns of the
    /// 500-entry subtree of the folder after them, above it, 3,000 px from their parent. (The
    /// estimate sizes such a short run as a row: it only chooses limits.)
    static func runsBesideDeepSiblings(runStart: [Int32], runLength: [Int32], sections: PlacementColumns) -> [Bool] {
        let itemCount = sections.childStarts.count - 1
        // Subtree sizes and levels, children after parents in item order (no recursion).
        var size = [Int32](repeating: 1, count: itemCount), levels = [Int32](repeating: 0, count: itemCount)
        for item in stride(from: itemCount - 1, through: 0, by: -1) {
            for child in Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1]) {
                size[item] += size[child]; levels[item] = max(levels[item], levels[child] + 1)
            }
        }
        // Per parent, its biggest child subtree of `deepSiblingLevels` levels or more (O(n) in all).
        var deepest = [Int32](repeating: 0, count: itemCount)
        for item in 0..<itemCount where levels[item] >= deepSiblingLevels {
            let parent = Int(sections.parentOfItem[item])
            if parent >= 0 { deepest[parent] = max(deepest[parent], size[item]) }
        }
        return (0..<runStart.count).map { run in
            let parent = Int(sections.parentOfItem[Int(runStart[run])])
            return parent >= 0 && Int(deepest[parent]) >= deepSiblingShare * Int(runLength[run])
        }
    }

    /// See `runsBesideDeepSiblings`.
    static let deepSiblingLevels: Int32 = 3
    static let deepSiblingShare = 10

    /// A block is filled only where it is narrower than this share of its fan's broadest.
    static let fillingShare = 0.9

    /// Per run, its nesting block shaped on its own (nil where it is no nesting run, or one
    /// panel would do), and the breadth the block may fill (0: none): the broadest nesting block
    /// of its parent's, where the parent has two or more and some is narrower than
    /// `fillingShare` of it, and at least its section's `depthRoom` where the plan has one. With
    /// `fillsBlocks` (or a depth room), those blocks are filled (`appendNestingBlock`); without,
    /// `fillingDiffers` tells whether they would be. A run that nests only in the depth room
    /// (`runRoomy`, `nestsInDepthRoom`) starts from two panels where they fit that room.
    private func nestingLayouts(runStart: [Int32], runLength: [Int32], runSection: [Int32], runNested: [Bool],
                                runRoomy: [Bool], sections: PlacementColumns,
                                widths itemWidths: [Double], heights itemHeights: [Double], padding: Double)
        -> (layouts: [NestingLayout?], fillWidths: [Double]) {
        var fill = [Double](repeating: 0, count: runStart.count)
        var layouts = [NestingLayout?](repeating: nil, count: runStart.count)
        var run = 0
        while run < runStart.count {
            let parent = sections.parentOfItem[Int(runStart[run])]
            var end = run + 1
            while end < runStart.count && sections.parentOfItem[Int(runStart[end])] == parent { end += 1 }
            var broadest = 0.0, narrowest = Double.infinity, blocks = 0
            for fanRun in run..<end where runNested[fanRun] {
                let first = Int(runStart[fanRun]), length = Int(runLength[fanRun])
                // A roomy run: two panels where they fit the drawing's depth (filled further below), else none.
                func twoPanels() -> NestingLayout? {
                    guard let two = nestingLayout(first: first, length: length, sections: sections, widths: itemWidths,
                                                  heights: itemHeights, padding: padding, panels: 2),
                          two.width <= depthRoom[Int(runSection[fanRun])] else { return nil }
                    return two
                }
                guard let layout = runRoomy[fanRun] ? twoPanels()
                    : nestingLayout(first: first, length: length, sections: sections, widths: itemWidths,
                                    heights: itemHeights, padding: padding) else { continue }
                layouts[fanRun] = layout
                broadest = max(broadest, layout.width); narrowest = min(narrowest, layout.width); blocks += 1
            }
            if blocks > 1 && narrowest < broadest * WrapPlan.fillingShare { for fanRun in run..<end { fill[fanRun] = broadest } }
            if !depthRoom.isEmpty {
                for fanRun in run..<end { fill[fanRun] = max(fill[fanRun], depthRoom[Int(runSection[fanRun])]) }
            }
            run = end
        }
        return (layouts, fill)
    }

    /// Adds a nesting block's layout to the plan.
    private mutating func append(_ layout: NestingLayout, first: Int, length: Int, widths itemWidths: [Double],
                                 heights itemHeights: [Double]) {
        let levels = layout.levels, levelsPerPanel = levels.count, panelCount = layout.panelCount
        let levelBase = levelLefts.count
        levelLefts.append(contentsOf: layout.levelLefts); levelWidths.append(contentsOf: layout.levelWidths)
        for panel in 0..<panelCount {
            columnLefts.append(layout.levelLefts[panel * levelsPerPanel])
            columnWidths.append(layout.levelWidths[panel * levelsPerPanel])
        }
        let block = Int32(firstItem.count)
        firstItem.append(Int32(first)); memberCount.append(Int32(length))
        nestLevels.append(Int32(levels.count - 1)); levelStart.append(Int32(levelFirst.count))
        for range in levels.dropFirst() { levelFirst.append(Int32(range.lowerBound)); levelCount.append(Int32(range.count)) }
        offsetStart.append(Int32(memberXs.count)); panelLevelStart.append(Int32(levelBase))
        stackStart.append(-1)
        var firstRows: [Double] = [], firstHeights: [Double] = []
        var listX = 0.0
        for (level, range) in levels.enumerated() {
            for item in range {
                let at = layout.index(item, level), panel = Int(layout.panelOf[at])
                let cell = panel * levelsPerPanel + level
                blockOfItem[item] = block
                if hangsLists && layout.listHead[at] >= 0 {
                    // In its list: after its gutter, from its parent's column's end and the gap.
                    if layout.listHead[at] == at {
                        listX = layout.listStart(head: at, level: level, innerGap: innerGap)
                        if listOfItem.isEmpty { listOfItem = [Int32](repeating: -1, count: blockOfItem.count) }
                        var count = 1
                        while at + count < layout.total && layout.listHead[at + count] == at { count += 1 }
                        listFirst.append(Int32(item)); listCount.append(Int32(count)); listLefts.append(listX)
                        listTops.append(layout.origins[at]); listHeights.append(layout.rowHeight[at])
                        listRows.append(layout.headRows[at])
                        listRowMiddles.append((layout.headFirstRow[at], layout.headLastRow[at]))
                        let start = Int(layout.headLeftStart[at])
                        listColumnStart.append(Int32(listColumnLefts.count))
                        listColumnLefts.append(contentsOf: layout.headLefts[start..<start + Int(layout.headColumns[at])])
                    }
                    listOfItem[item] = Int32(listFirst.count - 1)
                    memberXs.append(listX + layout.inListLeft[at])
                } else {
                    memberXs.append(layout.levelLefts[cell] + (layout.levelWidths[cell] - itemWidths[item]) / 2)
                }
                memberYs.append(layout.tops[at])
                memberColumns.append(Int32(panel)); memberLevels.append(Int32(level))
                if level == 0 && panel == 0 { firstRows.append(layout.tops[at]); firstHeights.append(itemHeights[item]) }
            }
        }
        // Rows: the first panel's children (where the bus enters, and what the parent centres on).
        rows.append(Int32(firstRows.count)); columns.append(Int32(panelCount))
        rowOffsets.append(contentsOf: firstRows); rowHeights.append(contentsOf: firstHeights)
        rowStart.append(Int32(rowOffsets.count)); columnStart.append(Int32(columnLefts.count))
        widths.append(layout.width); heights.append(layout.height)
        nestsFolders = true
        deepestLevels = max(deepestLevels, levels.count - 1)
    }

    /// Whether `item`, a member of `block`, is an inner one (in a later section than the block's).
    @inline(__always)
    func isInner(_ item: Int, ofBlock block: Int) -> Bool { item >= Int(firstItem[block]) + Int(memberCount[block]) }

    /// A nesting block's member's panel and level.
    func panelAndLevel(ofMember item: Int, inBlock block: Int) -> (panel: Int, level: Int) {
        let index = nestedIndex(of: item, inBlock: block)
        return (Int(memberColumns[index]), Int(memberLevels[index]))
    }

    /// Where a nesting block's panel leads connectors out of a level's column, their bus, and
    /// where they lead into the next level's column, from the block's left.
    func innerLeads(ofPanel panel: Int, level: Int, inBlock block: Int) -> (out: Double, bus: Double, into: Double) {
        let cell = Int(panelLevelStart[block]) + panel * (Int(nestLevels[block]) + 1) + level
        // The next level's column starts a gap after (where only lists hang there, so do they).
        let out = levelLefts[cell] + levelWidths[cell], into = out + innerGap
        return (out, (out + into) / 2, into)
    }

    /// The hanging list `item` is a member of, or nil.
    @inline(__always)
    func list(of item: Int) -> Int? {
        guard !listOfItem.isEmpty, listOfItem[item] >= 0 else { return nil }
        return Int(listOfItem[item])
    }

    /// The most rows a sub-column has.
    private(set) var rowLimit = 0
    /// With `auto`, the fewest children a fan has whose leaves wrap.
    private(set) var smallestFan = 0
    /// Whether blocks fill the room beside them.
    private(set) var fills = false

    var blockCount: Int { firstItem.count }

    /// The sub-column and row of a member.
    @inline(__always)
    func position(ofMember item: Int, inBlock block: Int) -> (column: Int, row: Int) {
        if offsetStart[block] >= 0 { return (Int(memberColumns[nestedIndex(of: item, inBlock: block)]), 0) }
        if isStacked(block) { return stackedPosition(item - Int(firstItem[block]), inBlock: block) }
        return WrapPlan.gridPosition(item - Int(firstItem[block]), count: Int(memberCount[block]), rows: Int(rows[block]),
                                     columns: Int(columns[block]))
    }

    /// A member's top from its block's top (centred in its row; a row hanging from the line
    /// over it, `isCombed`, at its row's top, `combDrop` / 2 under that line; a list in single
    /// file, `isSingleFile`, at the line past its far side) and its left from the block's left: at its sub-column's near side,
    /// by its bus (`WrapPlan.busInset`). Centred, a narrower member's stub ran longer than the
    /// gap after the widest one before it, and that one's box read as its parent (a tree of
    /// exception classes: `IncompleteRead → NotConnected`, top to bottom a two-line box's row
    /// hanging 16 px under its line, 17 px below the row above; a list's line 4 to 32 px from
    /// its members and 19 px from the next list's).
    @inline(__always)
    func offset(ofMember item: Int, inBlock block: Int, width: Double, height: Double) -> (x: Double, y: Double) {
        if offsetStart[block] >= 0 {
            let index = nestedIndex(of: item, inBlock: block)
            return (memberXs[index], memberYs[index])
        }
        let (column, row) = position(ofMember: item, inBlock: block)
        // (A stacked block's rows are its members.)
        let rowIndex = Int(rowStart[block]) + (isStacked(block) ? item - Int(firstItem[block]) : row)
        let columnIndex = Int(columnStart[block]) + column
        let room = rowHeights[rowIndex] - height
        return (columnLefts[columnIndex], rowOffsets[rowIndex] + (isCombed(block) ? 0 : isSingleFile(block) ? room : room / 2))
    }

    /// Where a nesting block's member is in `memberXs`: its own members first, then the inner ones.
    @inline(__always)
    private func nestedIndex(of item: Int, inBlock block: Int) -> Int {
        let own = item - Int(firstItem[block])
        var offset = Int(memberCount[block])
        if own < offset { return Int(offsetStart[block]) + own }
        for level in Int(levelStart[block])..<Int(levelStart[block]) + Int(nestLevels[block]) {
            let levelFirst = Int(self.levelFirst[level])
            if item >= levelFirst && item < levelFirst + Int(levelCount[level]) { return Int(offsetStart[block]) + offset + item - levelFirst }
            offset += Int(levelCount[level])
        }
        preconditionFailure("item \(item) is not a member of block \(block)")
    }

    /// Whether a block is a grid of leaves in one row drawn top to bottom: a list in single
    /// file, entered at its members' far side (`SchematicLayout.wrappedConnector`).
    func isSingleFile(_ block: Int) -> Bool {
        hangsLists && rows[block] == 1 && offsetStart[block] < 0
    }

    /// Whether a block is a grid of leaves in one row of several sub-columns drawn left to
    /// right (a block widened into the room beside it): its members hang from the line over
    /// it, each entered at its near side (`SchematicLayout.wrappedConnector`). Entered from
    /// the left, each a gutter after the one before, a row of siblings read as a chain
    /// (Python's exceptions: `Error ⌐ Error ⌐ ExpatError ⌐ Full`).
    func isCombed(_ block: Int) -> Bool {
        !hangsLists && rows[block] == 1 && columns[block] > 1 && offsetStart[block] < 0
    }

    /// How much taller a block is whose row hangs from the line over it (`isCombed`): half an
    /// item padding, half of it above the row (whose stubs are then 8 px, not the line's own 4,
    /// lost in the connectors' grey against the boxes: the line read as the underline of the
    /// row above, in an ISO list by letter or a folder's three files) and half below it (so the
    /// row's middle stays the block's, where its parent is centred).
    static func combDrop(padding: Double) -> Double { padding / 2 }

    /// The x of the bus left of a sub-column, from the block's left.
    @inline(__always)
    func busX(ofColumn column: Int, inBlock block: Int) -> Double {
        columnLefts[Int(columnStart[block]) + column] - busInset
    }

    /// How far a bus runs before the sub-column (or list column) it serves, its members' stubs
    /// as long: a quarter of the gutter, three times nearer its own members than the widest
    /// one before. Halfway, top to bottom, each row's line ran as near under the row above,
    /// every stub below a box of it: each row read as the child of the one above (at a third,
    /// a stub 8 px long beside a gap of 16 still did, in a fitted page).
    var busInset: Double { gutter / 4 }

    /// The middles of the first and last rows, from the block's top.
    func rowMiddles(ofBlock block: Int) -> (first: Double, last: Double) {
        let first = Int(rowStart[block])
        // A stacked block's: its first sub-column's first and last members (its bus's).
        let last = isStacked(block) ? first + Int(stackFirsts[Int(stackStart[block]) + 1]) - 1 : Int(rowStart[block + 1]) - 1
        return (rowOffsets[first] + rowHeights[first] / 2, rowOffsets[last] + rowHeights[last] / 2)
    }

    /// Where a block's members begin and end along the column, from the centre of the block
    /// placed `placedHeight` tall (its own height and `roomBefore` its members): the middles of
    /// its first and last rows.
    func memberEnds(ofBlock block: Int, placedHeight: Double, roomBefore: Double = 0) -> (first: Double, last: Double) {
        let (first, last) = rowMiddles(ofBlock: block), middle = placedHeight / 2 - roomBefore
        return (first - middle, last - middle)
    }

    /// The placement's columns with each block reduced to its first member, as tall as the
    /// block; `itemOfReduced` maps back.
    func reduced(_ sections: PlacementColumns, heights: [Double])
        -> (columns: PlacementColumns, heights: [Double], itemOfReduced: [Int32]) {
        let count = sections.numberOfItems
        // Per item, how many items before it are kept.
        let keptBefore = PlacementBuffer<Int32>(repeating: 0, count: count + 1)
        let kept = keptBefore.base
        blockOfItem.withUnsafeBufferPointer { blockOfItem in
            for item in 0..<count {
                let block = Int(blockOfItem[item])
                kept[item + 1] = kept[item] + (block < 0 || Int(firstItem[block]) == item ? 1 : 0)
            }
        }
        let reducedCount = Int(kept[count])
        // Written in place, not copied out of buffers: a big tree's peak memory.
        var itemOfReduced = [Int32](repeating: 0, count: reducedCount)
        var reducedHeights = [Double](repeating: 0, count: reducedCount)
        var childStarts = [Int32](repeating: 0, count: reducedCount + 1)
        var parents = [Int32](repeating: 0, count: reducedCount)
        itemOfReduced.withUnsafeMutableBufferPointer { items in
            reducedHeights.withUnsafeMutableBufferPointer { reducedHeights in
                childStarts.withUnsafeMutableBufferPointer { reducedChildStarts in
                    parents.withUnsafeMutableBufferPointer { parents in
                        blockOfItem.withUnsafeBufferPointer { blockOfItem in
                            sections.childStarts.withUnsafeBufferPointer { childStarts in
                                sections.parentOfItem.withUnsafeBufferPointer { parentOfItem in
                                    for item in 0..<count where kept[item + 1] != kept[item] {
                                        let reduced = Int(kept[item]), block = Int(blockOfItem[item])
                                        items[reduced] = Int32(item)
                                        reducedHeights[reduced] = block < 0 ? heights[item] : self.heights[block]
                                        reducedChildStarts[reduced] = kept[Int(childStarts[item])]
                                        let parent = parentOfItem[item]
                                        parents[reduced] = parent < 0 ? -1 : kept[Int(parent)]
                                    }
                                    reducedChildStarts[reducedCount] = kept[Int(childStarts[count])]
                                }
                            }
                        }
                    }
                }
            }
        }
        let sectionStarts = sections.sectionStarts.map { kept[Int($0)] }
        return (PlacementColumns(sectionStarts: sectionStarts, childStarts: childStarts, parentOfItem: parents),
                reducedHeights, itemOfReduced)
    }
}
