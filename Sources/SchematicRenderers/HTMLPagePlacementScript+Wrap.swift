extension HTMLPagePlacementScript {
    /// The port of `WrapPlan` (the plan, members' positions, `reduced`).
    static let wrap: StaticString = #"""
  // WrapPlan.overhangs (the page draws no depth titles there when headerInset is 0).
  // cols.linked: set where additional or distant parents' lines are drawn (PlacementColumns.hasAdditionalParents).
  function overhangs(cfg, cols) {
    return (cfg.alignment === 'tidy' || cfg.alignment === 'compact') && !cfg.bands && !(cfg.headerInset > 0) && !cols.linked;
  }
  // WrapPlan.shapedRows
  function shapedRows(length, pitch, slot, aspect) {
    var rows = Math.round(Math.sqrt((aspect === undefined ? BLOCK_ASPECT : aspect) * length * slot / Math.max(pitch, 1)));
    return Math.max(1, Math.min(length, rows));
  }
  // WrapPlan.shapedRows(of:), for the leaves low..<high.
  function shapedRowsOf(low, high, widths, heights, padding, gutter, aspect) {
    var tallest = 0, widest = 0;
    for (var k = low; k < high; k++) { tallest = Math.max(tallest, heights[k]); widest = Math.max(widest, widths[k]); }
    return shapedRows(high - low, tallest + padding, widest + gutter, aspect);
  }
  // WrapPlan.appendGrid: the leaves low..<high down each sub-column then across; pushes rows'
  // tops and heights and sub-columns' lefts and widths; returns [width, height].
  // WrapPlan.gridPosition: down each sub-column then across, the first sub-columns rowCount long, the others one shorter.
  function gridPosition(index, count, rowCount, columnCount) {
    var full = count - columnCount * (rowCount - 1);
    if (!(full > 0 && index >= full * rowCount)) return {column: Math.floor(index / rowCount), row: index % rowCount};
    var rest = index - full * rowCount;
    return {column: full + Math.floor(rest / (rowCount - 1)), row: rest % (rowCount - 1)};
  }
  // (unbalanced: a hanging list's grid, whose last sub-column alone is short)
  // WrapPlan.appendGrid (noLeadingGutter: leadingGutter false).
  function appendGrid(low, high, rowCount, columnCount, widths, heights, padding, gutter, rowTops, rowHeights, columnLefts, columnWidths, unbalanced, noLeadingGutter) {
    var heightBase = rowHeights.length, widthBase = columnWidths.length, leftBase = columnLefts.length, k;
    for (k = 0; k < rowCount; k++) rowHeights.push(0);
    for (k = 0; k < columnCount; k++) columnWidths.push(0);
    for (k = low; k < high; k++) {
      var at = unbalanced ? {column: Math.floor((k - low) / rowCount), row: (k - low) % rowCount} : gridPosition(k - low, high - low, rowCount, columnCount);
      var ri = heightBase + at.row, ci = widthBase + at.column;
      rowHeights[ri] = Math.max(rowHeights[ri], heights[k]);
      columnWidths[ci] = Math.max(columnWidths[ci], widths[k]);
    }
    var top = 0, left = 0;
    for (k = 0; k < rowCount; k++) { rowTops.push(top); top += rowHeights[heightBase + k] + padding; }
    for (k = 0; k < columnCount; k++) { left += gutter; columnLefts.push(left); left += columnWidths[widthBase + k]; }
    if (noLeadingGutter) { for (k = leftBase; k < columnLefts.length; k++) columnLefts[k] -= gutter; left -= gutter; }
    return [left, top - padding];
  }
  // WrapPlan.stackedSplit: sub-column k begins at the first member whose middle lies past k
  // shares of the heights; each keeps a member. Each sub-column's first (from low), then the count.
  function stackedSplit(low, high, columnCount, heights, padding) {
    var count = high - low, total = 0, k, column = 1, before = 0, firsts = [];
    for (k = low; k < high; k++) total += heights[k] + padding;
    for (k = 0; k <= columnCount; k++) firsts.push(count);
    firsts[0] = 0;
    for (k = 0; k < count && column < columnCount; k++) {
      var extent = heights[low + k] + padding, middle = before + extent / 2;
      while (column < columnCount && middle >= column * total / columnCount) { firsts[column] = k; column++; }
      before += extent;
    }
    for (k = 1; k < Math.max(columnCount, 1); k++) firsts[k] = Math.max(firsts[k], firsts[k - 1] + 1);
    for (k = columnCount - 1; k > 0; k--) firsts[k] = Math.min(firsts[k], count - (columnCount - k));
    return firsts;
  }
  // WrapPlan.stacking: where the leaves low..<high differ in height and, stacked in
  // columnCount sub-columns, are shorter than their grid (gridSize) by more than a padding and
  // smaller: {split, width, height}; else null.
  function stacking(low, high, columnCount, gridSize, widths, heights, padding, gutter) {
    var k, differ = false;
    for (k = low + 1; k < high && !differ; k++) differ = heights[k] !== heights[low];
    if (!differ) return null;
    var split = stackedSplit(low, high, columnCount, heights, padding), height = 0, width = 0;
    for (var column = 0; column < columnCount; column++) {
      var extent = 0, widest = 0;
      for (k = low + split[column]; k < low + split[column + 1]; k++) { extent += heights[k] + padding; widest = Math.max(widest, widths[k]); }
      height = Math.max(height, extent - padding); width += gutter + widest;
    }
    if (!(height < gridSize[1] - padding && width * height < gridSize[0] * gridSize[1])) return null;
    return {split: split, width: width, height: height};
  }
  // WrapPlan.appendStacked: per member its top and height, per sub-column its left and width.
  function appendStacked(low, split, widths, heights, padding, gutter, rowTops, rowHeights, columnLefts, columnWidths) {
    var left = 0;
    for (var column = 0; column + 1 < split.length; column++) {
      var top = 0, widest = 0;
      for (var k = low + split[column]; k < low + split[column + 1]; k++) { rowTops.push(top); rowHeights.push(heights[k]); top += heights[k] + padding; widest = Math.max(widest, widths[k]); }
      left += gutter; columnLefts.push(left); columnWidths.push(widest); left += widest;
    }
  }
  // WrapPlan.stackedPosition: the last sub-column whose first is at most index.
  function stackedPosition(plan, index, block) {
    var start = plan.stackStart[block], low = 0, high = plan.columns[block] - 1;
    while (low < high) { var middle = (low + high + 1) >> 1; if (plan.stackFirsts[start + middle] <= index) low = middle; else high = middle - 1; }
    return {column: low, row: index - plan.stackFirsts[start + low]};
  }
  // WrapPlan.grid: [rows, columns], or null if the run stays one column. With longestList
  // (auto top to bottom) the limit caps lists: rows in proportion to the run's length.
  function wrapGrid(length, limit, shaped, longestList, keepsShortColumns) {
    var most = shaped === null ? limit : Math.min(limit, shaped);
    if (longestList > 0) most = Math.min(shaped === null ? length : shaped, Math.floor((length * limit + longestList - 1) / longestList));
    if (!(most > 0) || length <= most) return null;
    var columns = Math.floor((length + most - 1) / most);
    // WrapPlan.shortestGrid: a short run hangs in one row, not in sub-columns.
    if (!(longestList > 0) && !keepsShortColumns && length < 8 && columns > 1) return [1, length];
    var rows = Math.floor((length + columns - 1) / columns);
    // WrapPlan.longestSingleFileRun: top to bottom, a short run hangs in single file, not in uneven lines.
    if (longestList > 0 && length <= LONGEST_SINGLE_FILE_RUN && rows > 1 && columns > 1) return [1, length];
    return [rows, columns];
  }
  // WrapEstimate
  // WrapPlan.fewestAutoRows: one row top to bottom (a list under its parent), three left to right.
  function fewestAutoRows(cfg) { return cfg.vertical ? 1 : 3; }
  // WrapPlan.listLimit
  function listLimit(cfg) { return cfg.wrap === 0 && !!cfg.vertical; }
  function longestOf(runLength) { var most = 0; for (var r = 0; r < runLength.length; r++) most = Math.max(most, runLength[r]); return most; }
  function wrapEstimate(runStart, runLength, sectionOf, sectionCount, widths, heights, gutter, hangs, cfg) {
    var padding = cfg.itemPadding, count = widths.length, run, item, section;
    var inRun = new Uint8Array(count), runSection = [], runPitch = [], runSlot = [], runStack = [], runWidest = [], runShaped = [];
    for (run = 0; run < runStart.length; run++) {
      var tallest = 0, widestRun = 0, stackRun = 0;
      for (item = runStart[run]; item < runStart[run] + runLength[run]; item++) {
        inRun[item] = 1;
        tallest = Math.max(tallest, heights[item]); widestRun = Math.max(widestRun, widths[item]);
        stackRun += heights[item] + padding;
      }
      runSection.push(sectionOf[runStart[run]]);
      runPitch.push(tallest + padding); runSlot.push(widestRun + gutter); runStack.push(stackRun); runWidest.push(widestRun);
      runShaped.push(shapedRows(runLength[run], tallest + padding, widestRun + gutter));
    }
    var baseStack = new Float64Array(sectionCount), baseWidth = new Float64Array(sectionCount);
    for (item = 0; item < count; item++) {
      if (inRun[item]) continue;
      section = sectionOf[item];
      baseStack[section] += heights[item] + padding;
      baseWidth[section] = Math.max(baseWidth[section], widths[item]);
    }
    var longestList = listLimit(cfg) ? longestOf(runLength) : 0;
    function size(limit, unshaped) {
      var m = measure(function (r) { return wrapGrid(runLength[r], limit, unshaped ? null : runShaped[r], unshaped ? 0 : longestList); });
      return {breadth: m.breadth, depth: m.right + cfg.sectionMargin};
    }
    // WrapEstimate.filledRows
    function filledRows(limit) {
      var grids = [], r;
      for (r = 0; r < runLength.length; r++) grids.push(wrapGrid(runLength[r], limit, runShaped[r], longestList));
      var m = measure(function (run) { return grids[run]; }), out = [];
      for (r = 0; r < runLength.length; r++) {
        var length = runLength[r], rows = grids[r] ? grids[r][0] : length;
        var room = hangs ? m.right - m.lefts[runSection[r]] : m.widths[runSection[r]];
        var fit = Math.trunc(room / runSlot[r]);
        out.push(fit > 1 ? Math.min(rows, Math.floor((length + fit - 1) / fit)) : rows);
      }
      return out;
    }
    // WrapEstimate.measure
    function measure(gridOfRun) {
      var stack = baseStack.slice(), width = baseWidth.slice(), blocks = [], r, k;
      for (r = 0; r < runLength.length; r++) {
        var sec = runSection[r], grid = gridOfRun(r);
        if (grid) {
          var blockHeight = grid[0] * runPitch[r], blockWidth = grid[1] * runSlot[r];
          // A row hanging from the line over it is half a padding taller (WrapPlan.combDrop).
          if (!cfg.vertical && grid[0] === 1 && grid[1] > 1) blockHeight += padding / 2;
          // A list in single file: no gutter before it.
          if (cfg.vertical && grid[0] === 1) blockWidth -= gutter;
          stack[sec] += blockHeight;
          if (hangs) blocks.push([sec, blockWidth, blockHeight]); else width[sec] = Math.max(width[sec], blockWidth);
        } else {
          stack[sec] += runStack[r];
          width[sec] = Math.max(width[sec], runWidest[r]);
        }
      }
      var n = width.length, lefts = new Float64Array(n).fill(cfg.sectionMargin);
      for (k = 1; k < n; k++) lefts[k] = lefts[k - 1] + width[k - 1] + cfg.sectionPadding;
      var right = (n ? lefts[n - 1] : 0) + (n ? width[n - 1] : 0);
      for (var b = 0; b < blocks.length; b++) {
        var blockRight = lefts[blocks[b][0]] + blocks[b][1];
        right = Math.max(right, blockRight);
        var s2 = blocks[b][0];
        while (s2 + 1 < n && blockRight > lefts[s2] + width[s2] + 0.5) { s2++; stack[s2] += blocks[b][2]; }
      }
      var tallestStack = 0;
      for (k = 0; k < stack.length; k++) tallestStack = Math.max(tallestStack, stack[k]);
      return {breadth: stack.length ? tallestStack : 0, right: right, lefts: lefts, widths: width};
    }
    function aspect(limit) { var z = size(limit); return z.breadth / Math.max(z.depth, 1); }
    function area(limit) { var z = size(limit); return z.breadth * z.depth; }
    // (bigTree: beyond MEASURED_CHOICE_ITEMS, the blocks' own shapes where a lower limit's area
    // is over SQUARING_AREA_GROWTH times theirs.)
    function autoRowLimit(bigTree) {
      var longest = 0;
      for (var r = 0; r < runLength.length; r++) longest = Math.max(longest, runLength[r]);
      var unwrapped = size(longest, true);
      if (unwrapped.breadth <= TARGET_ASPECT * Math.max(unwrapped.depth, 1)) return null;
      var low = fewestAutoRows(cfg), high = longest;
      if (aspect(low) > TARGET_ASPECT) return squaring(low);
      if (aspect(high) <= TARGET_ASPECT) {
        if (longestList > 0) low = high; else for (var r2 = 0; r2 < runShaped.length; r2++) low = Math.max(low, runShaped[r2]);
        high = low;
      }
      while (high - low > 1) {
        var middle = Math.floor((low + high) / 2);
        if (aspect(middle) <= TARGET_ASPECT) low = middle; else high = middle;
      }
      var best = low, bestArea = area(low), candidate = Math.floor(low / 2);
      while (candidate >= fewestAutoRows(cfg)) {
        var z = size(candidate), a = z.breadth * z.depth;
        if (z.depth > TARGET_ASPECT * z.breadth) break;
        if (a < bestArea) { best = candidate; bestArea = a; }
        candidate = Math.floor(candidate / 2);
      }
      return squaring(best);
      // WrapEstimate.squaring
      function squaring(limit) {
        if (!bigTree || !runShaped.length) return limit;
        var shaped = 0;
        for (var r3 = 0; r3 < runShaped.length; r3++) shaped = Math.max(shaped, runShaped[r3]);
        var chosen = limit < shaped && area(limit) > SQUARING_AREA_GROWTH * area(shaped) ? shaped : limit;
        return area(chosen) > SQUARING_AREA_GROWTH * unwrapped.breadth * unwrapped.depth ? null : chosen;
      }
    }
    // WrapEstimate.page and unwrappedPage (WrapPlan.page: area times how far beyond TARGET_ASPECT).
    function pageOf(z) {
      var a = z.breadth / Math.max(z.depth, 1);
      return z.breadth * z.depth * Math.max(1, Math.max(a / TARGET_ASPECT, 1 / Math.max(a * TARGET_ASPECT, 1e-9)));
    }
    function page(limit) { return pageOf(size(limit)); }
    function unwrappedPage() {
      var longest = 0;
      for (var r = 0; r < runLength.length; r++) longest = Math.max(longest, runLength[r]);
      return pageOf(size(longest, true));
    }
    return {aspect: aspect, autoRowLimit: autoRowLimit, filledRows: filledRows, page: page, unwrappedPage: unwrappedPage};
  }
  // WrapPlan.init; null when nothing wraps. With nestingShape (and a forced limit, auto), a
  // wide fan's subtrees that nestingReach takes wrap with their leaves, as panels.
  // NestingReach.nestingFan: the fewest children of a fan whose subtrees nest with a reach.
  function nestingFan(reach, topLevel) {
    if (reach === REACH_FOREST_TOP_FANS && topLevel) return FOREST_TOP_NESTING_FAN;
    return (reach === REACH_TOP_FANS && topLevel) || isDeepReach(reach) ? TOP_NESTING_FAN : AUTO_FAN_TIERS[0];
  }
  // WrapPlan.runsBesideDeepSiblings: per run, whether a sibling's subtree has DEEP_SIBLING_LEVELS
  // levels or more and DEEP_SIBLING_SHARE times the run's members or more.
  function runsBesideDeepSiblings(runStart, runLength, cs, par) {
    var count = par.length, size = new Int32Array(count).fill(1), levels = new Int32Array(count), item, child, run;
    for (item = count - 1; item >= 0; item--) {
      for (child = cs[item]; child < cs[item + 1]; child++) { size[item] += size[child]; levels[item] = Math.max(levels[item], levels[child] + 1); }
    }
    // Per parent, its biggest child subtree of DEEP_SIBLING_LEVELS levels or more.
    var deepest = new Int32Array(count), keeps = [];
    for (item = 0; item < count; item++) if (levels[item] >= DEEP_SIBLING_LEVELS && par[item] >= 0) deepest[par[item]] = Math.max(deepest[par[item]], size[item]);
    for (run = 0; run < runStart.length; run++) {
      var parent = par[runStart[run]];
      keeps.push(parent >= 0 && deepest[parent] >= DEEP_SIBLING_SHARE * runLength[run]);
    }
    return keeps;
  }

  function wrapPlan(cols, widths, heights, cfg, forcedLimit, forcedFan, fills, nestingShape, nestingReach, broadensBlocks, fillsBlocks, breaksPanels, keepsBeside, shortestList, depthRoom, nestsInDepthRoom, evensPanels) {
    var gutter = Math.max(16, cfg.sectionPadding / 2), padding = cfg.itemPadding;
    var ss = cols.ss, cs = cols.cs, count = cols.par.length, sectionCount = ss.length - 1, linked = cols.linked;
    var sectionOf = sectionOfItems(cols);
    var nests = nestingShape != null && forcedLimit != null && cfg.wrap === 0, reach = nests ? nestingReach : REACH_SMALL;
    function isLeaf(item) { return cs[item] === cs[item + 1]; }
    var shortest;
    if (cfg.wrap < 0) return null;
    shortest = cfg.wrap === 0 ? (cfg.vertical ? 2 : 3) : cfg.wrap + 1;  // WrapPlan.shortestAutoRun
    // Per item (where nesting is asked for), its subtree's size, levels below it, and whether
    // it holds a fan of the first tier; bottom up (children follow their parents).
    var subtreeSize = null, subtreeLevels = null, hasWideFan = null, item, child;
    if (nests) {
      subtreeSize = new Int32Array(count); subtreeLevels = new Int32Array(count); hasWideFan = new Uint8Array(count);
      for (item = count - 1; item >= 0; item--) {
        var size = 1, levels = 0, wide = cs[item + 1] - cs[item] >= AUTO_FAN_TIERS[0];
        for (child = cs[item]; child < cs[item + 1]; child++) {
          size = Math.min(size + subtreeSize[child], 1073741823);
          levels = Math.max(levels, Math.min(subtreeLevels[child] + 1, 100));
          wide = wide || hasWideFan[child] === 1;
        }
        subtreeSize[item] = size; subtreeLevels[item] = levels; hasWideFan[item] = wide ? 1 : 0;
      }
    }
    // WrapPlan's canNest: whether a child's subtree nests with a reach.
    function canNest(item, withReach) {
      if (isLeaf(item)) return false;
      if (isDeepReach(withReach)) {
        var largest = withReach === REACH_DEEP_FANS ? LARGEST_DEEP_NESTED_SUBTREE
          : withReach === REACH_DEEP_BIG_FANS ? LARGEST_DEEP_BIG_NESTED_SUBTREE : LARGEST_DEEP_LARGE_NESTED_SUBTREE;
        return subtreeSize[item] <= largest && subtreeLevels[item] <= DEEPEST_BIG_NESTING;
      }
      // (WrapPlan's holdsMostOfItsFan: a wide fan inside and over half its parent's nodes.)
      if (withReach >= REACH_BIG) return subtreeLevels[item] <= DEEPEST_BIG_NESTING
        && !(hasWideFan[item] && cols.par[item] >= 0 && subtreeSize[item] * 2 > subtreeSize[cols.par[item]]);
      return subtreeSize[item] <= LARGEST_NESTED_SUBTREE && subtreeLevels[item] <= DEEPEST_NESTING && (withReach === REACH_WIDE_FANS || !hasWideFan[item]);
    }
    // WrapPlan.nestsInDepthRoom: smaller fans' small subtrees nest too, where they fit the depth room.
    var nestsRoomy = nests && !!depthRoom && depthRoom.length > 0 && !!nestsInDepthRoom;
    var runStart = [], runLength = [], runNested = [], runRoomy = [], reachesFurther = false;
    function collectRuns(smallestFan) {
      runStart = []; runLength = []; runNested = []; runRoomy = []; reachesFurther = false;
      // Subtrees in a nesting run: their fans are that block's, not runs of their own.
      var nestedFolder = nests ? new Uint8Array(count) : null;
      // The roots are a fan too, nesting only as one of the first tier with the top reaches (WrapPlan's collectRuns(of:topLevel:roots:)).
      var rootCount = sectionCount > 0 ? ss[1] : 0;
      for (var parent = -1; parent < count; parent++) {
        var c0 = parent < 0 ? 0 : cs[parent], c1 = parent < 0 ? rootCount : cs[parent + 1];
        var topLevel = parent < rootCount, nestsByReach = nests && (parent < 0 ? isTopReach(reach) && c1 - c0 >= AUTO_FAN_TIERS[0] : c1 - c0 >= nestingFan(reach, topLevel));
        var roomy = !nestsByReach && nestsRoomy && parent >= 0 && c1 - c0 >= TOP_NESTING_FAN, nestsHere = nestsByReach || roomy;
        // A fan below the smallest wrapped one keeps only its nesting runs (a top fan's).
        var wrapsLeaves = c1 - c0 >= smallestFan;
        if (!(wrapsLeaves || nestsHere) || (parent >= 0 && nests && nestedFolder[parent])) continue;
        // An item an additional parent's line reaches stays single (cols.linked).
        var joins = function (k) { return (isLeaf(k) || (nestsByReach && canNest(k, reach)) || (roomy && canNest(k, REACH_SMALL))) && !(linked && linked[k]); };
        var at = c0;
        while (at < c1) {
          if (!joins(at)) { at++; continue; }
          var end = at + 1, nested = !isLeaf(at);
          while (end < c1 && joins(end)) { nested = nested || !isLeaf(end); end++; }
          // WrapPlan's keepsShortRunsInSingleFile: left to right, a short run of leaves above the deepest column stays single.
          if (cfg.wrap === 0 && !cfg.vertical && !nested && end - at <= LONGEST_SINGLE_FILE_RUN && sectionOf[at] + 1 < sectionCount) { at = end; continue; }
          if (end - at >= shortest && (wrapsLeaves || nested)) {
            runStart.push(at); runLength.push(end - at); runNested.push(nested); runRoomy.push(roomy && nested);
            if (nested && reach === REACH_FOREST_TOP_FANS) {
              // Beyond REACH_TOP_FANS only by a root's fan too small for it.
              if (parent >= 0 && c1 - c0 < TOP_NESTING_FAN) reachesFurther = true;
            } else if (nested) {
              // A top fan below the first tier: REACH_TOP_FANS only (REACH_DEEP_FANS, no superset, differs;
              // the later deep reaches differ from the one before only by a bigger subtree).
              // (Roots nest with REACH_TOP_FANS only, of the reaches so far: a reach further than the ones before.)
              if (parent < 0 || (c1 - c0 < AUTO_FAN_TIERS[0] && !isDeepReach(reach)) || reach === REACH_DEEP_FANS) reachesFurther = true;
              for (var k = at; k < end && reach > REACH_SMALL && !reachesFurther; k++) reachesFurther = !isLeaf(k) && !canNest(k, reach - 1);
            }
            if (nested) {
              // Every item of the run's subtrees, level by level.
              for (var lo = at, hi = end; lo < hi; lo = cs[lo], hi = cs[hi]) for (var m = lo; m < hi; m++) nestedFolder[m] = 1;
            }
          }
          at = end;
        }
      }
    }
    var rowLimit = 0, smallestFan = 0, estimateFits = true, run;
    if (cfg.wrap > 0) {
      collectRuns(0);
      rowLimit = cfg.wrap;
    } else if (forcedLimit != null) {
      smallestFan = forcedFan != null ? forcedFan : AUTO_FAN_TIERS[0];
      collectRuns(smallestFan);
      rowLimit = forcedLimit;
    } else {
      var tierPage = null;  // the page the larger tiers draw on (null: none wrapped yet)
      for (var tier = 0; tier < AUTO_FAN_TIERS.length; tier++) {
        collectRuns(AUTO_FAN_TIERS[tier]);
        if (!runStart.length) continue;
        var estimate = wrapEstimate(runStart, runLength, sectionOf, sectionCount, widths, heights, gutter, overhangs(cfg, cols), cfg);
        var limit = estimate.autoRowLimit(count > MEASURED_CHOICE_ITEMS);
        // (null: within the target unwrapped, or a big tree's tier that only widens: the larger tiers' blocks stay.)
        if (limit === null) { if (rowLimit > 0) collectRuns(smallestFan); break; }
        var pageHere = estimate.page(limit);
        if (tier > 0 && pageHere > (tierPage !== null ? tierPage : estimate.unwrappedPage()) * SMALLER_FANS_GAIN) {
          if (rowLimit > 0) collectRuns(smallestFan);
          break;
        }
        tierPage = pageHere;
        rowLimit = limit;
        smallestFan = AUTO_FAN_TIERS[tier];
        estimateFits = estimate.aspect(limit) <= TARGET_ASPECT;
        if (estimateFits) break;
      }
    }
    if (!runStart.length || !(rowLimit > 0)) return null;
    // Nothing nested that the reach before would not: that plan, placed already.
    if (reach !== REACH_SMALL && !reachesFurther) return null;
    var filled = null, keepingDiffers = false, besideDeep = runsBesideDeepSiblings(runStart, runLength, cs, cols.par);
    if (fills && cfg.wrap === 0) {
      filled = wrapEstimate(runStart, runLength, sectionOf, sectionCount, widths, heights, gutter, overhangs(cfg, cols), cfg).filledRows(rowLimit);
      // WrapPlan.runsBesideDeepSiblings: a run beside a deep, big sibling subtree keeps its
      // shaped rows, with keepsBeside (WrapPlan.keepsBesideDeepSiblings).
      for (run = 0; run < runStart.length; run++) {
        if (!besideDeep[run]) continue;
        var keptRows = shapedRowsOf(runStart[run], runStart[run] + runLength[run], widths, heights, padding, gutter);
        if (keptRows === filled[run]) continue;
        keepingDiffers = true;
        if (keepsBeside) filled[run] = keptRows;
      }
    }
    var plan = {gutter: gutter, rowLimit: rowLimit, smallestFan: smallestFan, estimateFits: estimateFits, fills: filled !== null, firstItem: [], memberCount: [], rows: [], columns: [], rowStart: [0], rowOffsets: [],
                rowHeights: [], columnStart: [0], columnLefts: [], columnWidths: [], stackStart: [], stackFirsts: [], widths: [], heights: [], blockOfItem: new Int32Array(count).fill(-1),
                nestLevels: [], levelStart: [], levelFirst: [], levelCount: [], offsetStart: [], panelLevelStart: [], memberXs: [], memberYs: [],
                memberColumns: [], memberLevels: [], levelLefts: [], levelWidths: [], innerGap: cfg.sectionPadding, nestsFolders: false, deepestLevels: 0,
                hangsLists: !!cfg.vertical, shortestHangingList: shortestList || (cfg.vertical ? 2 : 3), listFirst: [], listCount: [], listLefts: [], listTops: [], listHeights: [], listRows: [], listFirstRows: [], listLastRows: [],
                listColumnStart: [], listColumnLefts: [], listOfItem: null,
                nestingShape: nestingShape != null ? nestingShape : 1, nestingReach: reach, broadensBlocks: nests && !!broadensBlocks, broadeningDiffers: false,
                fillsBlocks: nests && !!fillsBlocks, fillingDiffers: false, breaksPanels: nests && !!breaksPanels, breaksDiffer: false,
                evensPanels: nests && !!evensPanels, evensDiffer: false,
                keepingDiffers: keepingDiffers, depthRoom: nests && depthRoom ? depthRoom : [], nestsInDepthRoom: nestsRoomy};
    var shapes = cfg.wrap === 0, longestRun = listLimit(cfg) ? longestOf(runLength) : 0;
    var nestings = nests ? nestingLayouts(plan, runStart, runLength, runNested, runRoomy, sectionOf, cs, cols.par, widths, heights, padding) : null;
    for (run = 0; run < runStart.length; run++) {
      var length = runLength[run], first = runStart[run], shaped = null;
      if (runNested[run]) {
        if (nestings && nestings.layouts[run]) appendNestingBlock(plan, nestings.layouts[run], first, length, cs, widths, heights, padding, nestings.fillWidths[run]);
        continue;
      }
      if (filled) {
        shaped = filled[run];
      } else if (shapes) {
        shaped = shapedRowsOf(first, first + length, widths, heights, padding, gutter);
      }
      var grid = wrapGrid(length, rowLimit, shaped, longestRun, besideDeep[run] || !shapes);
      if (!grid) continue;
      var rowCount = grid[0], columnCount = grid[1];
      var block = plan.firstItem.length;
      plan.firstItem.push(first); plan.memberCount.push(length); plan.rows.push(rowCount); plan.columns.push(columnCount);
      for (item = first; item < first + length; item++) plan.blockOfItem[item] = block;
      var rowBase = plan.rowOffsets.length, columnBase = plan.columnLefts.length;
      // WrapPlan: a list in single file has no bus before its first member.
      var size = appendGrid(first, first + length, rowCount, columnCount, widths, heights, padding, gutter,
                            plan.rowOffsets, plan.rowHeights, plan.columnLefts, plan.columnWidths, false, plan.hangsLists && rowCount === 1);
      // WrapPlan.combDrop: a row hanging from the line over it in a block half a padding taller, its middle's.
      if (!plan.hangsLists && rowCount === 1 && columnCount > 1) { plan.rowOffsets[rowBase] += padding / 4; size[1] += padding / 2; }
      var stacked = !plan.hangsLists && rowCount > 1 && columnCount > 1 ? stacking(first, first + length, columnCount, size, widths, heights, padding, gutter) : null;
      plan.stackStart.push(stacked ? plan.stackFirsts.length : -1);
      if (stacked) {
        plan.rowOffsets.length = rowBase; plan.rowHeights.length = rowBase; plan.columnLefts.length = columnBase; plan.columnWidths.length = columnBase;
        appendStacked(first, stacked.split, widths, heights, padding, gutter, plan.rowOffsets, plan.rowHeights, plan.columnLefts, plan.columnWidths);
        for (var q = 0; q < stacked.split.length; q++) plan.stackFirsts.push(stacked.split[q]);
        size = [stacked.width, stacked.height];
      }
      plan.rowStart.push(plan.rowOffsets.length); plan.columnStart.push(plan.columnLefts.length);
      plan.widths.push(size[0]); plan.heights.push(size[1]);
      plan.nestLevels.push(0); plan.levelStart.push(plan.levelFirst.length); plan.offsetStart.push(-1); plan.panelLevelStart.push(plan.levelLefts.length);
    }
    if (!plan.firstItem.length) return null;
    return plan;
  }
  // WrapPlan.position(ofMember:inBlock:)
  function memberPosition(plan, item, block) {
    if (plan.offsetStart[block] >= 0) return {column: plan.memberColumns[nestedIndex(plan, item, block)], row: 0};
    if (plan.stackStart[block] >= 0) return stackedPosition(plan, item - plan.firstItem[block], block);
    return gridPosition(item - plan.firstItem[block], plan.memberCount[block], plan.rows[block], plan.columns[block]);
  }
  // WrapPlan.offset(ofMember:inBlock:width:height:)
  function memberOffset(plan, item, block, width, height) {
    if (plan.offsetStart[block] >= 0) { var at = nestedIndex(plan, item, block); return {x: plan.memberXs[at], y: plan.memberYs[at]}; }
    // (A stacked block's rows are its members.)
    var p = memberPosition(plan, item, block), ci = plan.columnStart[block] + p.column;
    var ri = plan.rowStart[block] + (plan.stackStart[block] >= 0 ? item - plan.firstItem[block] : p.row);
    // At its sub-column's near side; a row hanging from the line over it (WrapPlan.isCombed) at
    // that line, a list in single file (WrapPlan.isSingleFile) at the line past its far side.
    var combed = !plan.hangsLists && plan.rows[block] === 1 && plan.columns[block] > 1;
    var singleFile = plan.hangsLists && plan.rows[block] === 1, room = plan.rowHeights[ri] - height;
    return {x: plan.columnLefts[ci], y: plan.rowOffsets[ri] + (combed ? 0 : singleFile ? room : room / 2)};
  }
  // WrapPlan.memberEnds: from the centre of the block placed placedHeight tall, its members
  // roomBefore after its placed top.
  function memberEnds(plan, block, placedHeight, roomBefore) {
    var rows = rowMiddles(plan, block), middle = placedHeight / 2 - (roomBefore || 0);
    return {first: rows.first - middle, last: rows.last - middle};
  }
  function busXOfColumn(plan, column, block) { return plan.columnLefts[plan.columnStart[block] + column] - plan.gutter / 4; }  // WrapPlan.busInset
  function rowMiddles(plan, block) {
    // (A stacked block's: its first sub-column's first and last members.)
    var first = plan.rowStart[block];
    var last = plan.stackStart[block] >= 0 ? first + plan.stackFirsts[plan.stackStart[block] + 1] - 1 : plan.rowStart[block + 1] - 1;
    return {first: plan.rowOffsets[first] + plan.rowHeights[first] / 2, last: plan.rowOffsets[last] + plan.rowHeights[last] / 2};
  }
  // WrapPlan.keepRoomBeforeBlocks: before a block that, in some column, it or a stand-in of it
  // follows a block or a stand-in of one: one padding after a block whose line runs past its far
  // side (top to bottom: a list in single file, or a nesting block with a hanging list reaching
  // its far edge), unless it is a list in single file; else half a padding where a line runs
  // over it (several sub-columns or panels, not in single file nor a combed row); its stand-ins too.
  // Returns per block its room (empty where none has any); the placed heights are grown here.
  function keepRoomBeforeBlocks(plan, placed, heights, reducedOfPlaced, isStandIn, itemOfReduced, pad) {
    var blockCount = plan.firstItem.length;
    if (blockCount === 0) return [];
    var farSide = new Uint8Array(blockCount), reach = new Float64Array(blockCount).fill(-Infinity), b;
    var single = function (block) { return plan.hangsLists && plan.rows[block] === 1 && plan.offsetStart[block] < 0; };
    if (plan.hangsLists) {
      for (var l = 0; l < plan.listFirst.length; l++) {
        b = plan.blockOfItem[plan.listFirst[l]];
        reach[b] = Math.max(reach[b], plan.listTops[l] + plan.listHeights[l] + pad * 0.25);
      }
      for (b = 0; b < blockCount; b++) farSide[b] = plan.offsetStart[b] < 0 ? (single(b) ? 1 : 0) : (reach[b] >= plan.heights[b] - 0.5 ? 1 : 0);
    }
    var count = placed.par.length, mapped = !!reducedOfPlaced, blockOfPlaced = new Int32Array(count).fill(-1), item;
    for (item = 0; item < count; item++) {
      if (mapped && isStandIn[item]) continue;
      var r = mapped ? reducedOfPlaced[item] : item, block = plan.blockOfItem[itemOfReduced[r]];
      if (block < 0) continue;
      blockOfPlaced[item] = block;
      if (!mapped) continue;
      var link = item;
      while (placed.cs[link + 1] - placed.cs[link] === 1 && isStandIn[placed.cs[link]]) { link = placed.cs[link]; blockOfPlaced[link] = block; }
    }
    var rooms = new Float64Array(blockCount), given = false;
    for (var s = 0; s + 1 < placed.ss.length; s++) {
      for (item = placed.ss[s]; item < placed.ss[s + 1] - 1; item++) {
        var b0 = blockOfPlaced[item], b1 = blockOfPlaced[item + 1];
        if (b0 < 0 || b1 < 0 || b1 === b0) continue;
        var combed = !plan.hangsLists && plan.rows[b1] === 1 && plan.columns[b1] > 1 && plan.offsetStart[b1] < 0;
        var room = farSide[b0] && !single(b1) ? pad : plan.columns[b1] > 1 && !single(b1) && !combed ? pad / 2 : 0;
        if (room > rooms[b1]) { rooms[b1] = room; given = true; }
      }
    }
    if (!given) return [];
    for (item = 0; item < count; item++) if (blockOfPlaced[item] >= 0) heights[item] += rooms[blockOfPlaced[item]];
    return rooms;
  }
  // WrapPlan.reduced
  function reduced(plan, cols, heights) {
    var count = cols.par.length, keptBefore = new Int32Array(count + 1), itemOfReduced = [], reducedHeights = [];
    for (var item = 0; item < count; item++) {
      var block = plan.blockOfItem[item], kept = block < 0 || plan.firstItem[block] === item;
      keptBefore[item + 1] = keptBefore[item] + (kept ? 1 : 0);
      if (kept) { itemOfReduced.push(item); reducedHeights.push(block < 0 ? heights[item] : plan.heights[block]); }
    }
    var m = itemOfReduced.length, ss = new Int32Array(cols.ss.length), cs = new Int32Array(m + 1), par = new Int32Array(m);
    for (var s = 0; s < cols.ss.length; s++) ss[s] = keptBefore[cols.ss[s]];
    for (var r = 0; r < m; r++) {
      var it = itemOfReduced[r];
      cs[r] = keptBefore[cols.cs[it]];
      var p = cols.par[it];
      par[r] = p < 0 ? -1 : keptBefore[p];
    }
    cs[m] = keptBefore[cols.cs[count]];
    return {cols: {ss: ss, cs: cs, par: par}, heights: Float64Array.from(reducedHeights), itemOfReduced: itemOfReduced};
  }


"""#
}
