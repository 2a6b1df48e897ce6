extension HTMLPagePlacementScript {
    /// The port of `WrapPlan`'s nesting blocks (`NestingLayout`, `appendNestingBlock`, a nested
    /// member's place, the leads of connectors inside a panel).
    static let nesting: StaticString = #"""
  // NestingLayout: the run's children (leaves and subtrees) in order down panels side by side,
  // each subtree packed by its contours as a tidy tree packs it, a parent between its first and
  // last child's middles; each panel a column per level. Null where one panel would do. With
  // plan.hangsLists, runs of leaf children hang as lists: shaped, or in listRows[head] rows.
  // With panelsWanted (not null), that many panels are asked for instead of the shaped number.
  // With plan.breaksPanels, the panels may break elsewhere than balanced (shortestBreaks); with
  // plan.evensPanels, into the fewest as broad panels filled in order (evenedPanels).
  // NestingMemo: the blocks one layout has laid out, by their settings; dropped when a layout
  // starts (layout) or the tree or its sizes are others.
  var nestingMemo = null;
  function forgetNestingBlocks() { nestingMemo = null; }
  function layOutNesting(plan, first, length, cs, widths, heights, padding, listRows, panelsWanted) {
    if (!nestingMemo || nestingMemo.cs !== cs || nestingMemo.widths !== widths || nestingMemo.heights !== heights) {
      nestingMemo = {cs: cs, widths: widths, heights: heights, layouts: new Map(), items: 0};
    }
    var key = [first, length, panelsWanted == null ? -1 : panelsWanted, listRows ? Array.prototype.join.call(listRows, ',') : '-',
               plan.nestingShape, plan.shortestHangingList, plan.breaksPanels ? 1 : 0, plan.evensPanels ? 1 : 0, plan.gutter, plan.innerGap, padding,
               plan.hangsLists ? 1 : 0].join(' ');
    if (nestingMemo.layouts.has(key)) return nestingMemo.layouts.get(key);
    var made = layOutNestingAfresh(plan, first, length, cs, widths, heights, padding, listRows, panelsWanted);
    var items = made ? made.total : 1;
    if (nestingMemo.items + items <= 400000) { nestingMemo.layouts.set(key, made); nestingMemo.items += items; }
    return made;
  }
  function layOutNestingAfresh(plan, first, length, cs, widths, heights, padding, listRows, panelsWanted) {
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
    // NestingLayout.layOutList: a block of leaves in the given rows (0: shaped), down each sub-column then across.
    function layOutList(low, high, head, forcedRows) {
      var member, position;
      var wanted = forcedRows > 0 ? Math.min(forcedRows, high - low) : shapedRowsOf(low, high, widths, heights, padding, gutter, 1 / HANGING_LIST_LENGTH);
      // (WrapPlan.longestSingleFileRun: a short list in single file, not in uneven lines.)
      if (high - low <= LONGEST_SINGLE_FILE_RUN && wanted > 1 && wanted < high - low) wanted = 1;
      var columnCount = Math.floor((high - low + wanted - 1) / wanted), rowCount = Math.floor((high - low + columnCount - 1) / columnCount);
      var rowTops = [], rowHeights = [], lefts = [], columnWidths = [];
      // Single file: no bus before it.
      var size = appendGrid(low, high, rowCount, columnCount, widths, heights, padding, gutter, rowTops, rowHeights, lefts, columnWidths, true, rowCount === 1);
      for (member = low; member < high; member++) {
        position = member - low;
        var a = head + position, row = position % rowCount, column = Math.floor(position / rowCount);
        listHead[a] = head;
        inListTop[a] = rowTops[row] + (rowHeights[row] - heights[member]) / (rowCount === 1 ? 1 : 2);  // single file: at its far side's line
        inListLeft[a] = lefts[column];  // at its sub-column's near side, by its bus
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
            if (runTo - runFrom >= plan.shortestHangingList) {
              var listAt = index(runFrom, level + 1);
              layOutList(runFrom, runTo, listAt, listRows ? listRows[listAt] : 0);
            }
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
        var a = index(k, packLevel);
        if (isListTail(a)) continue;
        packedLevels = packNext(a, packedLevels);
      }
      return packedLevels;
    }
    // One more subtree packed below those packed before it (packedLevels deep); the levels now.
    function packNext(a, packedLevels) {
      var base = contourStart[a], count = depths[a] + 1, offset = 0, d;
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
      return Math.max(packedLevels, count);
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
    var panels = Math.min(length, panelsWanted != null ? panelsWanted : Math.ceil(blockHeight / Math.max(cap, 1)));
    if (!(panels > 1)) return null;
    // Balanced and in order: a child goes to the panel its subtree's middle falls in.
    var share = (blockHeight + padding) / panels, panelOf = new Int32Array(total), runningTop = 0, last = -1, used = -1;
    for (item = levels[0][0]; item < levels[0][1]; item++) {
      var size = extent(index(item, 0)), wanted = Math.min(panels - 1, Math.trunc((runningTop + size / 2) / share));
      if (wanted !== last) { used++; last = wanted; }
      panelOf[index(item, 0)] = used;
      runningTop += size + padding;
    }
    var panelCount = used + 1;
    if (!(panelCount > 1)) return null;
    // NestingLayout.shortestBreaks: with plan.breaksPanels, panels broken where the block (its
    // panels' lengths by their broadest, packed) is smaller for them.
    var breaksDiffer = false, evensDiffer = false;
    var reshapes = length > 2 && length <= LONGEST_BROKEN_RUN;
    var breaks = plan.breaksPanels && reshapes && panelsWanted == null, evens = plan.evensPanels && reshapes;
    var balancedBreadth = breaks || evens ? broadestPanel(panelOf) : 0;
    var balancedCount = panelCount, smallest = Infinity;
    // Per member and level, its widest item and longest list: both choices' lengths read them.
    var maxima = breaks || evens ? memberMaxima() : null;
    if (breaks) {
      var broken = shortestBreaks(panelOf, balancedBreadth, maxima);
      smallest = broken.balancedLength * balancedBreadth;
      for (var c = 0; c < broken.candidates.length; c++) {
        var breaks = broken.candidates[c].breaks, assignment = Int32Array.from(panelOf), assigned = 0;
        for (item = levels[0][0]; item < levels[0][1]; item++) {
          if (assigned + 1 < breaks.length && item - levels[0][0] >= breaks[assigned + 1]) assigned++;
          assignment[index(item, 0)] = assigned;
        }
        var brokenArea = broken.candidates[c].length * broadestPanel(assignment);
        if (!(brokenArea < smallest * BREAKS_GAIN)) continue;
        smallest = brokenArea; panelOf = assignment; panelCount = breaks.length; breaksDiffer = true;
      }
    }
    // NestingLayout.evenedPanels: with plan.evensPanels, the fewest as broad panels filled in
    // order and packed, where the block is smaller for them.
    var evened = evens ? evenedPanels(balancedCount, balancedBreadth) : null;
    if (evened) {
      if (!isFinite(smallest)) smallest = panelsLength(panelOf, maxima) * balancedBreadth;
      if (panelsLength(evened.assignment, maxima) * evened.breadth < smallest * BREAKS_GAIN) {
        panelOf = evened.assignment; panelCount = evened.panels; evensDiffer = true;
      }
    }
    // NestingLayout.joinedTailShare: a last panel of a few leaves joins the one before.
    var tailFirst = levels[0][1], tailLength = -padding, lastPanel = panelCount - 1;
    while (tailFirst > levels[0][0] && panelOf[index(tailFirst - 1, 0)] === lastPanel && cs[tailFirst - 1] === cs[tailFirst]) {
      tailFirst--;
      tailLength += extent(index(tailFirst, 0)) + padding;
    }
    if (tailFirst < levels[0][1] && panelOf[index(tailFirst - 1, 0)] !== lastPanel && tailLength < share * JOINED_TAIL_SHARE) {
      for (item = tailFirst; item < levels[0][1]; item++) panelOf[index(item, 0)] = lastPanel - 1;
      panelCount--;
      if (!(panelCount > 1)) return null;
    }
    // The broadest panel, packed, where assignment assigns the members.
    function broadestPanel(assignment) {
      var broadest = 0, from = levels[0][0];
      while (from < levels[0][1]) {
        var to = from + 1;
        while (to < levels[0][1] && assignment[index(to, 0)] === assignment[index(from, 0)]) to++;
        var packedHere = pack(from, to, 0), top = 0, bottom = 0;
        for (var d = 0; d < packedHere; d++) { top = Math.min(top, accumulatedTops[d]); bottom = Math.max(bottom, accumulatedBottoms[d]); }
        broadest = Math.max(broadest, bottom - top);
        from = to;
      }
      return broadest;
    }
    // NestingLayout.filled: members in order filled into panels none broader than cap once
    // packed, each as many as fit: the fewest such panels.
    function filled(cap) {
      var assignment = Int32Array.from(panelOf), panelHere = -1, packedLevels = 0, top = 0, bottom = 0, broadest = 0;
      function add(a) {
        packedLevels = packNext(a, packedLevels);
        for (var d = 0; d <= depths[a]; d++) { top = Math.min(top, accumulatedTops[d]); bottom = Math.max(bottom, accumulatedBottoms[d]); }
      }
      for (var k = levels[0][0]; k < levels[0][1]; k++) {
        var a = index(k, 0);
        if (!isListTail(a)) {
          var before = bottom - top;
          if (panelHere >= 0) add(a);
          if (panelHere < 0 || bottom - top > cap) {
            if (panelHere >= 0) broadest = Math.max(broadest, before);
            panelHere++; packedLevels = 0; top = 0; bottom = 0;
            add(a);
          }
        }
        assignment[a] = Math.max(panelHere, 0);
      }
      return {assignment: assignment, panels: panelHere + 1, breadth: Math.max(broadest, bottom - top)};
    }
    // NestingLayout.evenedPanels: the narrowest panels (to half a point) filled in order, no more
    // than `panels` of them, if narrower than `broadest`: the least cap that fills no more.
    function evenedPanels(panels, broadest) {
      // No panel is narrower than its broadest member's subtree: the bisection starts there.
      var low = 0, high = broadest, best = filled(broadest);
      for (var k = levels[0][0]; k < levels[0][1]; k++) if (!isListTail(index(k, 0))) low = Math.max(low, extent(index(k, 0)));
      low = Math.min(low, broadest) - 0.25;
      if (!(best.panels <= panels)) return null;
      while (high - low > 0.5) {
        var middle = (low + high) / 2, trial = filled(middle);
        if (trial.panels <= panels) { high = middle; best = trial; } else low = middle;
      }
      return best.breadth < broadest - 0.5 ? best : null;
    }
    // NestingLayout.memberMaxima: per member of the run and level (member * levels + level),
    // the widest item of its subtree there and the longest list hanging after that column.
    function memberMaxima() {
      var widestOf = new Float64Array(length * levelCount), longestOf = new Float64Array(length * levelCount);
      var memberOf = new Int32Array(total);
      for (var l = 0; l < levelCount; l++) {
        for (var k = levels[l][0]; k < levels[l][1]; k++) {
          var a = index(k, l);
          if (l === 0) memberOf[a] = k - levels[l][0];
          var cell = memberOf[a] * levelCount + l;
          if (hangs && listHead[a] >= 0) {
            if (listHead[a] === a) longestOf[cell - 1] = Math.max(longestOf[cell - 1], listLength[a]);
          } else {
            widestOf[cell] = Math.max(widestOf[cell], widths[k]);
          }
          if (l + 1 < levelCount) for (var ch = cs[k]; ch < cs[k + 1]; ch++) memberOf[index(ch, l + 1)] = memberOf[a];
        }
      }
      return {widest: widestOf, longest: longestOf};
    }
    // NestingLayout.panelLength: a panel's length, its level columns as wide as panelWidths and
    // lists reaching panelLists past them, with its gutter.
    function panelLengthOf(panelWidths, panelLists) {
      var left = 0, end = 0;
      for (var q = 0; q < levelCount; q++) {
        if (q > 0) {
          if (!(panelWidths[q] > 0)) break;
          left += plan.innerGap;
        }
        left += panelWidths[q];
        if (panelLists[q] > 0) end = Math.max(end, left + plan.innerGap + panelLists[q]);
      }
      end = Math.max(end, left);
      return gutter + end + (end > panelWidths[0] ? gutter * (1.5 - 1) : 0);  // NestingLayout.panelSeparation
    }
    // NestingLayout.panelsLength: the panels' total length where assignment assigns the members.
    function panelsLength(assignment, maxima) {
      var sum = 0, position = 0, low = levels[0][0];
      var panelWidths = new Float64Array(levelCount), panelLists = new Float64Array(levelCount);
      while (position < length) {
        var panelHere = assignment[index(low + position, 0)];
        panelWidths.fill(0); panelLists.fill(0);
        while (position < length && assignment[index(low + position, 0)] === panelHere) {
          for (var q = 0; q < levelCount; q++) {
            panelWidths[q] = Math.max(panelWidths[q], maxima.widest[position * levelCount + q]);
            panelLists[q] = Math.max(panelLists[q], maxima.longest[position * levelCount + q]);
          }
          position++;
        }
        sum += panelLengthOf(panelWidths, panelLists);
      }
      return sum;
    }
    // The balanced panels' total length, and shorter panels in order under two caps on a
    // panel's breadth (stacked): the balanced broadest packed, and stacked.
    function shortestBreaks(balanced, packedCap, maxima) {
      var members = length, low = levels[0][0], m;
      var widestOf = maxima.widest, longestOf = maxima.longest, extents = new Float64Array(members);
      for (m = 0; m < members; m++) extents[m] = extent(index(low + m, 0));
      var panelWidths = new Float64Array(levelCount), panelLists = new Float64Array(levelCount);
      function reset() { panelWidths.fill(0); panelLists.fill(0); }
      function panelLength() { return panelLengthOf(panelWidths, panelLists); }
      function add(position) {
        for (var q = 0; q < levelCount; q++) {
          panelWidths[q] = Math.max(panelWidths[q], widestOf[position * levelCount + q]);
          panelLists[q] = Math.max(panelLists[q], longestOf[position * levelCount + q]);
        }
      }
      function under(cap) {
        var shortest = new Float64Array(members + 1).fill(Infinity), from = new Int32Array(members + 1);
        shortest[0] = 0;
        for (var end = 1; end <= members; end++) {
          reset();
          var firstMember = end - 1, breadth = -padding;
          while (firstMember >= 0) {
            breadth += extents[firstMember] + padding;
            if (breadth > cap && firstMember < end - 1) break;
            add(firstMember);
            var candidate = shortest[firstMember] + panelLength();
            if (candidate < shortest[end]) { shortest[end] = candidate; from[end] = firstMember; }
            firstMember--;
          }
        }
        if (!(shortest[members] < balancedLength - 0.5)) return null;
        var breaks = [], at = members;
        while (at > 0) { at = from[at]; breaks.push(at); }
        return {breaks: breaks.reverse(), length: shortest[members]};
      }
      var balancedLength = 0, stackedCap = 0, start = 0;
      while (start < members) {
        var stop = start, stacked = -padding;
        reset();
        while (stop < members && balanced[index(low + stop, 0)] === balanced[index(low + start, 0)]) { add(stop); stacked += extents[stop] + padding; stop++; }
        balancedLength += panelLength(); stackedCap = Math.max(stackedCap, stacked);
        start = stop;
      }
      var candidates = [];
      // Packing only narrows a panel: the stacked cap is the same or looser (the same breaks once).
      (stackedCap > packedCap ? [packedCap, stackedCap] : [packedCap]).forEach(function (cap) {
        var shorter = under(cap);
        if (shorter && !candidates.some(function (c) { return c.breaks.join() === shorter.breaks.join(); })) candidates.push(shorter);
      });
      return {balancedLength: balancedLength, candidates: candidates};
    }
    // Each panel's members packed; then every item's top, top down.
    var origins = new Float64Array(total), tops = new Float64Array(total), panelHeights = new Float64Array(panelCount);
    var runStart = levels[0][0], panel;
    while (runStart < levels[0][1]) {
      panel = panelOf[index(runStart, 0)];
      var runEnd = runStart + 1;
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
    var cell, levelLefts = new Float64Array(panelCount * levelCount), levelWidths = new Float64Array(panelCount * levelCount);
    var longestList = hangs ? new Float64Array(panelCount * levelCount) : null;
    for (level = 0; level < levelCount; level++) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        at = index(item, level);
        cell = panelOf[at] * levelCount + level;
        if (hangs && listHead[at] >= 0) {
          if (listHead[at] === at) longestList[cell - 1] = Math.max(longestList[cell - 1], listLength[at]);
          continue;
        }
        levelWidths[cell] = Math.max(levelWidths[cell], widths[item]);
      }
    }
    var left = 0, columnsEnds = [], panelEnds = [];
    for (panel = 0; panel < panelCount; panel++) {
      // NestingLayout.place: after a panel reaching beyond its first column, half a gutter more (panelSeparation).
      var before = (panel - 1) * levelCount;
      left += panel > 0 && panelEnds[panel - 1] > levelLefts[before] + levelWidths[before] ? gutter * 1.5 : gutter;
      for (level = 0; level < levelCount; level++) {
        cell = panel * levelCount + level;
        if (level > 0) {
          if (!(levelWidths[cell] > 0)) break;
          left += plan.innerGap;
        }
        levelLefts[cell] = left;
        left += levelWidths[cell];
      }
      columnsEnds.push(left);
      // The panel reaches to its longest list's end.
      if (hangs) {
        for (level = 0; level < levelCount - 1; level++) {
          cell = panel * levelCount + level;
          if (!(longestList[cell] > 0)) continue;
          left = Math.max(left, levelLefts[cell] + levelWidths[cell] + plan.innerGap + longestList[cell]);
        }
      }
      panelEnds.push(left);
    }
    var tallestPanel = 0;
    for (panel = 0; panel < panelCount; panel++) tallestPanel = Math.max(tallestPanel, panelHeights[panel]);
    return {levels: levels, levelOffsets: levelOffsets, total: total, index: index, listHead: listHead, inListLeft: inListLeft,
            rowHeight: rowHeight, listLength: listLength, headRows: headRows, panelOf: panelOf, tops: tops, origins: origins,
            panelHeights: panelHeights, panelCount: panelCount, levelLefts: levelLefts, levelWidths: levelWidths,
            columnsEnds: columnsEnds, panelEnds: panelEnds, width: left, height: tallestPanel, breaksDiffer: breaksDiffer,
            evensDiffer: evensDiffer};
  }
  // NestingLayout.listStart: where a list starts along x, a gap after its parent's column.
  function nestedListStart(plan, layout, head, level) {
    var cell = layout.panelOf[head] * layout.levels.length + level;
    return layout.levelLefts[cell - 1] + layout.levelWidths[cell - 1] + plan.innerGap;
  }
  // NestingLayout.shortenedLists: rows for the lists that alone make their panels long (per
  // item index, 0 for the rest), or null; unless broadens, no panel grows broader
  // than the broadest one.
  function shortenedLists(plan, layout, widths, heights, padding, broadens) {
    var total = layout.total, panelCount = layout.panelCount, listHead = layout.listHead, levels = layout.levels, at, level, item, panel;
    if (!listHead || !(panelCount > 1)) return null;
    var heads = [], levelOfIndex = new Int32Array(total);
    for (panel = 0; panel < panelCount; panel++) heads.push([]);
    for (level = 0; level < levels.length; level++) for (item = levels[level][0]; item < levels[level][1]; item++) levelOfIndex[layout.index(item, level)] = level;
    for (at = 0; at < total; at++) if (listHead[at] === at) heads[layout.panelOf[at]].push(at);
    var rows = new Int32Array(total), changed = false;
    var blockWidth = layout.width, blockHeight = layout.height, estimatedHeights = Array.from(layout.panelHeights);
    var broadestAfter = Array.from(layout.panelHeights), broadestBefore = 0;
    for (panel = panelCount - 2; panel >= 0; panel--) broadestAfter[panel] = Math.max(broadestAfter[panel], broadestAfter[panel + 1]);
    for (panel = 0; panel < panelCount; panel++) {
      if (panel > 0) broadestBefore = Math.max(broadestBefore, estimatedHeights[panel - 1]);
      var panelHeads = heads[panel];
      if (panelHeads.length === 0) continue;
      var starts = [], reaches = [], counts = [], pitches = [], slots = [], list;
      for (list = 0; list < panelHeads.length; list++) {
        var head = panelHeads[list], headLevel = levelOfIndex[head], start = nestedListStart(plan, layout, head, headLevel), count = 1;
        while (head + count < total && listHead[head + count] === head) count++;
        var firstMember = levels[headLevel][0] + head - layout.levelOffsets[headLevel], tallestMember = 0, widestMember = 0;
        for (var member = firstMember; member < firstMember + count; member++) {
          tallestMember = Math.max(tallestMember, heights[member]); widestMember = Math.max(widestMember, widths[member]);
        }
        starts.push(start); reaches.push(start + layout.listLength[head]);
        counts.push(count); pitches.push(tallestMember + padding); slots.push(widestMember + plan.gutter);
      }
      var longest = reaches[0];
      for (list = 1; list < reaches.length; list++) longest = Math.max(longest, reaches[list]);
      if (!(longest > layout.columnsEnds[panel] + 1)) continue;
      // The level columns' end and the shorter lists' reaches, longest first; where there are
      // more than SHORTENING_TARGETS, the next longest few and others spread evenly among them.
      var sortedReaches = reaches.filter(function (reach) { return reach < longest - 1; });
      // NestingLayout.shortenedLists: where no other list reaches past the columns, the longest
      // list's own reaches in up to OWN_REACH_ROWS more rows.
      if (sortedReaches.every(function (reach) { return reach <= layout.columnsEnds[panel] + 1; })) {
        var longestList = reaches.indexOf(longest), ownRows = layout.headRows.get(panelHeads[longestList]).rows, ownCount = counts[longestList];
        for (var more = ownRows + 1; more <= Math.min(ownCount, ownRows + OWN_REACH_ROWS); more++) {
          var ownReach = starts[longestList] + Math.floor((ownCount + more - 1) / more) * slots[longestList];
          if (ownReach > layout.columnsEnds[panel] + 1 && ownReach < longest - 1) sortedReaches.push(ownReach);
        }
      }
      sortedReaches.sort(function (x, y) { return y - x; });
      var shorter = [], targets = [layout.columnsEnds[panel]];
      for (list = 0; list < sortedReaches.length; list++) if (list === 0 || sortedReaches[list] !== sortedReaches[list - 1]) shorter.push(sortedReaches[list]);
      if (shorter.length <= SHORTENING_TARGETS) {
        for (list = 0; list < shorter.length; list++) targets.push(shorter[list]);
      } else {
        var nearest = Math.floor(SHORTENING_TARGETS / 4), spread = SHORTENING_TARGETS - nearest;
        for (list = 0; list < nearest; list++) targets.push(shorter[list]);
        for (var step = 1; step <= spread; step++) targets.push(shorter[nearest - 1 + Math.floor((shorter.length - nearest) * step / spread)]);
      }
      var panelHeight = estimatedHeights[panel];
      var otherHeight = Math.max(panel > 0 ? broadestBefore : 0, panel + 1 < panelCount ? broadestAfter[panel + 1] : 0);
      var shortened = function (target) {
        var listRows = new Array(panelHeads.length).fill(0), added = 0, end = target;
        for (var l = 0; l < panelHeads.length; l++) {
          if (!(reaches[l] > target)) continue;
          var columns = Math.max(1, Math.floor((target - starts[l]) / slots[l] + 1e-9));
          var wantedRows = Math.floor((counts[l] + columns - 1) / columns), shapedRows = layout.headRows.get(panelHeads[l]).rows;
          if (!(wantedRows > shapedRows)) { end = Math.max(end, reaches[l]); continue; }
          listRows[l] = wantedRows;
          added += (wantedRows - shapedRows) * pitches[l];
          end = Math.max(end, starts[l] + Math.floor((counts[l] + wantedRows - 1) / wantedRows) * slots[l]);
        }
        return {rows: listRows, added: added, end: end};
      };
      var best = null, bestArea = blockWidth * blockHeight;
      for (var t = 0; t < targets.length; t++) {
        var candidate = shortened(targets[t]);
        if (!broadens && panelHeight + candidate.added > layout.height) continue;
        var area = (blockWidth - Math.max(0, longest - candidate.end)) * Math.max(otherHeight, panelHeight + candidate.added);
        if (area < bestArea) { bestArea = area; best = candidate; }
      }
      if (best === null) continue;
      for (list = 0; list < panelHeads.length; list++) if (best.rows[list] > 0) { rows[panelHeads[list]] = best.rows[list]; changed = true; }
      blockWidth -= Math.max(0, longest - best.end);
      estimatedHeights[panel] += best.added;
      blockHeight = Math.max(blockHeight, estimatedHeights[panel]);
    }
    return changed ? rows : null;
  }
  // WrapPlan.nestingLayouts: per run, its nesting block shaped on its own (null where it is no
  // nesting run or one panel would do), and the breadth it may fill (0: none): its parent's
  // broadest block's, where the parent has two or more, one narrower than FILLING_SHARE of it;
  // at least the plan's depthRoom of its section, where it has one. A roomy run (nestsInDepthRoom)
  // takes two panels where they fit that room, else none.
  function nestingLayouts(plan, runStart, runLength, runNested, runRoomy, sectionOf, cs, par, widths, heights, padding) {
    var count = runStart.length, layouts = new Array(count).fill(null), fill = new Float64Array(count), run = 0;
    while (run < count) {
      var parent = par[runStart[run]], end = run + 1;
      while (end < count && par[runStart[end]] === parent) end++;
      var broadest = 0, narrowest = Infinity, blocks = 0;
      for (var fanRun = run; fanRun < end; fanRun++) {
        if (!runNested[fanRun]) continue;
        var layout = layOutNesting(plan, runStart[fanRun], runLength[fanRun], cs, widths, heights, padding, null, runRoomy[fanRun] ? 2 : null);
        if (layout && runRoomy[fanRun] && !(layout.width <= plan.depthRoom[sectionOf[runStart[fanRun]]])) layout = null;
        if (!layout) continue;
        layouts[fanRun] = layout;
        broadest = Math.max(broadest, layout.width); narrowest = Math.min(narrowest, layout.width); blocks++;
      }
      if (blocks > 1 && narrowest < broadest * FILLING_SHARE) for (fanRun = run; fanRun < end; fanRun++) fill[fanRun] = broadest;
      if (plan.depthRoom.length) {
        for (fanRun = run; fanRun < end; fanRun++) fill[fanRun] = Math.max(fill[fanRun], plan.depthRoom[sectionOf[runStart[fanRun]]]);
      }
      run = end;
    }
    return {layouts: layouts, fillWidths: fill};
  }
  // NestingLayout.hasLoneLeafPanel: whether a panel holds one leaf and nothing else.
  function hasLoneLeafPanel(layout, cs) {
    var run = layout.levels[0], start = run[0];
    while (start < run[1]) {
      var end = start + 1;
      while (end < run[1] && layout.panelOf[layout.index(end, 0)] === layout.panelOf[layout.index(start, 0)]) end++;
      if (end - start === 1 && cs[start] === cs[start + 1]) return true;
      start = end;
    }
    return false;
  }
  // WrapPlan.appendNestingBlock: a nesting block (shaped on its own); with plan.fillsBlocks (or a depthRoom), as
  // many more panels as keep it within fillWidth, make it shorter and leave no leaf in a panel alone (bisected); laid out again
  // where one list alone makes its panel long (kept if shorter and no broader; with
  // plan.broadensBlocks, if smaller).
  function appendNestingBlock(plan, shaped, first, length, cs, widths, heights, padding, fillWidth) {
    var layout = shaped, panels = null;
    if (layout.width < fillWidth * FILLING_SHARE) plan.fillingDiffers = true;
    if ((plan.fillsBlocks || plan.depthRoom.length) && layout.width < fillWidth * FILLING_SHARE) {
      var low = layout.panelCount + 1, high = length, chosen = null;
      while (low <= high) {
        var middle = Math.floor((low + high) / 2), wider = layOutNesting(plan, first, length, cs, widths, heights, padding, null, middle);
        if (!wider) break;
        if (wider.width <= fillWidth && !hasLoneLeafPanel(wider, cs)) {
          if (wider.height < layout.height) { layout = wider; chosen = middle; }
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      panels = chosen;
    }
    if (plan.hangsLists) {
      var plain = layout;
      var smaller = function (other) { return other.width * other.height < plain.width * plain.height; };
      var rows = shortenedLists(plan, layout, widths, heights, padding, plan.broadensBlocks);
      var shorter = rows ? layOutNesting(plan, first, length, cs, widths, heights, padding, rows, panels) : null;
      var kept = shorter ? (plan.broadensBlocks ? smaller(shorter) : shorter.width < layout.width && shorter.height <= layout.height) : false;
      if (!plan.broadensBlocks && !plan.broadeningDiffers) {
        // Whether broadening would lay this block out otherwise (WrapPlan.broadeningDiffers).
        var broadRows = shortenedLists(plan, layout, widths, heights, padding, true);
        plan.broadeningDiffers = !sameRows(broadRows, rows) || (!kept && shorter !== null && smaller(shorter));
      }
      if (kept) layout = shorter;
    }
    if (layout.breaksDiffer) plan.breaksDiffer = true;
    if (layout.evensDiffer) plan.evensDiffer = true;
    appendNesting(plan, layout, first, length, widths, heights);
  }
  // Whether two shortenedLists results are equal (both null, or the same rows).
  function sameRows(a, b) {
    if (a === null || b === null) return a === b;
    for (var k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
    return a.length === b.length;
  }
  // WrapPlan.append(_:first:length:…): a nesting block's layout added to the plan.
  function appendNesting(plan, layout, first, length, widths, heights) {
    var levels = layout.levels, levelCount = levels.length, panelCount = layout.panelCount, level, item, at, panel, cell;
    var levelBase = plan.levelLefts.length, listHead = layout.listHead, hangs = plan.hangsLists;
    for (cell = 0; cell < panelCount * levelCount; cell++) { plan.levelLefts.push(layout.levelLefts[cell]); plan.levelWidths.push(layout.levelWidths[cell]); }
    for (panel = 0; panel < panelCount; panel++) {
      plan.columnLefts.push(layout.levelLefts[panel * levelCount]); plan.columnWidths.push(layout.levelWidths[panel * levelCount]);
    }
    var block = plan.firstItem.length, firstRows = [], firstHeights = [];
    plan.firstItem.push(first); plan.memberCount.push(length);
    plan.nestLevels.push(levelCount - 1); plan.levelStart.push(plan.levelFirst.length);
    for (level = 1; level < levelCount; level++) { plan.levelFirst.push(levels[level][0]); plan.levelCount.push(levels[level][1] - levels[level][0]); }
    plan.offsetStart.push(plan.memberXs.length); plan.panelLevelStart.push(levelBase);
    var listX = 0;
    for (level = 0; level < levelCount; level++) {
      for (item = levels[level][0]; item < levels[level][1]; item++) {
        at = layout.index(item, level);
        panel = layout.panelOf[at];
        cell = panel * levelCount + level;
        plan.blockOfItem[item] = block;
        if (hangs && listHead[at] >= 0) {
          // In its list: after its gutter, from its parent's column's end and the gap.
          if (listHead[at] === at) {
            listX = nestedListStart(plan, layout, at, level);
            if (!plan.listOfItem) plan.listOfItem = new Int32Array(plan.blockOfItem.length).fill(-1);
            var listSize = 1;
            while (at + listSize < layout.total && listHead[at + listSize] === at) listSize++;
            plan.listFirst.push(item); plan.listCount.push(listSize); plan.listLefts.push(listX);
            plan.listTops.push(layout.origins[at]); plan.listHeights.push(layout.rowHeight[at]);
            var shape = layout.headRows.get(at);
            plan.listRows.push(shape.rows); plan.listFirstRows.push(shape.first); plan.listLastRows.push(shape.last);
            plan.listColumnStart.push(plan.listColumnLefts.length);
            for (var c = 0; c < shape.lefts.length; c++) plan.listColumnLefts.push(shape.lefts[c]);
          }
          plan.listOfItem[item] = plan.listFirst.length - 1;
          plan.memberXs.push(listX + layout.inListLeft[at]);
        } else {
          plan.memberXs.push(layout.levelLefts[cell] + (layout.levelWidths[cell] - widths[item]) / 2);
        }
        plan.memberYs.push(layout.tops[at]);
        plan.memberColumns.push(panel); plan.memberLevels.push(level);
        if (level === 0 && panel === 0) { firstRows.push(layout.tops[at]); firstHeights.push(heights[item]); }
      }
    }
    // Rows: the first panel's children (where the bus enters, and what the parent centres on).
    plan.rows.push(firstRows.length); plan.columns.push(panelCount);
    for (at = 0; at < firstRows.length; at++) { plan.rowOffsets.push(firstRows[at]); plan.rowHeights.push(firstHeights[at]); }
    plan.rowStart.push(plan.rowOffsets.length); plan.columnStart.push(plan.columnLefts.length); plan.stackStart.push(-1);
    plan.widths.push(layout.width); plan.heights.push(layout.height);
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
      var blockLeft = placed.sectionLefts[section], top = placed.blockTops[block] + (cfg.headerInset + placed.topRoom) + plan.listTops[list];
      var left = blockLeft + plan.listLefts[list], buses = [], starts = [], parent = cols.par[first];
      for (var index = 0; index < plan.listCount[list]; index += plan.listRows[list]) {
        starts.push(index);
        buses.push(left + plan.listColumnLefts[plan.listColumnStart[list] + starts.length - 1] - plan.gutter / 4);  // WrapPlan.busInset
      }
      var parentMiddle = placed.tops[parent] + (cfg.headerInset + placed.topRoom) + heights[parent] / 2;
      var above = top + plan.listHeights[list] + cfg.itemPadding * 0.25, singleFile = plan.listRows[list] === 1;
      // A list in single file: entered on the line beside it, into its members' far side
      // (SchematicLayout.nestedConnector).
      out.push({first: first, count: plan.listCount[list], starts: starts,
                entry: singleFile ? above : Math.min(Math.max(parentMiddle, top + plan.listFirstRows[list]), top + plan.listLastRows[list]),
                above: above, buses: buses, inner: true, farSide: singleFile});
    }
    return out;
  }
  // SchematicLayout.nestedConnector's leads, for every parent inside a nesting block: parent
  // (an item of the placed tree) to [out, into, middle], absolute canonical x.
  function nestedLeads(plan, cols, sectionLefts, elbow, tops, heights) {
    var leads = new Map(), section = 0;
    if (!plan || !plan.nestsFolders) return leads;
    function middle(item) { return tops[item] + heights[item] / 2; }
    // SchematicLayout.assignInnerBusLanes: a bus that nearly meets the one before in its panel's
    // level alternates with it between a third and two thirds of the gap.
    var lanes = new Map();
    if (elbow) for (var b0 = 0; b0 < plan.firstItem.length; b0++) {
      if (plan.offsetStart[b0] < 0) continue;
      var runs = [[plan.firstItem[b0], plan.firstItem[b0] + plan.memberCount[b0]]];
      for (var l0 = plan.levelStart[b0]; l0 < plan.levelStart[b0] + plan.nestLevels[b0] - 1; l0++) runs.push([plan.levelFirst[l0], plan.levelFirst[l0] + plan.levelCount[l0]]);
      for (var r0 = 0; r0 < runs.length; r0++) {
        var before = null;
        for (var p0 = runs[r0][0]; p0 < runs[r0][1]; p0++) {
          var c0 = cols.cs[p0], c1 = cols.cs[p0 + 1];
          if (c0 === c1 || (plan.listOfItem && plan.listOfItem.length && plan.listOfItem[c0] >= 0)) continue;
          var panel0 = plan.memberColumns[nestedIndex(plan, p0, b0)], py = middle(p0);
          var low = Math.min(middle(c0), py), high = Math.max(middle(c1 - 1), py), pitch = c1 - c0 > 1 ? (middle(c1 - 1) - middle(c0)) / (c1 - c0 - 1) : 0;
          if (before && before.panel === panel0 && low - before.high < abuttingDistance(before.pitch, pitch)) {
            if (!lanes.has(before.parent)) lanes.set(before.parent, 1);
            lanes.set(p0, lanes.get(before.parent) === 1 ? 2 : 1);
          }
          before = {panel: panel0, parent: p0, high: high, pitch: pitch};
        }
      }
    }
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
          var lane = lanes.get(parent) || 0, bus = lane ? leads1.out + (leads1.into - leads1.out) * lane / 3 : leads1.bus;
          leads.set(parent, [blockLeft + (elbow ? bus : leads1.out), blockLeft + (elbow ? bus : leads1.into), blockLeft + bus]);
        }
      }
    }
    return leads;
  }


"""#
}
