extension HTMLPagePlacementScript {
    /// The port of `SchematicLayout.prepare` from scratch and `assignBusLanes`.
    static let layout: StaticString = #"""
  // ForestBands.separate: each root's subtree moved, whole, to start a padding below every
  // box of the trees before it, down or up (compact: before its last steps; tidy: after it).
  function separateForestBands(centers, c, h, pad) {
    var rootCount = c.ss.length > 1 ? c.ss[1] : 0;
    if (rootCount <= 1) return centers;
    var count = centers.length, rootOf = new Int32Array(count), item, root;
    var bandTops = new Float64Array(rootCount).fill(Infinity), bandBottoms = new Float64Array(rootCount).fill(-Infinity);
    for (item = 0; item < count; item++) {
      var parent = c.par[item];
      root = parent < 0 ? item : rootOf[parent];
      rootOf[item] = root;
      bandTops[root] = Math.min(bandTops[root], centers[item] - h[item] / 2);
      bandBottoms[root] = Math.max(bandBottoms[root], centers[item] + h[item] / 2);
    }
    var shifts = new Float64Array(rootCount), bottom = bandBottoms[0], moves = false;
    for (root = 1; root < rootCount; root++) {
      shifts[root] = bottom + pad - bandTops[root];
      moves = moves || shifts[root] !== 0;
      bottom = Math.max(bottom, bandBottoms[root] + shifts[root]);
    }
    if (!moves) return centers;
    // The drawing keeps its top (a later tree reaching highest left an empty band).
    var oldTop = Infinity, newTop = Infinity;
    for (root = 0; root < rootCount; root++) { oldTop = Math.min(oldTop, bandTops[root]); newTop = Math.min(newTop, bandTops[root] + shifts[root]); }
    var lift = newTop - oldTop;
    for (item = 0; item < count; item++) centers[item] += shifts[rootOf[item]] - lift;
    return centers;
  }
  // SchematicLayout.prepare from scratch: canonical frames, columns, wrapped blocks and buses.
  // cfg: alignment, wrap (-1 off, 0 auto, n), itemPadding, sectionPadding, sectionMargin,
  // headerInset, connectorStyle, bands, vertical (tb or bt), nests (subtrees may nest).
  function layout(cols, widths, heights, cfg) {
    forgetNestingBlocks();
    var ss = cols.ss, cs = cols.cs, par = cols.par, n = par.length, S = ss.length - 1, pad = cfg.itemPadding;
    var tops = new Float64Array(n), secW = new Float64Array(S), secH = new Float64Array(S), secL = new Float64Array(S);
    var lefts = null, plan = null, blockTops = null, blockEntries = null, secX = null, keepsNestedRoom = true, s, i;
    function stackItems(section) {
      var top = pad / 2;
      for (var k = ss[section]; k < ss[section + 1]; k++) { tops[k] = top; top += heights[k] + pad; }
      secH[section] = top - pad / 2;
      var width = 0;
      for (k = ss[section]; k < ss[section + 1]; k++) width = Math.max(width, widths[k]);
      secW[section] = width;
    }
    // PlacementColumns.hasFan and fanSize: the roots are a fan too.
    var rootCount = S > 0 ? ss[1] : 0;
    function hasFan(fan) {
      if (rootCount >= fan) return true;
      for (var at = 0; at < n; at++) if (cs[at + 1] - cs[at] >= fan) return true;
      return false;
    }
    // PlacementColumns.hasNestingFan: a fan of the first tier, one at the top of the tree
    // (REACH_TOP_FANS) with a child at most DEEPEST_BIG_NESTING levels deep, or any fan of
    // TOP_NESTING_FAN or more with a child REACH_DEEP_BIG_FANS takes (REACH_DEEP_LARGE_FANS needs a fan of the first tier).
    function hasNestingFan() {
      if (hasFan(AUTO_FAN_TIERS[0])) return true;
      var root, item, shape = subtreeShape();
      for (root = 0; root < rootCount; root++) if (cs[root + 1] - cs[root] >= TOP_NESTING_FAN && hasNestingChild(cs[root], cs[root + 1], Infinity, shape)) return true;
      for (item = 0; item < n; item++) if (cs[item + 1] - cs[item] >= TOP_NESTING_FAN && hasNestingChild(cs[item], cs[item + 1], LARGEST_DEEP_BIG_NESTED_SUBTREE, shape)) return true;
      return false;
    }
    // PlacementColumns.hasForestTopNestingFan: in a forest, a root's fan of FOREST_TOP_NESTING_FAN
    // (and the shortest run that wraps, WrapPlan.shortestAutoRun) to TOP_NESTING_FAN - 1 children
    // with a child at most DEEPEST_BIG_NESTING levels deep.
    function hasForestTopNestingFan() {
      var root, any = false, smallest = Math.max(FOREST_TOP_NESTING_FAN, cfg.vertical ? 2 : 3);
      if (rootCount < 2 || smallest >= TOP_NESTING_FAN) return false;
      function smallFan(root) { var c = cs[root + 1] - cs[root]; return c >= smallest && c < TOP_NESTING_FAN; }
      for (root = 0; root < rootCount; root++) any = any || smallFan(root);
      if (!any) return false;
      var shape = subtreeShape();
      for (root = 0; root < rootCount; root++) if (smallFan(root) && hasNestingChild(cs[root], cs[root + 1], Infinity, shape)) return true;
      return false;
    }
    // PlacementColumns.subtreeShape: levels below and nodes under each item, bottom up.
    function subtreeShape() {
      var levels = new Int8Array(n), sizes = new Int32Array(n);
      for (var item = n - 1; item >= 0; item--) {
        sizes[item] = 1;
        for (var child = cs[item]; child < cs[item + 1]; child++) {
          levels[item] = Math.max(levels[item], Math.min(levels[child] + 1, 100));
          sizes[item] = Math.min(sizes[item] + sizes[child], 1 << 30);
        }
      }
      return {levels: levels, sizes: sizes};
    }
    // PlacementColumns.hasNestingChild: a child of the fan lo..<hi whose subtree is at most
    // DEEPEST_BIG_NESTING levels deep and of at most largest nodes.
    function hasNestingChild(lo, hi, largest, shape) {
      for (var k = lo; k < hi; k++) if (cs[k + 1] > cs[k] && shape.levels[k] <= DEEPEST_BIG_NESTING && shape.sizes[k] <= largest) return true;
      return false;
    }
    function fanSize(item) { var p = par[item]; return p < 0 ? rootCount : cs[p + 1] - cs[p]; }
    function centersOf(c, h, standIns, ends, comparesWithDot) {
      if (cfg.alignment === 'compact') { var placedCompact = compact(c, h, pad, 12, standIns, ends, comparesWithDot); if (placedCompact) return placedCompact; }
      var centers = tidy(c, h, pad);
      separateForestBands(centers, c, h, pad);
      return centers;
    }
    // OverhangColumns.init
    function overhangColumns(rc, rh, lastSection) {
      var sectionCount = rc.ss.length - 1, standIns = 0, sec, k;
      for (sec = 0; sec < sectionCount; sec++) for (k = rc.ss[sec]; k < rc.ss[sec + 1]; k++) standIns += Math.max(0, lastSection[k] - sec);
      var reducedCount = rc.par.length;
      if (!(standIns > 0 && standIns <= Math.max(reducedCount, n))) return null;  // n: the limit, the tree's items
      var count = reducedCount + standIns, ssOut = [0], cs = new Int32Array(count + 1), par = [], hs = [], reducedOf = [], isStandIn = [], origin = [];
      function append(item, parent, standIn) { par.push(parent); hs.push(rh[item]); reducedOf.push(standIn ? -1 : item); isStandIn.push(standIn ? 1 : 0); origin.push(item); }
      for (k = 0; k < rc.ss[1]; k++) append(k, -1, false);
      ssOut.push(par.length);
      for (sec = 1; sec < Math.max(1, sectionCount); sec++) {
        for (var parent = ssOut[sec - 1]; parent < ssOut[sec]; parent++) {
          cs[parent] = par.length;
          var source = origin[parent];
          if (!isStandIn[parent]) for (var child = rc.cs[source]; child < rc.cs[source + 1]; child++) append(child, parent, false);
          if (lastSection[source] >= sec) append(source, parent, true);
        }
        ssOut.push(par.length);
      }
      for (k = ssOut[sectionCount - 1]; k <= count; k++) cs[k] = count;
      return {cols: {ss: Int32Array.from(ssOut), cs: cs, par: Int32Array.from(par)}, heights: Float64Array.from(hs),
              reducedOfItem: reducedOf, isStandIn: Uint8Array.from(isStandIn)};
    }
    // SchematicLayout.placeWrappedItems
    function placeWrappedItems() {
      var red = reduced(plan, cols, heights), rc = red.cols, rh = red.heights, m = rh.length, centers, k, sec;
      var hangs = overhangs(cfg, cols);
      var unwrappedWidths = new Float64Array(S);
      secX = new Float64Array(S);
      for (sec = 0; sec < S; sec++) {
        var width = 0, extent = 0;
        for (k = ss[sec]; k < ss[sec + 1]; k++) {
          var bw = plan.blockOfItem[k];
          if (bw < 0) width = Math.max(width, widths[k]); else if (!isInner(plan, k, bw)) extent = Math.max(extent, plan.widths[bw]);
        }
        unwrappedWidths[sec] = width;
        secW[sec] = hangs ? width : Math.max(width, extent);
        secX[sec] = Math.max(width, extent);
      }
      var standInColumns = null;
      keepsNestedRoom = !plan.nestsFolders;
      if (hangs) {
        var colLefts = new Float64Array(S).fill(cfg.sectionMargin);
        for (sec = 1; sec < Math.max(1, S); sec++) colLefts[sec] = colLefts[sec - 1] + secW[sec - 1] + cfg.sectionPadding;
        var lastSection = new Int32Array(m);
        for (sec = 0; sec < S; sec++) {
          for (k = rc.ss[sec]; k < rc.ss[sec + 1]; k++) {
            var last = sec, blk = plan.blockOfItem[red.itemOfReduced[k]];
            if (blk >= 0) {
              var right = colLefts[sec] + plan.widths[blk];
              while (last + 1 < S && right > colLefts[last] + secW[last] + 0.5) last++;
              // A nesting block keeps its room in the columns of its inner levels.
              last = Math.min(S - 1, Math.max(last, sec + plan.nestLevels[blk]));
            }
            lastSection[k] = last;
          }
        }
        standInColumns = overhangColumns(rc, rh, lastSection);
        keepsNestedRoom = !plan.nestsFolders || standInColumns !== null;
      }
      // WrapPlan.keepRoomBeforeBlocks: room before some blocks' members.
      var rooms;
      if (standInColumns) {
        rooms = keepRoomBeforeBlocks(plan, standInColumns.cols, standInColumns.heights, standInColumns.reducedOfItem,
                                     standInColumns.isStandIn, red.itemOfReduced, pad);
        if (rooms.length) for (k = 0; k < m; k++) { var rb = plan.blockOfItem[red.itemOfReduced[k]]; if (rb >= 0) rh[k] += rooms[rb]; }
      } else rooms = keepRoomBeforeBlocks(plan, rc, rh, null, null, red.itemOfReduced, pad);
      var roomBefore = function (block) { return rooms.length ? rooms[block] : 0; };
      // CompactPlacement.MemberEnds: parents centred on their children's first and last members.
      var ends = {first: new Float64Array(m), last: new Float64Array(m), has: new Uint8Array(m)};
      for (k = 0; k < m; k++) {
        var endBlock = plan.blockOfItem[red.itemOfReduced[k]];
        if (endBlock >= 0) { var e = memberEnds(plan, endBlock, rh[k], roomBefore(endBlock)); ends.first[k] = e.first; ends.last[k] = e.last; ends.has[k] = 1; }
      }
      if (standInColumns) {
        var placedCount = standInColumns.reducedOfItem.length;
        var placedEnds = {first: new Float64Array(placedCount), last: new Float64Array(placedCount), has: new Uint8Array(placedCount)};
        for (k = 0; k < placedCount; k++) {
          var of = standInColumns.reducedOfItem[k];
          if (of >= 0) { placedEnds.first[k] = ends.first[of]; placedEnds.last[k] = ends.last[of]; placedEnds.has[k] = ends.has[of]; }
        }
        ends = placedEnds;
      }
      centers = placedCenters(standInColumns ? standInColumns.cols : rc, standInColumns ? standInColumns.heights : rh,
                              standInColumns ? standInColumns.isStandIn : null, ends);
      if (standInColumns) {
        var reducedCenters = new Float64Array(m);
        for (k = 0; k < standInColumns.reducedOfItem.length; k++) if (standInColumns.reducedOfItem[k] >= 0) reducedCenters[standInColumns.reducedOfItem[k]] = centers[k];
        centers = reducedCenters;
      }
      var blockCount = plan.firstItem.length;
      blockTops = new Float64Array(blockCount); blockEntries = new Float64Array(blockCount); lefts = new Float64Array(n);
      for (var r = 0; r < m; r++) {
        var item = red.itemOfReduced[r], block = plan.blockOfItem[item], topR = centers[r] - rh[r] / 2;
        if (block < 0) { tops[item] = topR; continue; }
        topR += roomBefore(block);
        blockTops[block] = topR;
        for (var member = item; member < item + plan.memberCount[block]; member++) {
          tops[member] = topR + memberOffset(plan, member, block, widths[member], heights[member]).y;
        }
        for (var level = plan.levelStart[block]; level < plan.levelStart[block] + plan.nestLevels[block]; level++) {
          for (member = plan.levelFirst[level]; member < plan.levelFirst[level] + plan.levelCount[level]; member++) {
            tops[member] = topR + memberOffset(plan, member, block, 0, 0).y;
          }
        }
      }
      // Each column's left from the first's (an inner member is drawn in its block, `level` columns earlier).
      var columnStarts = new Float64Array(S);
      for (sec = 1; sec < Math.max(1, S); sec++) columnStarts[sec] = columnStarts[sec - 1] + secW[sec - 1] + cfg.sectionPadding;
      for (sec = 0; sec < S; sec++) {
        var lastR = rc.ss[sec + 1] - 1;
        secH[sec] = rc.ss[sec] === rc.ss[sec + 1] ? 0 : centers[lastR] + rh[lastR] / 2 + pad / 2;
        for (k = ss[sec]; k < ss[sec + 1]; k++) {
          var bk = plan.blockOfItem[k];
          if (bk < 0) { lefts[k] = (unwrappedWidths[sec] - widths[k]) / 2; continue; }
          var innerLevel = isInner(plan, k, bk) ? plan.memberLevels[nestedIndex(plan, k, bk)] : 0;
          lefts[k] = memberOffset(plan, k, bk, widths[k], heights[k]).x - (columnStarts[sec] - columnStarts[sec - innerLevel]);
        }
      }
      for (var bl = 0; bl < blockCount; bl++) {
        var firstMember = plan.firstItem[bl], parent = par[firstMember];
        // A list in single file (WrapPlan.isSingleFile) is entered at the line past its far side.
        var singleFile = plan.hangsLists && plan.rows[bl] === 1 && plan.offsetStart[bl] < 0;
        if (singleFile) { blockEntries[bl] = blockTops[bl] + plan.heights[bl] + pad * 0.25; continue; }  // SchematicLayout.blockBusRise
        var rows = rowMiddles(plan, bl);
        var parentMiddle = parent < 0 ? -Infinity : tops[parent] + heights[parent] / 2;  // a block of roots: its first row
        // A parent before a block of several sub-columns enters it at the corner of the line over
        // it; so does any into a row hanging from that line (WrapPlan.isCombed).
        var combed = !plan.hangsLists && plan.rows[bl] === 1 && plan.columns[bl] > 1 && plan.offsetStart[bl] < 0;
        var entersCorner = parent >= 0 && plan.columns[bl] > 1 && !singleFile && (parentMiddle < blockTops[bl] + rows.first - LEVEL_STUB_DISTANCE || combed);
        // A parent beyond the first sub-column's last row has that sub-column's line run on to
        // its level where that is within the block, else enters it past the block's far side.
        var beyond = parent >= 0 && plan.columns[bl] > 1 && !singleFile && parentMiddle > blockTops[bl] + rows.last + LEVEL_STUB_DISTANCE;
        var runsOn = beyond && parentMiddle <= blockTops[bl] + plan.heights[bl];
        blockEntries[bl] = entersCorner ? blockTops[bl] - pad * 0.25  // SchematicLayout.blockBusRise
          : beyond && !runsOn ? blockTops[bl] + plan.heights[bl] + pad * 0.25
          : runsOn ? parentMiddle
          : Math.min(Math.max(parentMiddle, blockTops[bl] + rows.first), blockTops[bl] + rows.last);
      }
    }
    // SchematicLayout.placedCenters
    function placedCenters(rc, rh, standIns, ends) {
      var m = rh.length, centers, k, sec;
      if (cfg.alignment === 'stacked' || cfg.alignment === 'centered') {
        centers = new Float64Array(m);
        var stackHeights = new Float64Array(S);
        for (sec = 0; sec < S; sec++) {
          var top = pad / 2;
          for (k = rc.ss[sec]; k < rc.ss[sec + 1]; k++) { centers[k] = top + rh[k] / 2; top += rh[k] + pad; }
          stackHeights[sec] = top - pad / 2;
        }
        if (cfg.alignment === 'centered') {
          var tallest = 0;
          for (sec = 0; sec < S; sec++) tallest = Math.max(tallest, stackHeights[sec]);
          for (sec = 0; sec < S; sec++) {
            var shift = (tallest - stackHeights[sec]) / 2;
            for (k = rc.ss[sec]; k < rc.ss[sec + 1]; k++) centers[k] += shift;
          }
        }
        return centers;
      }
      return centersOf(rc, rh, standIns, ends);
    }
    // WrapDrawing: a placed drawing as the measured choice judges it.
    function drawing(breadth, depth) { return {aspect: breadth / Math.max(depth, 1), area: breadth * depth, longSide: Math.max(breadth, depth), breadth: breadth, depth: depth}; }
    function drawn() { return drawing(maxOf(secH), wrappedContentWidth()); }
    function misfit(aspect) { return Math.max(aspect / TARGET_ASPECT, 1 / Math.max(aspect * TARGET_ASPECT, 1e-9)); }
    function fits(aspect) { return misfit(aspect) <= 1; }
    // WrapDrawing.page: the least page within TARGET_ASPECT of square that holds the drawing.
    function page(d) { return d.area * Math.max(1, misfit(d.aspect)); }
    // WrapPlan.cost: the page times how far the drawing is beyond READABLE_ASPECT, to the eighth power.
    function cost(d) {
      var p = page(d), share = Math.min(1, d.area * (READABLE_ASPECT / TARGET_ASPECT) / Math.max(p, 1e-9));
      return p * Math.sqrt(Math.sqrt(Math.sqrt(share)));
    }
    function unreadable(aspect) { return misfit(aspect) > READABLE_ASPECT / TARGET_ASPECT; }
    // WrapDrawing.replaces (a drawing within READABLE_ASPECT against one beyond it: READABLE_GAIN;
    // one smaller both ways always, by DOMINATING_GAIN, one larger both ways never, but not
    // across READABLE_ASPECT for a small tree; pages within SAME_PAGE: the smaller area).
    function replaces(d, other, gain) {
      var beyond = unreadable(d.aspect), otherBeyond = unreadable(other.aspect);
      if (!(n <= READABLE_TREE_ITEMS && beyond !== otherBeyond)) {
        if (d.breadth <= other.breadth && d.depth <= other.depth && d.area < other.area * Math.min(gain, DOMINATING_GAIN)) return true;
        if (other.breadth <= d.breadth && other.depth <= d.depth && other.area < d.area) return false;
      }
      if (!(beyond && otherBeyond)) {
        var readableGain = beyond === otherBeyond ? 1 : otherBeyond ? READABLE_GAIN : 1 / READABLE_GAIN;
        if (gain === 1 && readableGain === 1 && Math.abs(page(d) / page(other) - 1) < SAME_PAGE) return d.area < other.area;
        return page(d) < page(other) * gain * readableGain;
      }
      return cost(d) < cost(other) * gain;
    }
    // WrapDrawing.nestingShortens: the long side by NESTING_SHRINK, or the breadth so with the depth at most NESTING_DEPTH_GROWTH longer.
    function nestingShortens(d, reference) {
      return d.longSide <= reference.longSide * NESTING_SHRINK
        || (d.breadth <= reference.breadth * NESTING_SHRINK && d.depth <= reference.depth * NESTING_DEPTH_GROWTH);
    }
    // WrapDrawing.nestingAreaLimit: within READABLE_ASPECT, nesting only for a smaller drawing.
    function nestingAreaLimit(d) { return unreadable(d.aspect) ? Infinity : d.area * SMALLER_FANS_GAIN; }
    // WrapDrawing.deepNestingAreaLimit: deep panels only smaller, within READABLE_ASPECT by DEEP_NESTING_GAIN.
    function deepNestingAreaLimit(d) { return d.area * (unreadable(d.aspect) ? 1 : DEEP_NESTING_GAIN); }
    // WrapPlan.nestsDeepFans: with a fan of the first tier, or beyond DEEP_NESTING_ASPECT.
    function nestsDeepFans(aspect) { return hasFan(AUTO_FAN_TIERS[0]) || misfit(aspect) > DEEP_NESTING_ASPECT / TARGET_ASPECT; }
    // NestingReach.isTried: a deep reach only where nestsDeepFans, REACH_DEEP_LARGE_FANS only with a fan of the first tier.
    function reachTried(reach, aspect) {
      return (!isDeepReach(reach) || nestsDeepFans(aspect)) && (reach !== REACH_DEEP_LARGE_FANS || hasFan(AUTO_FAN_TIERS[0]));
    }
    // WrapDrawing.readsWhereUnreadable: within READABLE_ASPECT where the best is beyond it, no area limit holds.
    function readsWhereUnreadable(d, best) { return !unreadable(d.aspect) && unreadable(best.aspect); }
    // WrapDrawing.furtherReachAreaLimit: a further reach than a readable nesting drawing's only smaller.
    function furtherReachAreaLimit(d) { return unreadable(d.aspect) ? Infinity : d.area; }
    // WrappedPlacement.unwrappedSize, as a drawing.
    function unwrappedDrawing() {
      var plain = placedCenters(cols, heights, null, null), breadth = 0, k, sec;
      for (k = 0; k < n; k++) breadth = Math.max(breadth, plain[k] + heights[k] / 2 + pad / 2);
      var left = cfg.sectionMargin, right = 0;
      for (sec = 0; sec < S; sec++) {
        var widest = 0;
        for (k = ss[sec]; k < ss[sec + 1]; k++) widest = Math.max(widest, widths[k]);
        right = Math.max(right, left + widest); left += widest + cfg.sectionPadding;
      }
      return drawing(breadth, right + cfg.sectionMargin);
    }
    // Places a plan and measures it.
    function placed(candidate) {
      plan = candidate; placeWrappedItems();
      var d = drawn();
      d.sectionWidths = Array.from(secW);  // filledToDepthPlacement's columns
      return {plan: candidate, drawing: d, keeps: keepsNestedRoom};
    }
    // WrappedPlacement.nestingPlacements: the nesting plans at every panel height of
    // NESTING_SHAPES, then lower (higher) ones while the lowest (highest) is best and the
    // drawing still beyond TARGET_ASPECT, each on a smaller page and a long side shorter by
    // NESTING_SHAPE_SHRINK; then each panel height whose blocks broadened draw otherwise. Placed,
    // in that order.
    function nestingPlacements(rowLimit, fills, smallestFan, reach) {
      function planAt(shape, broadens) { return wrapPlan(cols, widths, heights, cfg, rowLimit, smallestFan, fills, shape, reach, broadens); }
      var result = [], best = null, broadenedShapes = [], k;
      function withBroadened() {
        for (var b = 0; b < broadenedShapes.length; b++) {
          var broadened = planAt(broadenedShapes[b], true);
          if (broadened) result.push(placed(broadened));
        }
        return result;
      }
      for (k = 0; k < NESTING_SHAPES.length; k++) {
        var candidate = planAt(NESTING_SHAPES[k], false);
        if (!candidate) continue;
        var trial = placed(candidate);
        result.push(trial);
        if (!trial.keeps || !candidate.nestsFolders) continue;
        if (best === null || page(trial.drawing) < page(best.drawing)) best = {shape: NESTING_SHAPES[k], drawing: trial.drawing};
      }
      // Broadened where that draws otherwise and may then be best (BROADENING_PAGE_REACH).
      for (k = 0; k < result.length && best !== null; k++) {
        if (result[k].keeps && result[k].plan.broadeningDiffers && page(result[k].drawing) <= page(best.drawing) * BROADENING_PAGE_REACH) {
          broadenedShapes.push(result[k].plan.nestingShape);
        }
      }
      if (best === null) return withBroadened();
      var step;
      if (best.shape === NESTING_SHAPES[0] && best.drawing.aspect > TARGET_ASPECT) step = NESTING_SHAPE_STEP;
      else if (best.shape === NESTING_SHAPES[NESTING_SHAPES.length - 1] && best.drawing.aspect < 1 / TARGET_ASPECT) step = 1 / NESTING_SHAPE_STEP;
      else return withBroadened();
      for (k = 0; k < 3; k++) {
        var shape = best.shape * step, further = planAt(shape, false);
        if (!further) break;
        var trialFurther = placed(further);
        if (!(trialFurther.keeps && further.nestsFolders)) break;
        var d = trialFurther.drawing;
        // On a smaller page, shorter or, from a drawing beyond READABLE_ASPECT of a tree with a
        // wide fan, nearer square.
        var nearer = unreadable(best.drawing.aspect) && misfit(d.aspect) < misfit(best.drawing.aspect) && hasFan(AUTO_FAN_TIERS[0]);
        if (!(page(d) < page(best.drawing) && (d.longSide <= best.drawing.longSide * NESTING_SHAPE_SHRINK || nearer))) break;
        result.push(trialFurther);
        best = {shape: shape, drawing: d};
        if (!(step < 1 ? d.aspect > TARGET_ASPECT : d.aspect < 1 / TARGET_ASPECT)) break;
      }
      return withBroadened();
    }
    // WrappedPlacement.broadened: a nesting plan again with broadened blocks, placed (null
    // where that draws no block otherwise).
    function broadenedPlacement(nesting) {
      if (!nesting || !nesting.nestsFolders || !nesting.broadeningDiffers) return null;
      var broader = wrapPlan(cols, widths, heights, cfg, nesting.rowLimit, nesting.smallestFan, nesting.fills, nesting.nestingShape, nesting.nestingReach, true, nesting.fillsBlocks,
                             false, false, nesting.shortestHangingList, nesting.depthRoom, nesting.nestsInDepthRoom);
      return broader ? placed(broader) : null;
    }
    // WrappedPlacement.filled: a nesting plan again with its narrower blocks filled, placed
    // (null where that draws no block otherwise).
    function filledPlacement(nesting) {
      if (!nesting || !nesting.nestsFolders || !nesting.fillingDiffers) return null;
      var fuller = wrapPlan(cols, widths, heights, cfg, nesting.rowLimit, nesting.smallestFan, nesting.fills, nesting.nestingShape, nesting.nestingReach, nesting.broadensBlocks, true,
                            false, false, nesting.shortestHangingList, nesting.depthRoom, nesting.nestsInDepthRoom);
      return fuller ? placed(fuller) : null;
    }
    // WrappedPlacement.broken: a nesting plan again with its panels broken where that makes
    // blocks smaller, placed (null where no block's panels break otherwise).
    function brokenPlacement(nesting) {
      if (!nesting || !nesting.nestsFolders) return null;
      var broken = wrapPlan(cols, widths, heights, cfg, nesting.rowLimit, nesting.smallestFan, nesting.fills, nesting.nestingShape, nesting.nestingReach, nesting.broadensBlocks, nesting.fillsBlocks, true,
                            false, nesting.shortestHangingList, nesting.depthRoom, nesting.nestsInDepthRoom);
      return broken && broken.breaksDiffer ? placed(broken) : null;
    }
    // WrappedPlacement.evened: a nesting plan again with its panels evened where that makes
    // blocks smaller, placed (null where no block's panels are evened).
    function evenedPlacement(nesting) {
      if (!nesting || !nesting.nestsFolders) return null;
      var evened = wrapPlan(cols, widths, heights, cfg, nesting.rowLimit, nesting.smallestFan, nesting.fills, nesting.nestingShape, nesting.nestingReach, nesting.broadensBlocks, nesting.fillsBlocks,
                            nesting.breaksPanels, false, nesting.shortestHangingList, nesting.depthRoom, nesting.nestsInDepthRoom, true);
      return evened && evened.evensDiffer ? placed(evened) : null;
    }
    // WrappedPlacement.longerLists (and listsSideBySide, shortest NO_HANGING_LIST): a nesting
    // plan again with lists of `shortest` (LONGER_HANGING_LIST) leaves at least, its other
    // options kept, placed (null where no list hangs shorter).
    function longerListsPlacement(nesting, shortest) {
      if (shortest === undefined) shortest = LONGER_HANGING_LIST;
      if (!nesting || !nesting.nestsFolders || !nesting.hangsLists || nesting.shortestHangingList >= shortest) return null;
      if (!nesting.listCount.some(function (count) { return count < shortest; })) return null;
      var longer = wrapPlan(cols, widths, heights, cfg, nesting.rowLimit, nesting.smallestFan, nesting.fills, nesting.nestingShape, nesting.nestingReach, nesting.broadensBlocks, nesting.fillsBlocks,
                            nesting.breaksPanels, false, shortest, nesting.depthRoom, nesting.nestsInDepthRoom, nesting.evensPanels);
      return longer ? placed(longer) : null;
    }
    // WrappedPlacement.filledToDepth (reach 1), filledBeyondDepth (DEPTH_ROOM_REACH) and
    // nestedInDepthRoom (nestsInRoom): a nesting plan again with its blocks filling reach times
    // the placed drawing's depth, its other options kept, placed (null where it would be made
    // with the same room, or, filled only, where no block can take more panels).
    function filledToDepthPlacement(trial, reach, nestsInRoom) {
      var nesting = trial.plan;
      if (!nesting || !nesting.nestsFolders) return null;
      var depth = trial.drawing.depth * reach, room = new Array(S), left = cfg.sectionMargin, same = nesting.depthRoom.length === S;
      var hangs = overhangs(cfg, cols);  // else a block may fill its column only
      for (var sec = 0; sec < S; sec++) {
        room[sec] = hangs ? depth - cfg.sectionMargin - left : trial.drawing.sectionWidths[sec];
        left += trial.drawing.sectionWidths[sec] + cfg.sectionPadding;
        if (same && room[sec] !== nesting.depthRoom[sec]) same = false;
      }
      var nestsInDepthRoom = !!nestsInRoom || nesting.nestsInDepthRoom;
      if (same && nestsInDepthRoom === nesting.nestsInDepthRoom) return null;
      if (!nestsInDepthRoom) {
        // Filled only: made again only where some block is narrower than its room and has panels to add.
        var fillable = false;
        for (var b = 0; b < nesting.firstItem.length && !fillable; b++) {
          if (!(nesting.nestLevels[b] > 0 && nesting.columns[b] < nesting.memberCount[b])) continue;
          var low = 0, high = cols.ss.length - 1;
          while (high - low > 1) { var middle = Math.floor((low + high) / 2); if (cols.ss[middle] <= nesting.firstItem[b]) low = middle; else high = middle; }
          fillable = nesting.widths[b] < room[low] * FILLING_SHARE;
        }
        if (!fillable) return null;
      }
      var fuller = wrapPlan(cols, widths, heights, cfg, nesting.rowLimit, nesting.smallestFan, nesting.fills, nesting.nestingShape, nesting.nestingReach, nesting.broadensBlocks, nesting.fillsBlocks,
                            nesting.breaksPanels, false, nesting.shortestHangingList, room, nestsInDepthRoom, nesting.evensPanels);
      return fuller ? placed(fuller) : null;
    }
    // WrappedPlacement.judgeReworkings: the best's blocks broadened, its narrower blocks filled,
    // its panels broken, then evened, its lists longer, none hanging, its blocks filling the depth, a little beyond,
    // smaller fans nesting in that room, and its panels evened again, in that order, each made from the best at
    // its turn (bestNow()) and judged.
    function judgeReworkings(bestNow, judge) {
      var remakes = [function (b) { return broadenedPlacement(b.plan); }, function (b) { return filledPlacement(b.plan); },
                     function (b) { return brokenPlacement(b.plan); }, function (b) { return evenedPlacement(b.plan); },
                     function (b) { return longerListsPlacement(b.plan); },
                     function (b) { return longerListsPlacement(b.plan, NO_HANGING_LIST); },
                     function (b) { return filledToDepthPlacement(b, 1); }, function (b) { return filledToDepthPlacement(b, DEPTH_ROOM_REACH); },
                     function (b) { return filledToDepthPlacement(b, 1, true); },
                     function (b) { return evenedPlacement(b.plan); }];
      remakes.forEach(function (remake) { var trial = remake(bestNow()); if (trial) judge(trial); });
    }
    // SchematicLayout.placeWrappedItemsChoosingRows
    // False where drawing it unwrapped is better (only small fans wrap, and the drawing without
    // is on a smaller page; or, with unwrapped, the best's page is beyond SMALLER_FANS_GAIN of its).
    function placeWrappedItemsChoosingRows(unwrapped) {
      placeWrappedItems();
      if (cfg.wrap !== 0) return true;
      var estimated = plan;
      // Beyond ALWAYS_MEASURED_ITEMS, where the estimate does not fit, no limits are measured,
      // but a wide fan of folders may still nest.
      var measuresLimits = estimated.estimateFits || n <= ALWAYS_MEASURED_ITEMS;
      var mayNest = cfg.nests && overhangs(cfg, cols);
      if (!measuresLimits) {
        // WrapPlan.bigTreeNestingFan: a 200th of the items at least.
        var bigTreeFan = Math.max(AUTO_FAN_TIERS[0], Math.floor(n / 200));
        var wideFan = hasFan(bigTreeFan);
        if (!(mayNest && n <= MEASURED_CHOICE_ITEMS && wideFan)) return true;
      }
      function planWith(limit, fills, fan) { return wrapPlan(cols, widths, heights, cfg, limit, fan || estimated.smallestFan, fills); }
      if (n > MEASURED_CHOICE_ITEMS) {
        for (var attempt = 0; attempt < 3; attempt++) {
          if (!(plan.rowLimit > fewestAutoRows(cfg))) break;
          var before = drawn(), aspect = before.aspect, current = plan;
          if (!(aspect > TARGET_ASPECT * 1.1)) break;
          var limit = Math.max(fewestAutoRows(cfg), Math.min(plan.rowLimit - 1, Math.trunc(plan.rowLimit * TARGET_ASPECT / aspect)));
          var next = planWith(limit);
          if (!next) break;
          plan = next;
          placeWrappedItems();
          // (A lower limit that squares the drawing by widening it alone is undone.)
          if (drawn().area > SQUARING_AREA_GROWTH * before.area) { plan = current; placeWrappedItems(); break; }
        }
        return true;
      }
      var best = {plan: estimated, drawing: drawn()}, bestByPage = best, tried = new Map(), triedFilling = new Map();
      var nestingShrinkReference = null, nestingAreaLimitNow = Infinity, nestingLimitReference = null, nestingKeepsReadable = false;
      tried.set(estimated.rowLimit, fits(best.drawing.aspect));
      // Keeps a placed plan if it is better; whether it fits the target (null if it cannot be
      // drawn). Plain candidates are keyed by limit, filling ones by smallest fan and limit.
      function judgePlaced(trial) {
        var candidate = trial.plan, nests = candidate.nestsFolders;
        if (!trial.keeps) return null;
        var trials = null, key = null;
        if (!nests) {
          trials = candidate.fills ? triedFilling : tried;
          key = candidate.fills ? candidate.smallestFan + ':' + candidate.rowLimit : candidate.rowLimit;
          if (trials.has(key)) return trials.get(key);
        }
        var d = trial.drawing, fitting = fits(d.aspect);
        if (trials) trials.set(key, fitting);
        var gain = candidate.smallestFan < best.plan.smallestFan ? SMALLER_FANS_GAIN : 1;
        if (nests && !best.plan.nestsFolders) gain *= SMALLER_FANS_GAIN;
        if (nests && nestingKeepsReadable && unreadable(d.aspect)) return fitting;
        if (nests && ((nestingShrinkReference && !nestingShortens(d, nestingShrinkReference))
                      || (d.area > nestingAreaLimitNow && !(nestingLimitReference && readsWhereUnreadable(d, nestingLimitReference))))) return fitting;
        if (fitting !== fits(best.drawing.aspect)) gain *= fitting ? 1 / MISFIT_GAIN : MISFIT_GAIN;
        if (replaces(d, best.drawing, gain)) best = {plan: candidate, drawing: d};
        var pageGain = candidate.smallestFan < bestByPage.plan.smallestFan ? SMALLER_FANS_GAIN : 1;
        if (fitting !== fits(bestByPage.drawing.aspect)) pageGain *= fitting ? 1 / MISFIT_GAIN : MISFIT_GAIN;
        if (page(d) < page(bestByPage.drawing) * pageGain) bestByPage = {plan: candidate, drawing: d};
        return fitting;
      }
      function judge(limit, fills, fan) {
        var trials = fills ? triedFilling : tried, key = fills ? (fan || estimated.smallestFan) + ':' + limit : limit;
        if (trials.has(key)) return trials.get(key);
        var candidate = planWith(limit, !!fills, fan);
        if (!candidate) return null;
        return judgePlaced(placed(candidate));
      }
      (measuresLimits ? [0.5, 0.75, 1.5, 2, 3] : []).forEach(function (factor) { judge(Math.max(fewestAutoRows(cfg), Math.round(estimated.rowLimit * factor))); });
      if (measuresLimits && fits(best.drawing.aspect)) {
        var broad = null;
        tried.forEach(function (fitting, limit) { if (!fitting && limit > best.plan.rowLimit && (broad === null || limit < broad)) broad = limit; });
        if (broad !== null) {
          var fitting = best.plan.rowLimit;
          for (var step = 0; step < 3 && broad - fitting > 1; step++) {
            var middle = Math.floor((fitting + broad) / 2), ok = judge(middle);
            if (ok === null) break;
            if (ok) fitting = middle; else broad = middle;
          }
        }
      }
      var chosen = best.plan.rowLimit, chosenByPage = bestByPage.plan.rowLimit;
      var chosenLimits = chosen === chosenByPage ? [chosen] : [chosen, chosenByPage];
      // Then with smaller fans wrapping too (the smallest tier), where that draws smaller still.
      var smallest = AUTO_FAN_TIERS[AUTO_FAN_TIERS.length - 1];
      var fans = estimated.smallestFan === smallest ? [smallest] : [Math.max(estimated.smallestFan, smallest), Math.min(estimated.smallestFan, smallest)];
      (measuresLimits ? fans : []).forEach(function (fan) {
        chosenLimits.forEach(function (limit) { [1, 1.5, 2, 3].forEach(function (factor) { judge(Math.round(limit * factor), true, fan); }); });
      });
      // The widest fans' subtrees nest too, reach by reach (within READABLE_ASPECT only smaller: nestingAreaLimit).
      if (mayNest) {
        var before = best.plan;
        nestingShrinkReference = best.drawing;
        nestingAreaLimitNow = nestingAreaLimit(best.drawing);
        nestingLimitReference = best.drawing;
        var beforeDeepReaches = null;  // both deep reaches are judged against it
        var beforeTopReaches = null;  // both top reaches are tried only where it is beyond READABLE_ASPECT
        for (var reach = 0; reach < NESTING_REACHES; reach++) {
          if (isTopReach(reach) && beforeTopReaches === null) beforeTopReaches = best.drawing;
          if (reach === REACH_FOREST_TOP_FANS && !hasForestTopNestingFan()) continue;
          if (isTopReach(reach) && !unreadable(beforeTopReaches.aspect)) continue;
          if (isDeepReach(reach) && beforeDeepReaches === null) beforeDeepReaches = best.drawing;
          var reference = isDeepReach(reach) ? beforeDeepReaches : best.drawing;
          if (!reachTried(reach, reference.aspect)) continue;
          if (best.plan.nestsFolders) nestingAreaLimitNow = Math.min(nestingAreaLimitNow, furtherReachAreaLimit(best.drawing));
          nestingLimitReference = reference;
          nestingKeepsReadable = isDeepReach(reach) && !unreadable(reference.aspect);
          var limitBefore = nestingAreaLimitNow;
          if (isDeepReach(reach)) nestingAreaLimitNow = Math.min(nestingAreaLimitNow, deepNestingAreaLimit(reference));  // only smaller, for these
          (isDeepReach(reach) ? [1] : NESTING_ROW_LIMIT_FACTORS).forEach(function (factor) {
            nestingPlacements(before.rowLimit * factor, before.fills, before.smallestFan, reach).forEach(function (trial) {
              judgePlaced(trial);
              // Its panels broken where that may make it best (WrapPlan.breakingPageReach).
              if (!trial.keeps || !(page(trial.drawing) <= page(best.drawing) * BREAKING_PAGE_REACH)) return;
              var brokenTrial = brokenPlacement(trial.plan);
              if (brokenTrial) judgePlaced(brokenTrial);
              var evenedTrial = evenedPlacement((brokenTrial || trial).plan);  // then evened (WrappedPlacement.judgeWithBroken)
              if (evenedTrial) judgePlaced(evenedTrial);
            });
          });
          nestingAreaLimitNow = limitBefore;
        }
        nestingKeepsReadable = false;
        judgeReworkings(function () { return best; }, judgePlaced);
      }
      // SchematicLayout.placeWrappedItemsChoosingRows: runs beside a deep, big sibling kept in
      // their shaped rows (WrappedPlacement.keptBesideDeepSiblings), on a page at most
      // KEPT_ROWS_PAGE_GAIN larger.
      if (best.plan.keepingDiffers) {
        var bp = best.plan;
        var keptPlan = wrapPlan(cols, widths, heights, cfg, bp.rowLimit, bp.smallestFan, bp.fills, bp.nestsFolders ? bp.nestingShape : null,
                                bp.nestingReach, bp.broadensBlocks, bp.fillsBlocks, bp.breaksPanels, true, bp.shortestHangingList, bp.depthRoom, bp.nestsInDepthRoom,
                                bp.evensPanels);
        if (keptPlan) {
          var kept = placed(keptPlan);
          if (kept.keeps && page(kept.drawing) <= page(best.drawing) * KEPT_ROWS_PAGE_GAIN) best = {plan: keptPlan, drawing: kept.drawing};
        }
      }
      var wrapsWideFan = false;
      for (var bb = 0; bb < best.plan.firstItem.length && !wrapsWideFan; bb++) {
        if (fanSize(best.plan.firstItem[bb]) >= AUTO_FAN_TIERS[0]) wrapsWideFan = true;
      }
      if (!wrapsWideFan && replaces(unwrappedDrawing(), best.drawing, 1)) return false;
      if (unwrapped && !(page(best.drawing) <= page(unwrapped) * SMALLER_FANS_GAIN)) return false;
      if (plan !== best.plan) { plan = best.plan; placeWrappedItems(); }
      return true;
    }
    // SchematicLayout.placeWideFansTheEstimateLeft: where the estimate wraps nothing but the
    // placed drawing is beyond TARGET_ASPECT, the first tier's fans at their own shapes and the
    // limits around, kept only on a page at most SMALLER_FANS_GAIN of the unwrapped one's.
    function placeWideFansTheEstimateLeft() {
      if (!(cfg.wrap === 0 && n <= ALWAYS_MEASURED_ITEMS && hasFan(AUTO_FAN_TIERS[0]))) return false;
      var unwrapped = unwrappedDrawing();
      if (fits(unwrapped.aspect)) return false;
      var shaped = wrapPlan(cols, widths, heights, cfg, n, AUTO_FAN_TIERS[0], false);
      if (!shaped) return false;
      var tallest = 1;
      for (var b = 0; b < shaped.rows.length; b++) tallest = Math.max(tallest, shaped.rows[b]);
      plan = wrapPlan(cols, widths, heights, cfg, tallest, AUTO_FAN_TIERS[0], false);
      if (!plan) return false;
      if (placeWrappedItemsChoosingRows(unwrapped)) return true;
      plan = null; lefts = null; blockTops = null; blockEntries = null; secX = null;
      for (var k = 0; k < S; k++) stackItems(k);
      return false;
    }
    // SchematicLayout.placeNestedItemsWithoutLeafBlocks: where no fan's leaves wrap, whether its
    // subtrees nest (a fan of the first tier; within READABLE_ASPECT only smaller: nestingAreaLimit).
    function placeNestedItemsWithoutLeafBlocks() {
      if (!(cfg.wrap === 0 && cfg.nests && overhangs(cfg, cols) && n <= MEASURED_CHOICE_ITEMS)) return false;
      // (Where only a forest's root has a fan REACH_FOREST_TOP_FANS takes, only that reach is tried.)
      var nestsBelowForestTop = hasNestingFan(), nestsForestTop = hasForestTopNestingFan();
      if (!nestsBelowForestTop && !nestsForestTop) return false;
      var unwrapped = unwrappedDrawing(), best = {plan: null, drawing: unwrapped};
      if (!hasFan(AUTO_FAN_TIERS[0]) && !unreadable(unwrapped.aspect)) return false;
      var areaLimit = nestingAreaLimit(unwrapped), limitReference = unwrapped, keepsReadable = false;
      function judgeNesting(trial) {
        if (!trial.keeps || !trial.plan.nestsFolders || !nestingShortens(trial.drawing, unwrapped)) return;
        if (trial.drawing.area > areaLimit && !readsWhereUnreadable(trial.drawing, limitReference)) return;
        if (keepsReadable && unreadable(trial.drawing.aspect)) return;
        if (replaces(trial.drawing, best.drawing, best.plan === null ? SMALLER_FANS_GAIN : 1)) best = trial;
      }
      var beforeDeepReaches = null, beforeTopReaches = null;
      for (var reach = 0; reach < NESTING_REACHES; reach++) {
        if (isTopReach(reach) && beforeTopReaches === null) beforeTopReaches = best.drawing;
        if (reach === REACH_FOREST_TOP_FANS ? !nestsForestTop : !nestsBelowForestTop) continue;
        if (isTopReach(reach) && !unreadable(beforeTopReaches.aspect)) continue;
        if (isDeepReach(reach) && beforeDeepReaches === null) beforeDeepReaches = best.drawing;
        var reference = isDeepReach(reach) ? beforeDeepReaches : best.drawing;
        if (!reachTried(reach, reference.aspect)) continue;
        if (best.plan !== null) areaLimit = Math.min(areaLimit, furtherReachAreaLimit(best.drawing));
        limitReference = reference;
        keepsReadable = isDeepReach(reach) && !unreadable(reference.aspect);
        var areaBefore = areaLimit;
        if (isDeepReach(reach)) areaLimit = Math.min(areaLimit, deepNestingAreaLimit(reference));
        nestingPlacements(n, false, AUTO_FAN_TIERS[0], reach).forEach(function (trial) {
          judgeNesting(trial);
          if (!trial.keeps || !(page(trial.drawing) <= page(best.drawing) * BREAKING_PAGE_REACH)) return;
          var brokenTrial = brokenPlacement(trial.plan);
          if (brokenTrial) judgeNesting(brokenTrial);
          var evenedTrial = evenedPlacement((brokenTrial || trial).plan);  // then evened (WrappedPlacement.judgeWithBroken)
          if (evenedTrial) judgeNesting(evenedTrial);
        });
        areaLimit = areaBefore;
      }
      keepsReadable = false;
      judgeReworkings(function () { return best; }, judgeNesting);
      if (best.plan === null) {
        // The trials placed over the stacked columns: back to them.
        plan = null; lefts = null; blockTops = null; blockEntries = null; secX = null;
        for (var k = 0; k < S; k++) stackItems(k);
        return false;
      }
      if (plan !== best.plan) { plan = best.plan; placeWrappedItems(); }
      return true;
    }
    // SchematicLayout.wrappedContentWidth
    function wrappedContentWidth() {
      var left = cfg.sectionMargin, right = 0;
      for (var sec = 0; sec < S; sec++) { right = Math.max(right, left + Math.max(secW[sec], secX[sec])); left += secW[sec] + cfg.sectionPadding; }
      return right + cfg.sectionMargin;
    }
    function maxOf(values) { var v = 0; for (var k = 0; k < values.length; k++) v = Math.max(v, values[k]); return values.length ? v : 0; }

    for (s = 0; s < S; s++) stackItems(s);
    plan = cfg.wrap < 0 ? null : wrapPlan(cols, widths, heights, cfg, null);
    if (!plan) {
      placeWideFansTheEstimateLeft();
    } else if (!placeWrappedItemsChoosingRows()) {
      plan = null; lefts = null; blockTops = null; blockEntries = null; secX = null;
      for (s = 0; s < S; s++) stackItems(s);
    }
    if (!plan && cfg.wrap >= 0) placeNestedItemsWithoutLeafBlocks();
    if (plan) {
    } else if (cfg.alignment === 'centered') {
      var tallest = maxOf(secH);
      for (s = 0; s < S; s++) {
        var offset = (tallest - secH[s]) / 2;
        for (i = ss[s]; i < ss[s + 1]; i++) tops[i] += offset;
        secH[s] = tallest;
      }
    } else if (cfg.alignment !== 'stacked') {
      var centers = centersOf(cols, heights, null, null, !cols.linked);  // (SchematicLayout.placedCenters: compared with dot's in a tree)
      for (i = 0; i < n; i++) tops[i] = centers[i] - heights[i] / 2;
      for (s = 0; s < S; s++) {
        var last = ss[s + 1] - 1;
        secH[s] = ss[s] === ss[s + 1] ? 0 : tops[last] + heights[last] + pad / 2;
      }
    }
    // SchematicLayout.prepare: additional parents' lanes widen their gaps (neededGapRoom),
    // found from the tree's bus lanes in gaps of the usual width.
    var room = null, distant = cols.distant || [];
    var runs = distantRuns(ss, tops, heights, distant, cfg.itemPadding, plan ? function (item) { return plan.blockOfItem[item]; } : null);
    if (cfg.connectorStyle === 'elbow' && ((cols.extra && cols.extra.length) || distant.length)) {
      for (s = 0; s < S; s++) secL[s] = s === 0 ? cfg.sectionMargin : secL[s - 1] + secW[s - 1] + cfg.sectionPadding;
      var hasBus = new Uint8Array(n), usual = assignBusLanes(cols, tops, heights, secL, secW, plan, blockEntries, widths, false, null, hasBus);
      var pieces = lanePieces(ss, tops, heights, cols.extra || [], distant, runs);
      room = additionalGapRoom(planAdditionalLanes(ss, tops, heights, pieces), ss, secL, secW, usual, hasBus, cfg.sectionPadding);
    }
    for (s = 0; s < S; s++) secL[s] = s === 0 ? cfg.sectionMargin : secL[s - 1] + secW[s - 1] + cfg.sectionPadding + (room ? room[s][0] + room[s][1] : 0);
    var reach = 0;
    if (plan) for (s = 0; s < S; s++) reach = Math.max(reach, secL[s] + secX[s]);
    // SchematicLayout.topRoom: the line over a block at the top as far inside as the first boxes.
    var topRoom = 0;
    if (plan && blockTops && blockTops.length) {
      var highest = Infinity;
      for (i = 0; i < blockTops.length; i++) highest = Math.min(highest, blockTops[i]);
      topRoom = Math.max(0, cfg.itemPadding / 2 - (highest - cfg.itemPadding * 0.25));
    }
    // (So is a distant line over every box; one under every box keeps as far inside.)
    var lowest = maxOf(secH);
    for (i = 0; i < runs.length; i++) {
      topRoom = Math.max(topRoom, cfg.itemPadding / 2 - runs[i]);
      lowest = Math.max(lowest, runs[i] + cfg.itemPadding / 2);
    }
    var laneRooms = [];
    if (room) for (s = 0; s < S; s++) laneRooms.push(room[s][0], room[s][1]);
    var result = {tops: tops, sectionLefts: secL, sectionWidths: secW, laneRooms: laneRooms, plan: plan, blockTops: blockTops, blockEntries: blockEntries, busX: null, topRoom: topRoom,
                  contentWidth: S ? Math.max(secL[S - 1] + secW[S - 1], reach) + cfg.sectionMargin : 2 * cfg.sectionMargin,
                  contentHeight: lowest + (cfg.headerInset + topRoom)};
    // Each item's x from its column's left: centred, or its place in a wrapped block.
    result.lefts = lefts || (function () {
      var out = new Float64Array(n);
      for (var sec = 0; sec < S; sec++) for (var k = ss[sec]; k < ss[sec + 1]; k++) out[k] = (secW[sec] - widths[k]) / 2;
      return out;
    })();
    if (cfg.connectorStyle === 'elbow') result.busX = assignBusLanes(cols, tops, heights, secL, secW, plan, blockEntries, widths, !plan && !cols.linked, room);
    result.leads = nestedLeads(plan, cols, secL, cfg.connectorStyle === 'elbow', tops, heights);
    return result;
  }

