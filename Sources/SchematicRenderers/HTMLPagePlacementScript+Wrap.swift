extension HTMLPagePlacementScript {
    /// The port of `WrapPlan` (the plan, members' positions, `reduced`).
    static let wrap: StaticString = #"""
  // WrapPlan.init; null when nothing wraps.
  function wrapPlan(cols, widths, heights, cfg, forcedLimit) {
    var gutter = Math.max(16, cfg.sectionPadding / 2), padding = cfg.itemPadding;
    var ss = cols.ss, cs = cols.cs, count = cols.par.length, sectionCount = ss.length - 1;
    var sectionOf = sectionOfItems(cols);
    function isLeaf(item) { return cs[item] === cs[item + 1]; }
    var shortest;
    if (cfg.wrap < 0) return null;
    shortest = cfg.wrap === 0 ? 2 : cfg.wrap + 1;
    var runStart = [], runLength = [];
    for (var parent = 0; parent < count; parent++) {
      var c0 = cs[parent], c1 = cs[parent + 1];
      if (cfg.wrap === 0 && c1 - c0 < SMALLEST_AUTO_FAN) continue;
      var child = c0;
      while (child < c1) {
        if (!isLeaf(child)) { child++; continue; }
        var end = child + 1;
        while (end < c1 && isLeaf(end)) end++;
        if (end - child >= shortest) { runStart.push(child); runLength.push(end - child); }
        child = end;
      }
    }
    if (!runStart.length) return null;
    var rowLimit, run, item, section;
    if (cfg.wrap > 0) {
      rowLimit = cfg.wrap;
    } else if (forcedLimit != null) {
      rowLimit = forcedLimit;
    } else {
      var inRun = new Uint8Array(count), runPitch = [], runSlot = [], runStack = [], runWidest = [];
      for (run = 0; run < runStart.length; run++) {
        var tallest = 0, widestRun = 0, stackRun = 0;
        for (item = runStart[run]; item < runStart[run] + runLength[run]; item++) {
          inRun[item] = 1;
          tallest = Math.max(tallest, heights[item]); widestRun = Math.max(widestRun, widths[item]);
          stackRun += heights[item] + padding;
        }
        runPitch.push(tallest + padding); runSlot.push(widestRun + gutter); runStack.push(stackRun); runWidest.push(widestRun);
      }
      var baseStack = new Float64Array(sectionCount), baseWidth = new Float64Array(sectionCount);
      for (item = 0; item < count; item++) {
        if (inRun[item]) continue;
        section = sectionOf[item];
        baseStack[section] += heights[item] + padding;
        baseWidth[section] = Math.max(baseWidth[section], widths[item]);
      }
      var aspect = function (limit) {
        var stack = baseStack.slice(), width = baseWidth.slice();
        for (var r = 0; r < runStart.length; r++) {
          var sec = sectionOf[runStart[r]], length = runLength[r];
          if (length <= limit) {
            stack[sec] += runStack[r];
            width[sec] = Math.max(width[sec], runWidest[r]);
          } else {
            var columns = Math.floor((length + limit - 1) / limit), rows = Math.floor((length + columns - 1) / columns);
            stack[sec] += rows * runPitch[r];
            width[sec] = Math.max(width[sec], columns * runSlot[r]);
          }
        }
        var depth = 0, tallestStack = 0, k;
        for (k = 0; k < sectionCount; k++) depth += width[k];
        depth += Math.max(0, sectionCount - 1) * cfg.sectionPadding + 2 * cfg.sectionMargin;
        for (k = 0; k < sectionCount; k++) tallestStack = Math.max(tallestStack, stack[k]);
        return tallestStack / Math.max(depth, 1);
      };
      var longest = 0;
      for (run = 0; run < runLength.length; run++) longest = Math.max(longest, runLength[run]);
      if (aspect(longest) <= TARGET_ASPECT) return null;
      var low = FEWEST_AUTO_ROWS, high = longest;
      if (aspect(low) > TARGET_ASPECT) {
        high = low;
      } else {
        while (high - low > 1) {
          var middle = Math.floor((low + high) / 2);
          if (aspect(middle) <= TARGET_ASPECT) low = middle; else high = middle;
        }
        high = low;
      }
      rowLimit = high;
    }
    var plan = {gutter: gutter, rowLimit: rowLimit, firstItem: [], memberCount: [], rows: [], columns: [], rowStart: [0], rowOffsets: [],
                rowHeights: [], columnStart: [0], columnLefts: [], columnWidths: [], widths: [], heights: [], blockOfItem: new Int32Array(count).fill(-1)};
    for (run = 0; run < runStart.length; run++) {
      var length = runLength[run], first = runStart[run];
      if (length <= rowLimit) continue;
      var columnCount = Math.floor((length + rowLimit - 1) / rowLimit), rowCount = Math.floor((length + columnCount - 1) / columnCount);
      var block = plan.firstItem.length;
      plan.firstItem.push(first); plan.memberCount.push(length); plan.rows.push(rowCount); plan.columns.push(columnCount);
      var rowBase = plan.rowOffsets.length, columnBase = plan.columnLefts.length, k;
      for (k = 0; k < rowCount; k++) { plan.rowOffsets.push(0); plan.rowHeights.push(0); }
      for (k = 0; k < columnCount; k++) { plan.columnLefts.push(0); plan.columnWidths.push(0); }
      for (var index = 0; index < length; index++) {
        item = first + index;
        plan.blockOfItem[item] = block;
        var ri = rowBase + index % rowCount, ci = columnBase + Math.floor(index / rowCount);
        plan.rowHeights[ri] = Math.max(plan.rowHeights[ri], heights[item]);
        plan.columnWidths[ci] = Math.max(plan.columnWidths[ci], widths[item]);
      }
      var top = 0;
      for (k = 0; k < rowCount; k++) { plan.rowOffsets[rowBase + k] = top; top += plan.rowHeights[rowBase + k] + padding; }
      var left = 0;
      for (k = 0; k < columnCount; k++) { left += gutter; plan.columnLefts[columnBase + k] = left; left += plan.columnWidths[columnBase + k]; }
      plan.rowStart.push(plan.rowOffsets.length); plan.columnStart.push(plan.columnLefts.length);
      plan.widths.push(left); plan.heights.push(top - padding);
    }
    if (!plan.firstItem.length) return null;
    return plan;
  }
  function memberPosition(plan, item, block) {
    var index = item - plan.firstItem[block], rowCount = plan.rows[block];
    return {column: Math.floor(index / rowCount), row: index % rowCount};
  }
  function memberOffset(plan, item, block, width, height) {
    var p = memberPosition(plan, item, block), ri = plan.rowStart[block] + p.row, ci = plan.columnStart[block] + p.column;
    return {x: plan.columnLefts[ci] + (plan.columnWidths[ci] - width) / 2, y: plan.rowOffsets[ri] + (plan.rowHeights[ri] - height) / 2};
  }
  function busXOfColumn(plan, column, block) { return plan.columnLefts[plan.columnStart[block] + column] - plan.gutter / 2; }
  function rowMiddles(plan, block) {
    var first = plan.rowStart[block], last = plan.rowStart[block + 1] - 1;
    return {first: plan.rowOffsets[first] + plan.rowHeights[first] / 2, last: plan.rowOffsets[last] + plan.rowHeights[last] / 2};
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
