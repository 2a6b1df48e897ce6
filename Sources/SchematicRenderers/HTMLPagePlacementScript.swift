/// The schematic layout's placement in JavaScript, for the page's collapse: a port of
/// Sources/SchematicLayout (`SchematicLayout.prepare`, `TidyPlacement`, `CompactPlacement`,
/// `WrapPlan` with its nesting blocks, `assignBusLanes`, `DotEstimate`), function for function, one piece per
/// Swift file or part it follows (`+Tidy`, `+DotEstimate`, `+Compact`, `+Wrap`, `+Nesting`, `+Layout`). When those change, change the function
/// named after them here; tools/page-check.py compares the page's drawings with the CLI's.
enum HTMLPagePlacementScript {
    /// The port, in order: the opening, then one piece per Swift file it follows.
    static let sources: [StaticString] = [opening, tidy, dotEstimate, compact, wrap, nesting, layout]

    static let opening: StaticString = #"""
// The schematic layout's placement, ported from Sources/SchematicLayout (SchematicLayout.prepare,
// TidyPlacement, CompactPlacement, WrapPlan, assignBusLanes) line for line, in the same
// floating-point order, so that the page's drawing of a pruned tree is the engine's. When the
// Swift changes, change the function named after it here; browser-check compares the two.
var SchematicPlacement = (function () {
  'use strict';
  var TARGET_ASPECT = 2, SQUARING_AREA_GROWTH = 2, AUTO_FAN_TIERS = [12, 6, 4, 2], TOP_NESTING_FAN = 4, FOREST_TOP_NESTING_FAN = 2, BLOCK_ASPECT = 1, MEASURED_CHOICE_ITEMS = 50000, ALWAYS_MEASURED_ITEMS = 8000, TRIAL_SWEEPS = 3, RELAXED_WORK = 1000000, RELAXED_CANDIDATES = 6, PAIRED_CANDIDATES = 2, SMALLER_FANS_GAIN = 0.9, MISFIT_GAIN = 0.9, READABLE_ASPECT = 3, READABLE_GAIN = 1.2, DOMINATING_GAIN = 0.98, SAME_PAGE = 0.01, READABLE_TREE_ITEMS = 2000, FEWER_PARENTS_SHARE = 0.02, TIGHT_OFFSET_GAIN = 1.1, TALLER_HEIGHTS = [0.05, 0.1, 0.15, 0.2], TIDY_START_ITEMS = 2000, DOT_ESTIMATE_ITEMS = 150, DOT_EXTENT_SHARE = 1.02, CENTRING_STEP = 0.05, CENTRING_STEPS = 20, RELAXED_ITEMS = 50000, FAR_SUBTREE_PITCHES = 3, FAR_SUBTREE_SWEEPS = 3, FAR_SUBTREE_ROUNDS = 2, SIBLING_GAP_PITCHES = 3, FARTHEST_OUTSIDE = 2.5, LEAF_WEIGHT = 0.05, LEVEL_STUB_DISTANCE = 4, LEVELLED_CHAIN = 64, ABUTTING_BUS_GAP = 40, ABUTTING_PITCHES = 1.5, LONGEST_SINGLE_FILE_RUN = 3, JOINED_TAIL_SHARE = 0.2,
      ADDITIONAL_LANE_SPACING = 10, ADDITIONAL_ENTRY_OFFSET = 6, LEVEL_LANE_DISTANCE = 2;
  // SchematicLayout.abuttingDistance: how far apart two buses' ends on one lane must be.
  function abuttingDistance(pitch, otherPitch) { return Math.max(ABUTTING_BUS_GAP, ABUTTING_PITCHES * Math.max(pitch, otherPitch)); }

  // Nesting (WrapPlan): the reaches (NestingReach: small subtrees, with wide fans, big
  // subtrees, top fans, deep fans, a forest's top fans), subtree limits, panel heights and the long-side rules.
  var REACH_SMALL = 0, REACH_WIDE_FANS = 1, REACH_BIG = 2, REACH_TOP_FANS = 3, REACH_DEEP_FANS = 4, REACH_DEEP_BIG_FANS = 5, REACH_DEEP_LARGE_FANS = 6, REACH_FOREST_TOP_FANS = 7, NESTING_REACHES = 8, LARGEST_NESTED_SUBTREE = 120, LARGEST_DEEP_NESTED_SUBTREE = 20, LARGEST_DEEP_BIG_NESTED_SUBTREE = 40, LARGEST_DEEP_LARGE_NESTED_SUBTREE = 100, DEEP_NESTING_ASPECT = 6, DEEP_NESTING_GAIN = 0.8, DEEPEST_NESTING = 4, DEEPEST_BIG_NESTING = 8;
  var NESTING_SHAPES = [0.5, 0.75, 1, 1.5, 2], NESTING_SHRINK = 0.9, NESTING_DEPTH_GROWTH = 1.02, NESTING_SHAPE_STEP = 0.7, NESTING_SHAPE_SHRINK = 0.95, HANGING_LIST_LENGTH = 3, NESTING_ROW_LIMIT_FACTORS = [1, 2, 4], BROADENING_PAGE_REACH = 2, SHORTENING_TARGETS = 16, OWN_REACH_ROWS = 4, DEEP_SIBLING_LEVELS = 3, DEEP_SIBLING_SHARE = 10, KEPT_ROWS_PAGE_GAIN = 1.02, FILLING_SHARE = 0.9,
      LONGEST_BROKEN_RUN = 4096, BREAKS_GAIN = 0.995, BREAKING_PAGE_REACH = 1.25, LONGER_HANGING_LIST = 3, NO_HANGING_LIST = 2147483647, DEPTH_ROOM_REACH = 1.15;

  // NestingReach.isDeep and isTop.
  function isDeepReach(reach) { return reach >= REACH_DEEP_FANS && reach <= REACH_DEEP_LARGE_FANS; }
  function isTopReach(reach) { return reach === REACH_TOP_FANS || reach === REACH_FOREST_TOP_FANS; }

  // Columns: {ss: section starts (S + 1), cs: child starts (n + 1), par: parent of each item}.
  function sectionOfItems(cols) {
    var n = cols.par.length, S = cols.ss.length - 1, out = new Int32Array(n);
    for (var s = 0; s < S; s++) for (var i = cols.ss[s]; i < cols.ss[s + 1]; i++) out[i] = s;
    return out;
  }


"""#
}