  // A binary heap whose top is first by `before` (swift-collections' Heap, as the layout uses).
  function binaryHeap(before) {
    var items = [];
    return {
      size: function () { return items.length; },
      top: function () { return items[0]; },
      push: function (item) {
        var at = items.length;
        items.push(item);
        while (at > 0) {
          var up = (at - 1) >> 1;
          if (!before(items[at], items[up])) break;
          var t = items[at]; items[at] = items[up]; items[up] = t; at = up;
        }
      },
      pop: function () {
        var first = items[0], last = items.pop();
        if (items.length) {
          items[0] = last;
          for (var at = 0; ;) {
            var left = 2 * at + 1, right = left + 1, best = at;
            if (left < items.length && before(items[left], items[best])) best = left;
            if (right < items.length && before(items[right], items[best])) best = right;
            if (best === at) break;
            var t = items[at]; items[at] = items[best]; items[best] = t; at = best;
          }
        }
        return first;
      }
    };
  }

  // SchematicLayout.buildLanePieces: the stretches of dashed line along the gaps, each in a lane
  // of its own: the additional connectors' (ids 0 to extra.length - 1), then each distant
  // connector's way out of its parent's column and way into its child's (ids extra.length + 2k
  // and + 2k + 1), the latter sharing the child's lane with its additional parents.
  function lanePieces(ss, tops, heights, extra, distant, runs) {
    var S = ss.length - 1, pieces = [], k, child, parent;
    function middle(item) { return tops[item] + heights[item] / 2; }
    function offset(item) { return Math.min(ADDITIONAL_ENTRY_OFFSET, heights[item] / 4); }
    for (k = 0; k < extra.length; k++) {
      child = extra[k][0]; parent = extra[k][1];
      pieces.push({section: sectionOfItem(ss, child), fromY: middle(parent) + offset(parent), toY: middle(child) + offset(child),
                   fromMiddle: middle(parent), toMiddle: middle(child), fromItem: true, toItem: true, group: child});
    }
    for (k = 0; k < distant.length; k++) {
      child = distant[k][0]; parent = distant[k][1];
      pieces.push({section: sectionOfItem(ss, parent) + 1, fromY: middle(parent) + offset(parent), toY: runs[k],
                   fromMiddle: middle(parent), toMiddle: runs[k], fromItem: true, toItem: false, group: -1 - k});
      pieces.push({section: sectionOfItem(ss, child), fromY: runs[k], toY: middle(child) + offset(child),
                   fromMiddle: runs[k], toMiddle: middle(child), fromItem: false, toItem: true, group: child});
    }
    return pieces;
  }
  function sectionOfItem(ss, item) {
    var low = 0, high = ss.length - 1;
    while (high - low > 1) { var half = (low + high) >> 1; if (ss[half] <= item) low = half; else high = half; }
    return low;
  }

