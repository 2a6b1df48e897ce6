extension HTMLPagePlacementScript {
    /// The port of `WrapPlan`'s nesting blocks (`appendNestingBlock`, a nested member's place,
    /// the leads of connectors inside a panel).
    static let nesting: StaticString = #"""
  // WrapPlan.appendNestingBlock: the run's children (leaves and subtrees) in order down panels
  // side by side, each subtree packed by its contours as a tidy tree packs it, a parent between
  // its first and last child's middles; each panel a column per level. No block where one
  // panel would do. With plan.hangsLists, runs of leaf children hang as lists (one row each).
  function appendNestingBlock(plan, first, length, cs, widths, heights, padding) {
    var gutter = plan.gutter, levels = [[first, first + length]], level, item, child, depth, at;
    for (;;) {
      var lastLevel = levels[levels.length - 1], nextLow = cs[lastLevel[0]], nextHigh = cs[lastLevel[1]];
      if (nextLow === nextHigh) break;
      levels.push([nextLow, nextHigh]);
    }
    var levelCount = levels.length, levelOffsets = [], total = 0;
    for (level = 0; level < levelCount; level++) { levelOffsets.push(total); total += levels[level][1] - levels[level][0]; }
    function index(k, kLevel) { return levelOffsets[kLevel] + k - levels[kLevel][0]; }
    // Hanging lists: per item its list's head (first member) or -1 and its offsets in its list;
    // per head, its height, its length along the depth axis, its rows and sub-columns' lefts.
    var hangs = plan.hangsLists, listHead = null, rowHeight = null, listLength = null, inListTop = null, inListLeft = null, headRows = null;
    // WrapPlan.appendNestingBlock's layOutList: a shaped block of leaves, down each sub-column then across.
    function layOutList(low, high, listLevel) {
      var head = index(low, listLevel), member, position;
      var shaped = shapedRowsOf(low, high, widths, heights, padding, gutter, 1 / HANGING_LIST_LENGTH);
      var columnCount = Math.floor((high - low + shaped - 1) / shaped), rowCount = Math.floor((high - low + columnCount - 1) / columnCount);
      var rowTops = [], rowHeights = [], lefts = [], columnWidths = [];
      var size = appendGrid(low, high, rowCount, columnCount, widths, heights, padding, gutter, rowTops, rowHeights, lefts, columnWidths);
      for (member = low; member < high; member++) {
        position = member - low;
        var a = index(member, listLevel), row = position % rowCount, column = Math.floor(position / rowCount);
        listHead[a] = head;
        inListTop[a] = rowTops[row] + (rowHeights[row] - heights[member]) / 2;
        inListLeft[a] = lefts[column] + (columnWidths[column] - widths[member]) / 2;
      }
      rowHeight[head] = size[1];
      listLength[head] = size[0];
      headRows.set(head, {rows: rowCount, first: rowHeights[0] / 2, last: rowTops[rowCount - 1] + rowHeights[rowCount - 1] / 2, lefts: lefts});
    }
    if (hangs) {
      listHead = new Int32Array(total).fill(-1); rowHeight = new Float64Array(total); listLength = new Float64Array(total);
      inListTop = new Float64Array(total); inListLeft = new Float64Array(total); headRows = new Map();
      for (level = 0; level < levelCount - 1; level++) {
        for (item = levels[level][0]; item < levels[level][1]; item++) {
          var runFrom = cs[item];
          while (runFrom < cs[item + 1]) {
            var runTo = runFrom;
            while (runTo < cs[item + 1] && cs[runTo] === cs[runTo + 1]) runTo++;
            if (runTo - runFrom >= plan.shortestHangingList) layOutList(runFrom, runTo, level + 1);
            runFrom = Math.max(runTo, runFrom + 1);
          }
        }
      }
    }
    function isListTail(a) { return hangs && listHead[a] >= 0 && listHead[a] !== a; }
    var depths = new Int32Array(total), tallest = 0, widest = new Float64Array(levelCount);
    for (level = levelCount - 1; level >= 0; level--) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        depth = 0;
        if (level + 1 < levelCount) for (child = cs[item]; child < cs[item + 1]; child++) depth = Math.max(depth, depths[index(child, level + 1)] + 1);
        at = index(item, level);
        tallest = Math.max(tallest, heights[item]);
        if (hangs && listHead[at] >= 0) {
          // A list keeps its room at every deeper level; its members pack as one.
          if (listHead[at] !== at) continue;
          depth = levelCount - 1 - level;
          widest[level] = Math.max(widest[level], listLength[at]);
        } else {
          widest[level] = Math.max(widest[level], widths[item]);
        }
        depths[at] = depth;
      }
    }
    var contourStart = new Int32Array(total + 1);
    for (at = 0; at < total; at++) contourStart[at + 1] = contourStart[at] + depths[at] + 1;
    var contourTops = new Float64Array(contourStart[total]), contourBottoms = new Float64Array(contourStart[total]);
    var ownTops = new Float64Array(total), offsets = new Float64Array(total);
    var accumulatedTops = new Float64Array(levelCount), accumulatedBottoms = new Float64Array(levelCount);
    // Subtrees one below the other, each as high as its contours allow; the packed levels.
    function pack(low, high, packLevel) {
      var packedLevels = 0;
      for (var k = low; k < high; k++) {
        var a = index(k, packLevel), base = contourStart[a], count = depths[a] + 1, offset = 0, d;
        if (isListTail(a)) continue;
        if (packedLevels > 0) {
          offset = -Infinity;
          for (d = 0; d < Math.min(packedLevels, count); d++) offset = Math.max(offset, accumulatedBottoms[d] + padding - contourTops[base + d]);
        }
        offsets[a] = offset;
        for (d = 0; d < count; d++) {
          var top = contourTops[base + d] + offset, bottom = contourBottoms[base + d] + offset;
          if (d < packedLevels) {
            accumulatedTops[d] = Math.min(accumulatedTops[d], top); accumulatedBottoms[d] = Math.max(accumulatedBottoms[d], bottom);
          } else {
            accumulatedTops[d] = top; accumulatedBottoms[d] = bottom;
          }
        }
        packedLevels = Math.max(packedLevels, count);
      }
      return packedLevels;
    }
    function middle(k, kLevel) {
      var a = index(k, kLevel);
      if (hangs && listHead[a] >= 0) return offsets[listHead[a]] + rowHeight[listHead[a]] / 2;
      return offsets[a] + ownTops[a] + heights[k] / 2;
    }
    for (level = levelCount - 1; level >= 0; level--) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        at = index(item, level);
        var base = contourStart[at], height = heights[item], c0 = cs[item], c1 = cs[item + 1];
        if (hangs && listHead[at] >= 0) {
          // In its list's rows; the head's contour is the list at every depth.
          ownTops[at] = inListTop[at];
          if (listHead[at] === at) for (depth = 0; depth <= depths[at]; depth++) { contourTops[base + depth] = 0; contourBottoms[base + depth] = rowHeight[at]; }
          continue;
        }
        if (c0 === c1 || level + 1 >= levelCount) { contourTops[base] = 0; contourBottoms[base] = height; ownTops[at] = 0; continue; }
        var packed = pack(c0, c1, level + 1);
        var ownTop = (middle(c0, level + 1) + middle(c1 - 1, level + 1)) / 2 - height / 2, shift = ownTop;
        for (depth = 0; depth < packed; depth++) shift = Math.min(shift, accumulatedTops[depth]);
        ownTops[at] = ownTop - shift;
        contourTops[base] = ownTop - shift; contourBottoms[base] = ownTop - shift + height;
        for (depth = 0; depth < packed; depth++) {
          contourTops[base + 1 + depth] = accumulatedTops[depth] - shift;
          contourBottoms[base + 1 + depth] = accumulatedBottoms[depth] - shift;
        }
        for (child = c0; child < c1; child++) offsets[index(child, level + 1)] -= shift;
      }
    }
    function extent(a) {
      var bottom = 0;
      for (var cell = contourStart[a]; cell < contourStart[a + 1]; cell++) bottom = Math.max(bottom, contourBottoms[cell]);
      return bottom;
    }
    var blockHeight = -padding, widestSum = 0;
    for (item = levels[0][0]; item < levels[0][1]; item++) blockHeight += extent(index(item, 0)) + padding;
    for (level = 0; level < levelCount; level++) widestSum += widest[level];
    var slot = gutter + widestSum + plan.innerGap * (levelCount - 1);
    var cap = Math.max(tallest, plan.nestingShape * Math.sqrt(BLOCK_ASPECT * blockHeight * slot));
    var panels = Math.min(length, Math.ceil(blockHeight / Math.max(cap, 1)));
    if (!(panels > 1)) return;
    // Balanced and in order: a child goes to the panel its subtree's middle falls in.
    var share = (blockHeight + padding) / panels, panelOf = new Int32Array(total), runningTop = 0, last = -1, used = -1;
    for (item = levels[0][0]; item < levels[0][1]; item++) {
      var size = extent(index(item, 0)), wanted = Math.min(panels - 1, Math.trunc((runningTop + size / 2) / share));
      if (wanted !== last) { used++; last = wanted; }
      panelOf[index(item, 0)] = used;
      runningTop += size + padding;
    }
    var panelCount = used + 1;
    if (!(panelCount > 1)) return;
    // Each panel's members packed; then every item's top, top down.
    var origins = new Float64Array(total), tops = new Float64Array(total), panelHeights = new Float64Array(panelCount);
    var runStart = levels[0][0];
    while (runStart < levels[0][1]) {
      var panel = panelOf[index(runStart, 0)], runEnd = runStart + 1;
      while (runEnd < levels[0][1] && panelOf[index(runEnd, 0)] === panel) runEnd++;
      var packedLevels = pack(runStart, runEnd, 0), panelTop = 0, panelBottom = 0;
      for (depth = 0; depth < packedLevels; depth++) {
        panelTop = Math.min(panelTop, accumulatedTops[depth]); panelBottom = Math.max(panelBottom, accumulatedBottoms[depth]);
      }
      for (item = runStart; item < runEnd; item++) origins[index(item, 0)] = offsets[index(item, 0)] - panelTop;
      panelHeights[panel] = panelBottom - panelTop;
      runStart = runEnd;
    }
    for (level = 0; level < levelCount; level++) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        at = index(item, level);
        tops[at] = origins[at] + ownTops[at];
        if (level + 1 >= levelCount) continue;
        for (child = cs[item]; child < cs[item + 1]; child++) {
          var childAt = index(child, level + 1), unit = hangs && listHead[childAt] >= 0 ? listHead[childAt] : childAt;
          origins[childAt] = origins[at] + offsets[unit];
          panelOf[childAt] = panelOf[at];
        }
      }
    }
    // Columns: per panel and level, as wide as its widest item; lefts after the gutter.
    // (A list is no level's width: it hangs from its parent's column, as long as it is.)
    var levelBase = plan.levelLefts.length, cellIndex, longestList = hangs ? new Float64Array(panelCount * levelCount) : null;
    for (at = 0; at < panelCount * levelCount; at++) { plan.levelLefts.push(0); plan.levelWidths.push(0); }
    for (level = 0; level < levelCount; level++) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        at = index(item, level);
        var cellInBlock = panelOf[at] * levelCount + level;
        if (hangs && listHead[at] >= 0) {
          if (listHead[at] === at) longestList[cellInBlock - 1] = Math.max(longestList[cellInBlock - 1], listLength[at]);
          continue;
        }
        cellIndex = levelBase + cellInBlock;
        plan.levelWidths[cellIndex] = Math.max(plan.levelWidths[cellIndex], widths[item]);
      }
    }
    var left = 0;
    for (panel = 0; panel < panelCount; panel++) {
      left += gutter;
      plan.columnLefts.push(left); plan.columnWidths.push(plan.levelWidths[levelBase + panel * levelCount]);
      for (level = 0; level < levelCount; level++) {
        cellIndex = levelBase + panel * levelCount + level;
        if (level > 0) {
          if (!(plan.levelWidths[cellIndex] > 0)) break;
          left += plan.innerGap;
        }
        plan.levelLefts[cellIndex] = left;
        left += plan.levelWidths[cellIndex];
      }
      // The panel reaches to its longest list's end.
      if (!hangs) continue;
      for (level = 0; level < levelCount - 1; level++) {
        if (!(longestList[panel * levelCount + level] > 0)) continue;
        cellIndex = levelBase + panel * levelCount + level;
        left = Math.max(left, plan.levelLefts[cellIndex] + plan.levelWidths[cellIndex] + plan.innerGap + longestList[panel * levelCount + level]);
      }
    }
    // The block.
    var block = plan.firstItem.length, firstRows = [], firstHeights = [];
    plan.firstItem.push(first); plan.memberCount.push(length);
    plan.nestLevels.push(levelCount - 1); plan.levelStart.push(plan.levelFirst.length);
    for (level = 1; level < levelCount; level++) { plan.levelFirst.push(levels[level][0]); plan.levelCount.push(levels[level][1] - levels[level][0]); }
    plan.offsetStart.push(plan.memberXs.length); plan.panelLevelStart.push(levelBase);
    var listX = 0;
    for (level = 0; level < levelCount; level++) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        at = index(item, level);
        cellIndex = levelBase + panelOf[at] * levelCount + level;
        plan.blockOfItem[item] = block;
        if (hangs && listHead[at] >= 0) {
          // In its list: after its gutter, from its parent's column's end and the gap.
          if (listHead[at] === at) {
            listX = plan.levelLefts[cellIndex - 1] + plan.levelWidths[cellIndex - 1] + plan.innerGap;
            if (!plan.listOfItem) plan.listOfItem = new Int32Array(plan.blockOfItem.length).fill(-1);
            var listSize = 1;
            while (at + listSize < total && listHead[at + listSize] === at) listSize++;
            plan.listFirst.push(item); plan.listCount.push(listSize); plan.listLefts.push(listX);
            plan.listTops.push(origins[at]); plan.listHeights.push(rowHeight[at]);
            var shape = headRows.get(at);
            plan.listRows.push(shape.rows); plan.listFirstRows.push(shape.first); plan.listLastRows.push(shape.last);
            plan.listColumnStart.push(plan.listColumnLefts.length);
            for (var c = 0; c < shape.lefts.length; c++) plan.listColumnLefts.push(shape.lefts[c]);
          }
          plan.listOfItem[item] = plan.listFirst.length - 1;
          plan.memberXs.push(listX + inListLeft[at]);
        } else {
          plan.memberXs.push(plan.levelLefts[cellIndex] + (plan.levelWidths[cellIndex] - widths[item]) / 2);
        }
        plan.memberYs.push(tops[at]);
        plan.memberColumns.push(panelOf[at]); plan.memberLevels.push(level);
        if (level === 0 && panelOf[at] === 0) { firstRows.push(tops[at]); firstHeights.push(heights[item]); }
      }
    }
    // Rows: the first panel's children (where the bus enters, and what the parent centres on).
    plan.rows.push(firstRows.length); plan.columns.push(panelCount);
    for (at = 0; at < firstRows.length; at++) { plan.rowOffsets.push(firstRows[at]); plan.rowHeights.push(firstHeights[at]); }
    plan.rowStart.push(plan.rowOffsets.length); plan.columnStart.push(plan.columnLefts.length);
    var tallestPanel = 0;
    for (panel = 0; panel < panelCount; panel++) tallestPanel = Math.max(tallestPanel, panelHeights[panel]);
    plan.widths.push(left); plan.heights.push(tallestPanel);
    plan.nestsFolders = true;
    plan.deepestLevels = Math.max(plan.deepestLevels, levelCount - 1);
  }
  // WrapPlan.isInner: whether a member is an inner one (in a later section than its block's).
  function isInner(plan, item, block) { return item >= plan.firstItem[block] + plan.memberCount[block]; }
  // WrapPlan.nestedIndex: where a nesting block's member is in memberXs (own members, then each inner level's).
  function nestedIndex(plan, item, block) {
    var own = item - plan.firstItem[block], offset = plan.memberCount[block];
    if (own < offset) return plan.offsetStart[block] + own;
    for (var level = plan.levelStart[block]; level < plan.levelStart[block] + plan.nestLevels[block]; level++) {
      var levelFirst = plan.levelFirst[level];
      if (item >= levelFirst && item < levelFirst + plan.levelCount[level]) return plan.offsetStart[block] + offset + item - levelFirst;
      offset += plan.levelCount[level];
    }
    throw new Error('item ' + item + ' is not a member of block ' + block);
  }
  // WrapPlan.innerLeads: where a panel leads connectors out of a level's column, their bus, and
  // where they lead into the next level's column, from the block's left.
  function innerLeads(plan, panel, level, block) {
    var cell = plan.panelLevelStart[block] + panel * (plan.nestLevels[block] + 1) + level;
    var out = plan.levelLefts[cell] + plan.levelWidths[cell], into = out + plan.innerGap;
    return {out: out, bus: (out + into) / 2, into: into};
  }
  // The hanging lists of a placed layout as the page's blocks of one row each (inner: their
  // members are keyed by their nesting block's extent), as SchematicLayout.nestedConnector
  // leads connectors into them (the line along a list on its far side).
  function hangingLists(placed, cols, heights, cfg) {
    var plan = placed.plan, out = [];
    if (!plan || !plan.listOfItem) return out;
    for (var list = 0; list < plan.listFirst.length; list++) {
      var first = plan.listFirst[list], block = plan.blockOfItem[first], section = 0;
      while (cols.ss[section + 1] <= plan.firstItem[block]) section++;
      var blockLeft = placed.sectionLefts[section], top = placed.blockTops[block] + cfg.headerInset + plan.listTops[list];
      var left = blockLeft + plan.listLefts[list], buses = [], starts = [], parent = cols.par[first];
      for (var index = 0; index < plan.listCount[list]; index += plan.listRows[list]) {
        starts.push(index);
        buses.push(left + plan.listColumnLefts[plan.listColumnStart[list] + starts.length - 1] - plan.gutter / 2);
      }
      var parentMiddle = placed.tops[parent] + cfg.headerInset + heights[parent] / 2;
      out.push({first: first, count: plan.listCount[list], starts: starts,
                entry: Math.min(Math.max(parentMiddle, top + plan.listFirstRows[list]), top + plan.listLastRows[list]),
                above: top + plan.listHeights[list] + cfg.itemPadding * 0.25, buses: buses, inner: true});  // beyond the list: SchematicLayout.nestedConnector
    }
    return out;
  }
  // SchematicLayout.nestedConnector's leads, for every parent inside a nesting block: parent
  // (an item of the placed tree) to [out, into, middle], absolute canonical x.
  function nestedLeads(plan, cols, sectionLefts, elbow) {
    var leads = new Map(), section = 0;
    if (!plan || !plan.nestsFolders) return leads;
    for (var block = 0; block < plan.firstItem.length; block++) {
      if (plan.offsetStart[block] < 0) continue;
      while (cols.ss[section + 1] <= plan.firstItem[block]) section++;
      var blockLeft = sectionLefts[section], levelRuns = [[plan.firstItem[block], plan.firstItem[block] + plan.memberCount[block]]];
      for (var level = plan.levelStart[block]; level < plan.levelStart[block] + plan.nestLevels[block] - 1; level++) {
        levelRuns.push([plan.levelFirst[level], plan.levelFirst[level] + plan.levelCount[level]]);
      }
      for (var depth = 0; depth < levelRuns.length; depth++) {
        for (var parent = levelRuns[depth][0]; parent < levelRuns[depth][1]; parent++) {
          if (cols.cs[parent] === cols.cs[parent + 1]) continue;
          var at = nestedIndex(plan, parent, block), leads1 = innerLeads(plan, plan.memberColumns[at], plan.memberLevels[at], block);
          leads.set(parent, [blockLeft + (elbow ? leads1.bus : leads1.out), blockLeft + (elbow ? leads1.bus : leads1.into), blockLeft + leads1.bus]);
        }
      }
    }
    return leads;
  }


"""#
}