  // SchematicLayout.runY: where a distant connector crosses the columns between its parent's and
  // its child's, between their boxes, nearest its child's middle, on a track of its own or of
  // another run into its child (tracks: SchematicLayout.RunTracks, the tracks placed, [y, child]
  // sorted by y, by the item below their stretch in each column and by the gaps they end and
  // start in, and joints: a child's track by the stretch of the last column before it;
  // first..end: the sections crossed).
  var LEAST_RUN = 2, STEP_PAST = 0.25, SEARCH_STEPS = 4096, RUN_TRACK_SPACING = 4;
  function insertionIndex(y, list) {
    var low = 0, high = list.length;
    while (low < high) { var half = (low + high) >> 1; if (list[half][0] < y) low = half + 1; else high = half; }
    return low;
  }
  function hasNeighbour(y, child, list) {
    if (!list) return false;
    for (var index = insertionIndex(y - RUN_TRACK_SPACING + 1e-9, list); index < list.length && list[index][0] < y + RUN_TRACK_SPACING - 1e-9; index++) {
      if (list[index][1] !== child || list[index][0] !== y) return true;
    }
    return false;
  }
  function insertTrack(map, key, y, child) {
    var list = map.get(key);
    if (!list) { map.set(key, [[y, child]]); return; }
    var index = insertionIndex(y, list);
    if (index < list.length && list[index][0] === y && list[index][1] === child) return;
    list.splice(index, 0, [y, child]);
  }
  function runY(target, child, columns, first, end, tops, heights, padding, tracks) {
    if (!columns.length) return target;
    function firstBox(y, column) {
      var lower = column[0], upper = column[1];
      while (lower < upper) { var half = (lower + upper) >> 1; if (tops[half] + heights[half] > y) upper = half; else lower = half + 1; }
      return lower;
    }
    function stretch(y) {
      var low = -Infinity, high = Infinity, blocked = false, top = Infinity, bottom = -Infinity;
      for (var c = 0; c < columns.length; c++) {
        var lower = firstBox(y, columns[c]), end = columns[c][1];
        if (lower < end && tops[lower] < y) {
          blocked = true; top = Math.min(top, tops[lower]); bottom = Math.max(bottom, tops[lower] + heights[lower]);
        } else {
          if (lower > columns[c][0]) low = Math.max(low, tops[lower - 1] + heights[lower - 1]);
          if (lower < end) high = Math.min(high, tops[lower]);
        }
      }
      return {low: low, high: high, blocked: blocked, top: top, bottom: bottom};
    }
    function key(lower, column) { return lower < column[1] ? lower : -1 - column[1]; }
    function isFree(y) {
      for (var c = 0; c < columns.length; c++) if (hasNeighbour(y, child, tracks.stretches.get(key(firstBox(y, columns[c]), columns[c])))) return false;
      return !hasNeighbour(y, child, tracks.endingIn.get(first)) && !hasNeighbour(y, child, tracks.startingIn.get(end));
    }
    var last = columns[columns.length - 1];
    function joint(y) { return key(firstBox(y, last), last) + ':' + child; }
    function take(y) {
      for (var c = 0; c < columns.length; c++) insertTrack(tracks.stretches, key(firstBox(y, columns[c]), columns[c]), y, child);
      insertTrack(tracks.startingIn, first, y, child);
      insertTrack(tracks.endingIn, end, y, child);
      tracks.joints.set(joint(y), y);
      return y;
    }
    function track(low, high) {
      var preferred, margin;
      if (high - low <= padding) { preferred = (low + high) / 2; margin = Math.min(RUN_TRACK_SPACING, (high - low) / 2); }
      else { preferred = Math.min(Math.max(target, low + padding / 2), high - padding / 2); margin = padding / 2; }
      var joined = tracks.joints.get(joint(preferred));
      if (joined !== undefined && joined >= low + margin && joined <= high - margin && isFree(joined)) return joined;
      if (isFree(preferred)) return preferred;
      var sign = target < preferred ? -1 : 1;
      for (var step = 1; ; step++) {
        var near = preferred + sign * step * RUN_TRACK_SPACING, far = preferred - sign * step * RUN_TRACK_SPACING;
        var nearFits = near <= high - margin && near >= low + margin, farFits = far <= high - margin && far >= low + margin;
        if (!nearFits && !farFits) return null;
        if (nearFits && isFree(near)) return near;
        if (farFits && isFree(far)) return far;
      }
    }
    var steps = {up: SEARCH_STEPS, down: SEARCH_STEPS};
    function search(start, upwards) {
      var y = start, side = upwards ? "up" : "down";
      while (steps[side] > 0) {
        steps[side]--;
        var found = stretch(y);
        if (found.blocked) y = upwards ? found.top : found.bottom;
        else if (found.high - found.low >= LEAST_RUN) return found;
        else y = upwards ? found.low - STEP_PAST : found.high + STEP_PAST;
      }
      return null;
    }
    function distance(found) {
      if (!found) return Infinity;
      return target < found.low ? found.low - target : target > found.high ? target - found.high : 0;
    }
    var up = search(target, true), down = search(target, false);
    while (up || down) {
      var upwards = distance(up) <= distance(down), chosen = upwards ? up : down, y = track(chosen.low, chosen.high);
      if (y !== null) return take(y);
      if (upwards) up = search(chosen.low - STEP_PAST, true); else down = search(chosen.high + STEP_PAST, false);
    }
    var highest = Infinity;
    for (var c = 0; c < columns.length; c++) if (columns[c][1] > columns[c][0]) highest = Math.min(highest, tops[columns[c][0]]);
    if (highest === Infinity) return target;
    var y = highest - padding / 2;
    while (!isFree(y)) y -= RUN_TRACK_SPACING;
    return take(y);
  }
  // SchematicLayout.runObstacles: per column, the spans runs pass between (in order, apart):
  // its boxes, or where fans wrap (blockOf: an item's block, or -1) each block whole with the
  // lines over and under it. {tops, heights, columns: [[start, end]]}.
  function runObstacles(ss, tops, heights, blockOf, padding) {
    var S = ss.length - 1, s, k;
    if (!blockOf) {
      var whole = [];
      for (s = 0; s < S; s++) whole.push([ss[s], ss[s + 1]]);
      return {tops: tops, heights: heights, columns: whole};
    }
    var spans = [], blocks = new Map();
    for (s = 0; s < S; s++) {
      spans.push([]);
      for (k = ss[s]; k < ss[s + 1]; k++) {
        var block = blockOf(k), bottom = tops[k] + heights[k];
        if (block < 0) { spans[s].push([tops[k], bottom]); continue; }
        var extent = blocks.get(block);
        if (!extent) blocks.set(block, extent = [Infinity, -Infinity, s]);
        extent[0] = Math.min(extent[0], tops[k]); extent[1] = Math.max(extent[1], bottom);
      }
    }
    var rise = padding * 0.25;  // SchematicLayout.blockBusRise
    blocks.forEach(function (extent) { spans[extent[2]].push([extent[0] - rise, extent[1] + rise]); });
    var outTops = [], outHeights = [], columns = [];
    for (s = 0; s < S; s++) {
      var start = outTops.length, low = -Infinity;
      spans[s].sort(function (a, b) { return a[0] - b[0]; });
      for (k = 0; k < spans[s].length; k++) {
        var span = spans[s][k];
        if (outTops.length > start && span[0] <= low) {
          low = Math.max(low, span[1]);
          outHeights[outTops.length - 1] = low - outTops[outTops.length - 1];
        } else {
          outTops.push(span[0]); outHeights.push(span[1] - span[0]); low = span[1];
        }
      }
      columns.push([start, outTops.length]);
    }
    return {tops: outTops, heights: outHeights, columns: columns};
  }
  // SchematicLayout.routeDistantConnectors: each one's run, nearest its child's middle, on a
  // track of its own.
  function distantRuns(ss, tops, heights, distant, padding, blockOf) {
    var runs = new Float64Array(distant.length), tracks = {stretches: new Map(), endingIn: new Map(), startingIn: new Map(), joints: new Map()};
    if (!distant.length) return runs;
    var obstacles = runObstacles(ss, tops, heights, blockOf, padding);
    for (var k = 0; k < distant.length; k++) {
      var child = distant[k][0], parent = distant[k][1], first = sectionOfItem(ss, parent) + 1, end = sectionOfItem(ss, child);
      runs[k] = runY(tops[child] + heights[child] / 2, child, obstacles.columns.slice(first, end), first, end,
        obstacles.tops, obstacles.heights, padding, tracks);
    }
    return runs;
  }

  // SchematicLayout.planAdditionalLanes: per section, its lane pieces (ids into pieces, in
  // their order), each one's side of the tree's buses and lane there, the lanes on each side
  // and their order.
  function planAdditionalLanes(ss, tops, heights, pieces) {
    var S = ss.length - 1, plans = [], s, k;
    function middle(item) { return tops[item] + heights[item] / 2; }
    function middles(section) { var out = []; for (var i = ss[section]; i < ss[section + 1]; i++) out.push(middle(i)); return out.sort(function (a, b) { return a - b; }); }
    function hasLevel(y, sorted, own) {
      var low = 0, high = sorted.length, found = 0;
      while (low < high) { var half = (low + high) >> 1; if (sorted[half] < y - LEVEL_LANE_DISTANCE) low = half + 1; else high = half; }
      while (low < sorted.length && sorted[low] <= y + LEVEL_LANE_DISTANCE) { found++; low++; }
      return found > own;
    }
    // A side's lanes: a group's pieces (a child's) share one, spanning them all; each group
    // takes the lane after the highest in use where it starts (by start, then order). Returns
    // the lane of each of the side's pieces, the lane count and whether most go down.
    function assign(side) {
      var spans = [], groupOf = [], spanOfGroup = new Map(), k, downward = 0;
      for (k = 0; k < side.length; k++) {
        var piece = pieces[side[k]];
        if (piece.fromMiddle < piece.toMiddle) downward++;
        var low = Math.min(piece.fromY, piece.toY), high = Math.max(piece.fromY, piece.toY), known = spanOfGroup.get(piece.group);
        if (known !== undefined) { spans[known].low = Math.min(spans[known].low, low); spans[known].high = Math.max(spans[known].high, high); groupOf.push(known); }
        else { spanOfGroup.set(piece.group, spans.length); groupOf.push(spans.length); spans.push({low: low, high: high, index: spans.length, lane: 0}); }
      }
      var order = spans.slice().sort(function (a, b) { return a.low !== b.low ? a.low - b.low : a.index - b.index; });
      // (As the layout's: the lanes in use by when they end, and their numbers, in heaps; a
      // lane's number leaves the second once its lane is free: O(n log n) a gap.)
      var busy = binaryHeap(function (a, b) { return a.end < b.end; }), inUse = binaryHeap(function (a, b) { return a > b; });
      var laneIsBusy = [], count = 0;
      for (k = 0; k < order.length; k++) {
        while (busy.size() && busy.top().end < order[k].low - 0.5) laneIsBusy[busy.pop().lane] = false;
        while (inUse.size() && !laneIsBusy[inUse.top()]) inUse.pop();
        var lane = inUse.size() ? inUse.top() + 1 : 0;
        if (lane === count) { count++; laneIsBusy.push(false); }
        order[k].lane = lane;
        laneIsBusy[lane] = true;
        inUse.push(lane);
        busy.push({end: order[k].high, lane: lane});
      }
      return {lanes: groupOf.map(function (group) { return spans[group].lane; }), count: count, fromFarEnd: 2 * downward > side.length};
    }
    var bySection = [];
    for (s = 0; s < S; s++) bySection.push([]);
    for (k = 0; k < pieces.length; k++) bySection[pieces[k].section].push(k);
    for (s = 0; s < S; s++) {
      var connectors = bySection[s], plan = {connectors: connectors, runsRight: [], lane: [], left: null, right: null};
      plans.push(plan);
      if (s === 0 || !connectors.length) continue;
      var parentMiddles = middles(s - 1), childMiddles = middles(s), left = [], right = [];
      for (k = 0; k < connectors.length; k++) {
        var piece = pieces[connectors[k]];
        // (The piece's own child or parent, level with the other end, is no other.)
        var level = Math.abs(piece.fromMiddle - piece.toMiddle) <= LEVEL_LANE_DISTANCE;
        var runsRight = !hasLevel(piece.fromMiddle, childMiddles, level && piece.toItem ? 1 : 0) || hasLevel(piece.toMiddle, parentMiddles, level && piece.fromItem ? 1 : 0);
        plan.runsRight.push(runsRight);
        (runsRight ? right : left).push(connectors[k]);
      }
      plan.left = assign(left); plan.right = assign(right);
      var at = {left: 0, right: 0};
      for (k = 0; k < connectors.length; k++) plan.lane.push(plan.runsRight[k] ? plan.right.lanes[at.right++] : plan.left.lanes[at.left++]);
    }
    return plans;
  }

  // SchematicLayout.neededGapRoom: per gap, the room [before, after] the tree's buses that its
  // additional lanes need, ADDITIONAL_LANE_SPACING apart (the buses placed in gaps of the usual width).
  function additionalGapRoom(plans, ss, secL, secW, busX, hasBus, padding) {
    var room = [];
    for (var s = 0; s < plans.length; s++) {
      var plan = plans[s];
      room.push([0, 0]);
      if (s === 0 || !plan.connectors.length) continue;
      var gapLeft = secL[s - 1] + secW[s - 1], leftmost = padding / 2, rightmost = padding / 2;
      for (var p = ss[s - 1]; p < ss[s]; p++) {
        if (!hasBus[p]) continue;
        leftmost = Math.min(leftmost, busX[p] - gapLeft); rightmost = Math.max(rightmost, busX[p] - gapLeft);
      }
      var needed = function (lanes, has) { return lanes === 0 ? 0 : Math.max(0, (lanes + 1) * ADDITIONAL_LANE_SPACING - has); };
      room[s] = [needed(plan.left.count, leftmost), needed(plan.right.count, padding - rightmost)];
    }
    return room;
  }

  // SchematicLayout.assignAdditionalLanes: each additional connector's lane x (extra's order),
  // spread between the tree's buses and the column on its side; a parent has a bus where
  // busX is above 0; laneRooms: per column, the room before and after the buses (or empty).
  function additionalLaneX(plans, ss, secL, secW, busX, laneRooms, extraCount) {
    var x = new Float64Array(extraCount);
    for (var s = 1; s < plans.length; s++) {
      var plan = plans[s];
      if (!plan.connectors.length) continue;
      var before = laneRooms && laneRooms.length ? laneRooms[2 * s] : 0, after = laneRooms && laneRooms.length ? laneRooms[2 * s + 1] : 0;
      var parentEdge = secL[s - 1] + secW[s - 1], childEdge = secL[s], treeLeft = (parentEdge + before + childEdge - after) / 2, treeRight = treeLeft;
      for (var p = ss[s - 1]; p < ss[s]; p++) if (busX && busX[p] > 0) { treeLeft = Math.min(treeLeft, busX[p]); treeRight = Math.max(treeRight, busX[p]); }
      for (var k = 0; k < plan.connectors.length; k++) {
        var right = plan.runsRight[k], side = right ? plan.right : plan.left;
        var near = right ? treeRight : parentEdge, far = right ? childEdge : treeLeft;
        var from = side.fromFarEnd ? far : near, to = side.fromFarEnd ? near : far;
        x[plan.connectors[k]] = from + (to - from) * (plan.lane[k] + 1) / (side.count + 1);
      }
    }
    return x;
  }

  // SchematicLayout.assignBusLanes (room: per gap, [before, after] the buses' part of it;
  // hasBus, when given, marks the parents that have a bus).
  function assignBusLanes(cols, tops, heights, secL, secW, plan, blockEntries, widths, widens, room, hasBus) {
    var ss = cols.ss, cs = cols.cs, n = cols.par.length, S = ss.length - 1;
    var busX = new Float64Array(n), laneOfParent = new Int32Array(n).fill(-1);
    function middle(item) { return tops[item] + heights[item] / 2; }
    function entry(item) { return plan && plan.blockOfItem[item] >= 0 ? blockEntries[plan.blockOfItem[item]] : middle(item); }
    // The mean distance between a parent's stubs along its bus (0 for one stub).
    function pitch(parent) { var c0 = cs[parent], c1 = cs[parent + 1] - 1; return c1 > c0 ? (entry(c1) - entry(c0)) / (c1 - c0) : 0; }
    for (var section = 1; section < Math.max(1, S); section++) {
      var a = ss[section - 1], b = ss[section], previous = null, parent, lane, c0, c1, first, last;
      var previousMiddle = null, ups = [], downs = [], index;
      for (parent = a; parent < b; parent++) {
        c0 = cs[parent]; c1 = cs[parent + 1];
        if (c0 === c1) continue;
        // Connectors inside a nesting block run on its panels' own buses.
        if (plan && plan.nestsFolders && plan.blockOfItem[c0] >= 0 && isInner(plan, c0, plan.blockOfItem[c0])) continue;
        first = entry(c0); last = entry(c1 - 1);
        if (middle(parent) > last) ups.push(parent);
        else if (middle(parent) < first) downs.push(parent);
        else {
          // A bus between its children that starts within its abutting distance of the one
          // before takes its run's other middle lane (-2; the first is -3).
          var ownPitch = pitch(parent);
          var second = previousMiddle !== null && first - previousMiddle.last < abuttingDistance(previousMiddle.pitch, ownPitch) && !previousMiddle.second;
          laneOfParent[parent] = second ? -2 : -3;
          previousMiddle = {second: second, last: last, pitch: ownPitch};
        }
      }
      for (index = downs.length - 1; index >= 0; index--) {
        parent = downs[index];
        last = entry(cs[parent + 1] - 1);
        lane = previous ? (previous.y <= last + 0.5 ? previous.lane + 1 : previous.y <= last + abuttingDistance(previous.pitch, pitch(parent)) && previous.lane === 0 ? 1 : 0) : 0;
        laneOfParent[parent] = lane; previous = {lane: lane, y: middle(parent), pitch: pitch(parent)};
      }
      previous = null;
      var nextDown = 0;
      for (index = 0; index < ups.length; index++) {
        parent = ups[index];
        first = entry(cs[parent]);
        while (nextDown < downs.length && downs[nextDown] < parent) nextDown++;
        if (previous && previous.y >= first - 0.5) lane = previous.lane + 1;
        else {
          // Off the lanes of an up bus or a down bus ending just before it or starting just after it.
          var t0 = -1, t1 = -1, t2 = -1, own = pitch(parent);
          if (previous && previous.y >= first - abuttingDistance(previous.pitch, own)) t0 = previous.lane;
          if (nextDown > 0 && entry(cs[downs[nextDown - 1] + 1] - 1) >= first - abuttingDistance(pitch(downs[nextDown - 1]), own)) t1 = laneOfParent[downs[nextDown - 1]];
          if (nextDown < downs.length && middle(downs[nextDown]) <= middle(parent) + abuttingDistance(pitch(downs[nextDown]), own)) t2 = laneOfParent[downs[nextDown]];
          lane = 0;
          while (lane === t0 || lane === t1 || lane === t2) lane++;
        }
        laneOfParent[parent] = lane; previous = {lane: lane, y: middle(parent), pitch: pitch(parent)};
      }
      // Runs of buses that overlap or nearly meet spread their own lanes across the gap; a run
      // where a parent is level with another's child, over the free room beside it too
      // (SchematicLayout.widenedBusRuns).
      var gapRoom = room ? room[section] : [0, 0];
      var gapLeft = secL[section - 1] + secW[section - 1] + gapRoom[0], gapWidth = secL[section] - gapRoom[1] - gapLeft;
      var levelLines = function (from, to) {
        var child = cs[from], end = cs[to], k, y;
        for (k = from; k < to; k++) {
          if (laneOfParent[k] === -1) continue;
          y = middle(k);
          while (child < end && middle(child) < y - 0.5) child++;
          if (child < end && middle(child) <= y + 0.5 && (child < cs[k] || child >= cs[k + 1])) return true;
        }
        return false;
      };
      var freeRoom = function (sec, low, high) {
        var lower = ss[sec], upper = ss[sec + 1], half, room = Infinity, k;
        while (lower < upper) { half = (lower + upper) >> 1; if (tops[half] + heights[half] <= low) lower = half + 1; else upper = half; }
        for (k = lower; k < ss[sec + 1] && tops[k] < high; k++) room = Math.min(room, (secW[sec] - widths[k]) / 2);
        return room === Infinity ? 0 : Math.max(0, room);
      };
      // How many of a parent's stubs are level with a box of the parents' column, not its own.
      var levelStubs = function (parent) {
        var level = 0, child, y, lower, upper, half;
        for (child = cs[parent]; child < cs[parent + 1]; child++) {
          y = entry(child); lower = a; upper = b;
          while (lower < upper) { half = (lower + upper) >> 1; if (tops[half] + heights[half] < y) lower = half + 1; else upper = half; }
          if (lower < b && tops[lower] <= y && lower !== parent) level++;
        }
        return level;
      };
      // Whether no two buses of the run share a y (separate lanes only because they nearly meet).
      var busesApart = function (from, to) {
        var end = -Infinity, k, lo, hi;
        for (k = from; k < to; k++) {
          if (laneOfParent[k] === -1) continue;
          lo = Math.min(entry(cs[k]), middle(k)); hi = Math.max(entry(cs[k + 1] - 1), middle(k));
          if (lo <= end + 0.5) return false;
          end = Math.max(end, hi);
        }
        return true;
      };
      var closeRun = function (from, to, low, high, mayReverse) {
        var sideLanes = 0, middleLane = 0, second = 0, k, l, total, before = 0, after = 0, level;
        for (k = from; k < to; k++) {
          l = laneOfParent[k];
          if (l === -2) second = 1; else if (l === -3) middleLane = 1; else if (l >= 0) sideLanes = Math.max(sideLanes, l + 1);
        }
        total = sideLanes + middleLane + second;
        for (k = from; k < to; k++) {
          if (laneOfParent[k] === -3) laneOfParent[k] = sideLanes; else if (laneOfParent[k] === -2) laneOfParent[k] = sideLanes + middleLane;
        }
        // Stubs level with a box of the parents' column on the lanes far from it where the
        // buses only nearly meet: the lanes in reverse order, the nearest lane left empty unless
        // a parent's line would meet another's child (SchematicLayout.countLanes).
        var shift = 0;
        if (widens && to > from) {
          var asIs = 0, reversed = 0;
          for (k = from; k < to; k++) {
            if (laneOfParent[k] === -1) continue;
            level = levelStubs(k);
            asIs += level * (total - laneOfParent[k]); reversed += level * (laneOfParent[k] + 1);
          }
          var apart = asIs > 0 && busesApart(from, to);
          if (mayReverse && reversed < asIs && total > 1 && apart) {
            for (k = from; k < to; k++) if (laneOfParent[k] !== -1) laneOfParent[k] = total - 1 - laneOfParent[k];
            asIs = reversed;
          }
          if (asIs > 0 && apart && !levelLines(from, to)) shift = 1;
        }
        if (widens && to > from && total > 1 && levelLines(from, to)) { before = freeRoom(section - 1, low, high); after = freeRoom(section, low, high); }
        var spacing = gapWidth / (total + 1), firstLane = gapLeft - before + spacing, lastLane = gapLeft + gapWidth + after - spacing;
        for (k = from; k < to; k++) {
          l = laneOfParent[k];
          if (l === -1) continue;
          if (hasBus) hasBus[k] = 1;
          // The outer lanes as far from the boxes as in the gap, the others spread between.
          busX[k] = before > 0 || after > 0 ? firstLane + (lastLane - firstLane) * l / (total - 1) : gapLeft + gapWidth * (l + 1 + shift) / (total + 1 + shift);
        }
      };
      // A run's parts that only nearly meet by their stubs' pitch: a run with level lines is
      // closed part by part (SchematicLayout.countLanes).
      var parts = [], runEnd = -Infinity, endPitch = 0, low, high;
      var closeParts = function (end) {
        var k, lo = Infinity, hi = -Infinity;
        if (parts.length > 1 && widens && levelLines(parts[0].start, end)) {
          for (k = 0; k < parts.length; k++) closeRun(parts[k].start, k + 1 < parts.length ? parts[k + 1].start : end, parts[k].low, parts[k].high, false);
        } else if (parts.length) {
          for (k = 0; k < parts.length; k++) { lo = Math.min(lo, parts[k].low); hi = Math.max(hi, parts[k].high); }
          closeRun(parts[0].start, end, lo, hi, true);
        }
        parts = [];
      };
      for (parent = a; parent < b; parent++) {
        if (laneOfParent[parent] === -1) continue;
        first = entry(cs[parent]); last = entry(cs[parent + 1] - 1);
        low = Math.min(first, middle(parent)); high = Math.max(last, middle(parent));
        if (low > runEnd + abuttingDistance(endPitch, pitch(parent))) closeParts(parent);
        if (!parts.length || low > runEnd + ABUTTING_BUS_GAP) parts.push({start: parent, low: low, high: high});
        else { parts[parts.length - 1].low = Math.min(parts[parts.length - 1].low, low); parts[parts.length - 1].high = Math.max(parts[parts.length - 1].high, high); }
        if (high > runEnd) { runEnd = high; endPitch = pitch(parent); }
      }
      closeParts(b);
    }
    return busX;
  }

  // Where each sub-column (panel) of a block starts, as member indices from its first.
  function blockColumnStarts(plan, block) {
    var starts = [];
    for (var index = 0; index < plan.memberCount[block]; index++) {
      var column = memberPosition(plan, plan.firstItem[block] + index, block).column;
      if (column === starts.length) starts.push(index);
    }
    return starts;
  }

  return {layout: layout, tidy: tidy, compact: compact, wrapPlan: wrapPlan, memberPosition: memberPosition, busXOfColumn: busXOfColumn,
          blockColumnStarts: blockColumnStarts, hangingLists: hangingLists, planAdditionalLanes: planAdditionalLanes, additionalLaneX: additionalLaneX,
          lanePieces: lanePieces, distantRuns: distantRuns};
})();
"""#
}
