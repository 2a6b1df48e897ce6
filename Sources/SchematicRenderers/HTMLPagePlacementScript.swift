/// The schematic layout's placement in JavaScript, for the page's collapse: a port of
/// Sources/SchematicLayout (`SchematicLayout.prepare`, `TidyPlacement`, `CompactPlacement`,
/// `WrapPlan`, `assignBusLanes`), function for function. When those change, change the function
/// named after them here; tools/page-check.py compares the page's drawings with the CLI's.
enum HTMLPagePlacementScript {
    static let source: StaticString = #"""
// The schematic layout's placement, ported from Sources/SchematicLayout (SchematicLayout.prepare,
// TidyPlacement, CompactPlacement, WrapPlan, assignBusLanes) line for line, in the same
// floating-point order, so that the page's drawing of a pruned tree is the engine's. When the
// Swift changes, change the function named after it here; browser-check compares the two.
var SchematicPlacement = (function () {
  'use strict';
  var TARGET_ASPECT = 2, SMALLEST_AUTO_FAN = 12, FEWEST_AUTO_ROWS = 3;

  // Columns: {ss: section starts (S + 1), cs: child starts (n + 1), par: parent of each item}.
  function sectionOfItems(cols) {
    var n = cols.par.length, S = cols.ss.length - 1, out = new Int32Array(n);
    for (var s = 0; s < S; s++) for (var i = cols.ss[s]; i < cols.ss[s + 1]; i++) out[i] = s;
    return out;
  }

  // TidyPlacement.centers
  function tidy(cols, heights, padding) {
    var count = cols.par.length, root = count, nodes = count + 1;
    var prelim = new Float64Array(nodes), mod = new Float64Array(nodes), shift = new Float64Array(nodes), change = new Float64Array(nodes);
    var thread = new Int32Array(nodes).fill(-1), ancestor = new Int32Array(nodes), subtreeAncestor = new Int32Array(nodes).fill(-1);
    for (var a = 0; a < nodes; a++) ancestor[a] = a;
    var cs = cols.cs, par = cols.par, rootEnd = cols.ss[1] - cols.ss[0];
    function lo(v) { return v === root ? 0 : cs[v]; }
    function hi(v) { return v === root ? rootEnd : cs[v + 1]; }
    function parent(v) { if (v === root) return -1; var p = par[v]; return p < 0 ? root : p; }
    function siblingIndex(v) { return v - lo(parent(v)); }
    function nextLeft(v) { return lo(v) === hi(v) ? thread[v] : lo(v); }
    function nextRight(v) { return lo(v) === hi(v) ? thread[v] : hi(v) - 1; }
    function separation(x, y) { return (heights[x] + heights[y]) / 2 + padding; }
    function moveSubtree(wm, wp, amount) {
      var share = amount / (siblingIndex(wp) - siblingIndex(wm));
      change[wp] -= share; shift[wp] += amount; change[wm] += share; prelim[wp] += amount; mod[wp] += amount;
    }
    function executeShifts(v) {
      var total = 0, changes = 0;
      for (var w = hi(v) - 1; w >= lo(v); w--) { prelim[w] += total; mod[w] += total; changes += change[w]; total += shift[w] + changes; }
    }
    function apportion(v, w, defaultAncestor) {
      if (w < 0) return defaultAncestor;
      var vip = v, vop = v, vim = w, vom = lo(parent(v));
      var sip = mod[vip], sop = mod[vop], sim = mod[vim], som = mod[vom];
      for (;;) {
        vim = nextRight(vim); vip = nextLeft(vip);
        if (!(vim >= 0 && vip >= 0)) break;
        vom = nextLeft(vom); vop = nextRight(vop);
        ancestor[vop] = v;
        var amount = prelim[vim] + sim - prelim[vip] - sip + separation(vim, vip);
        if (amount > 0) {
          var left = parent(ancestor[vim]) === parent(v) ? ancestor[vim] : defaultAncestor;
          moveSubtree(left, v, amount);
          sip += amount; sop += amount;
        }
        sim += mod[vim]; sip += mod[vip]; som += mod[vom]; sop += mod[vop];
      }
      if (vim >= 0 && nextRight(vop) < 0) { thread[vop] = vim; mod[vop] += sim - sop; }
      if (vip >= 0 && nextLeft(vom) < 0) { thread[vom] = vip; mod[vom] += sip - som; defaultAncestor = v; }
      return defaultAncestor;
    }
    var stackNode = [root], stackNext = [lo(root)];
    while (stackNode.length) {
      var top = stackNode.length - 1, node = stackNode[top];
      if (stackNext[top] < hi(node)) { var c = stackNext[top]++; stackNode.push(c); stackNext.push(lo(c)); continue; }
      stackNode.pop(); stackNext.pop();
      var v = node;
      if (v === root) break;
      var p = parent(v), w = siblingIndex(v) > 0 ? v - 1 : -1;
      if (lo(v) < hi(v)) {
        executeShifts(v);
        var midpoint = (prelim[lo(v)] + prelim[hi(v) - 1]) / 2;
        if (w >= 0) { prelim[v] = prelim[w] + separation(v, w); mod[v] = prelim[v] - midpoint; } else { prelim[v] = midpoint; }
      } else if (w >= 0) {
        prelim[v] = prelim[w] + separation(v, w);
      }
      var current = subtreeAncestor[p] >= 0 ? subtreeAncestor[p] : lo(p);
      subtreeAncestor[p] = apportion(v, w, current);
    }
    executeShifts(root);
    var centers = new Float64Array(count), modSum = new Float64Array(nodes);
    for (var i = 0; i < count; i++) {
      var q = parent(i), above = q === root ? 0 : modSum[q];
      centers[i] = prelim[i] + above;
      modSum[i] = above + mod[i];
    }
    var lowest = Infinity;
    for (i = 0; i < count; i++) lowest = Math.min(lowest, centers[i] - heights[i] / 2);
    var offset = padding / 2 - lowest;
    for (i = 0; i < count; i++) centers[i] += offset;
    return centers;
  }

  // CompactPlacement.centers
  function compact(cols, heights, padding, sweeps) {
    sweeps = sweeps || 12;
    var count = cols.par.length;
    if (count === 0) return new Float64Array(0);
    var ss = cols.ss, cs = cols.cs, par = cols.par, sectionCount = ss.length - 1;
    var group = new Int32Array(count), i;
    for (i = 0; i < count; i++) group[i] = i;
    for (i = 0; i < count; i++) { var pa = par[i]; if (pa >= 0 && cs[pa + 1] - cs[pa] === 1) group[i] = group[pa]; }
    var sectionOf = sectionOfItems(cols);
    function separation(x, y) { return (heights[x] + heights[y]) / 2 + padding; }
    function isFirst(item) { return item === ss[sectionOf[item]]; }
    function isLast(item) { return item + 1 === ss[sectionOf[item] + 1]; }
    function graph(mirrored) {
      var cap = count * 3, from = new Int32Array(cap), to = new Int32Array(cap), weight = new Float64Array(cap), span = new Uint8Array(cap), e = 0;
      for (var item = 0; item < count; item++) {
        if (mirrored ? !isLast(item) : !isFirst(item)) {
          var neighbour = mirrored ? item + 1 : item - 1;
          from[e] = group[neighbour]; to[e] = group[item]; weight[e] = separation(neighbour, item); span[e] = 0; e++;
        }
        var c0 = cs[item], c1 = cs[item + 1];
        if (c1 - c0 >= 2) {
          var near = mirrored ? c1 - 1 : c0, far = mirrored ? c0 : c1 - 1;
          from[e] = group[near]; to[e] = group[item]; weight[e] = 0; span[e] = 1; e++;
          from[e] = group[item]; to[e] = group[far]; weight[e] = 0; span[e] = 1; e++;
        }
      }
      var start = new Int32Array(count + 1);
      for (var k = 0; k < e; k++) start[from[k] + 1]++;
      for (k = 0; k < count; k++) start[k + 1] += start[k];
      var fill = start.slice(), target = new Int32Array(e), sorted = new Float64Array(e), sortedSpan = new Uint8Array(e);
      for (k = 0; k < e; k++) { var slot = fill[from[k]]++; target[slot] = to[k]; sorted[slot] = weight[k]; sortedSpan[slot] = span[k]; }
      var groups = 0;
      for (k = 0; k < count; k++) if (group[k] === k) groups++;
      return {start: start, target: target, weight: sorted, isSpan: sortedSpan, groups: groups};
    }
    function lowest(g, slack) {
      var indegree = new Int32Array(count), k;
      for (k = 0; k < g.target.length; k++) indegree[g.target[k]]++;
      var value = new Float64Array(count);
      for (k = 0; k < count; k++) value[group[k]] = Math.max(value[group[k]], padding / 2 + heights[k] / 2);
      var queue = new Int32Array(g.groups), tail = 0;
      for (k = 0; k < count; k++) if (group[k] === k && indegree[k] === 0) queue[tail++] = k;
      var head = 0;
      while (head < tail) {
        var node = queue[head++];
        for (var s = g.start[node]; s < g.start[node + 1]; s++) {
          var t = g.target[s];
          value[t] = Math.max(value[t], value[node] + g.weight[s] - (g.isSpan[s] ? slack : 0));
          if (--indegree[t] === 0) { if (tail >= queue.length) return null; queue[tail++] = t; }
        }
      }
      if (tail !== g.groups) return null;
      var out = new Float64Array(count);
      for (k = 0; k < count; k++) out[k] = value[group[k]];
      return out;
    }
    function extent(low) {
      var height = 0;
      for (var k = 0; k < count; k++) height = Math.max(height, low[k] + heights[k] / 2 + padding / 2);
      return height;
    }
    var forward = graph(false);
    var loosest = lowest(forward, Infinity);
    if (!loosest) return null;
    var height = extent(loosest), slack = 0;
    if (count <= 200000) {
      var tight = lowest(forward, 0);
      if (tight && extent(tight) > height + 0.5) {
        var lo = 0, hi = height;
        while (hi - lo > 0.5) {
          var middle = (lo + hi) / 2, trial = lowest(forward, middle);
          if (trial && extent(trial) <= height + 0.5) hi = middle; else lo = middle;
        }
        slack = hi;
      }
    }
    var backward = graph(true);
    var widest = 0;
    for (var s0 = 0; s0 < sectionCount; s0++) widest = Math.max(widest, ss[s0 + 1] - ss[s0]);
    var offsets = new Float64Array(widest), lowerBounds = new Float64Array(widest), upperBounds = new Float64Array(widest);
    var means = new Float64Array(widest), blockWeights = new Float64Array(widest), lengths = new Int32Array(widest);
    function placed(slack) {
      var low = lowest(forward, slack), mirroredLow = lowest(backward, slack);
      if (!low || !mirroredLow) return null;
      var budget = Math.max(height, extent(low)), centers = new Float64Array(count), k;
      for (k = 0; k < count; k++) { var high = Math.max(low[k], budget - mirroredLow[k]); centers[k] = (low[k] + high) / 2; }
      var wishes = new Float64Array(count), weights = new Float64Array(count).fill(1), moved = 0;
      function place(section) {
        var a = ss[section], b = ss[section + 1], n = b - a;
        if (n === 0) return;
        var offset = 0, z;
        for (z = 0; z < n; z++) {
          var item = a + z;
          if (z > 0) offset += separation(item - 1, item);
          offsets[z] = offset;
          var lower = padding / 2 + heights[item] / 2, upper = budget - padding / 2 - heights[item] / 2;
          var c0 = cs[item], c1 = cs[item + 1], only = c1 - c0 === 1 ? 0 : slack;
          if (c1 > c0) { lower = Math.max(lower, centers[c0] - only); upper = Math.min(upper, centers[c1 - 1] + only); }
          var parent = par[item];
          if (parent >= 0) {
            var s0 = cs[parent], s1 = cs[parent + 1], allowance = s1 - s0 === 1 ? 0 : slack;
            if (item === s0) upper = Math.min(upper, centers[parent] + allowance);
            if (item === s1 - 1) lower = Math.max(lower, centers[parent] - allowance);
          }
          lower = Math.min(lower, centers[item]);
          upper = Math.max(upper, centers[item]);
          lowerBounds[z] = Math.max(lower - offset, z > 0 ? lowerBounds[z - 1] : -Infinity);
          upperBounds[z] = upper - offset;
        }
        for (z = n - 2; z >= 0; z--) upperBounds[z] = Math.min(upperBounds[z], upperBounds[z + 1]);
        var blocks = 0;
        for (z = 0; z < n; z++) {
          var it = a + z, mean = wishes[it] - offsets[z], weight = weights[it], length = 1;
          while (blocks > 0 && means[blocks - 1] > mean) {
            var lastWeight = blockWeights[blocks - 1], last = means[blocks - 1];
            blocks--;
            mean = (last * lastWeight + mean * weight) / (lastWeight + weight);
            weight += lastWeight;
            length += lengths[blocks];
          }
          means[blocks] = mean; blockWeights[blocks] = weight; lengths[blocks] = length; blocks++;
        }
        var position = 0;
        for (var bl = 0; bl < blocks; bl++) {
          for (var j = 0; j < lengths[bl]; j++) {
            var zz = Math.min(Math.max(means[bl], lowerBounds[position]), upperBounds[position]);
            var index = a + position, center = zz + offsets[position];
            moved = Math.max(moved, Math.abs(center - centers[index]));
            centers[index] = center;
            position++;
          }
        }
      }
      for (var sweep = 0; sweep < sweeps; sweep++) {
        moved = 0;
        for (var section = 1; section < Math.max(1, sectionCount); section++) {
          var item = ss[section];
          while (item < ss[section + 1]) {
            var parent = par[item], f = cs[parent], l = cs[parent + 1], span = 0, sib;
            for (sib = f + 1; sib < l; sib++) span += separation(sib - 1, sib);
            var offset = -span / 2;
            for (sib = f; sib < l; sib++) {
              if (sib > f) offset += separation(sib - 1, sib);
              wishes[sib] = centers[parent] + offset;
              weights[sib] = 1;
            }
            item = l;
          }
          place(section);
        }
        for (section = sectionCount - 2; section >= 0; section--) {
          for (item = ss[section]; item < ss[section + 1]; item++) {
            var c0 = cs[item], c1 = cs[item + 1];
            if (c0 === c1) { wishes[item] = centers[item]; weights[item] = 0.5; }
            else { wishes[item] = (centers[c0] + centers[c1 - 1]) / 2; weights[item] = (c1 - c0) + 1; }
          }
          place(section);
        }
        if (moved < 0.01) break;
      }
      return {centers: centers, height: budget};
    }
    var sum = 0;
    for (i = 0; i < count; i++) sum += heights[i];
    var meanHeight = sum / count;
    var fractions = slack === 0 ? [0] : [0, 0.125, 0.25, 0.5, 1], best = null;
    for (var fi = 0; fi < fractions.length; fi++) {
      var candidate = placed(slack * fractions[fi]);
      if (!candidate) continue;
      var offs = 0, parents = 0, outside = 0;
      for (i = 0; i < count; i++) {
        var d0 = cs[i], d1 = cs[i + 1];
        if (d0 === d1) continue;
        var first = candidate.centers[d0], lastC = candidate.centers[d1 - 1], center = candidate.centers[i];
        offs += Math.abs(center - (first + lastC) / 2);
        parents++;
        if (center < first - 1 || center > lastC + 1) outside++;
      }
      var meanOffset = parents === 0 ? 0 : offs / parents, outsideShare = parents === 0 ? 0 : outside / parents;
      var score = candidate.height * candidate.height * (meanOffset + meanHeight + padding) * (1 + 4 * outsideShare);
      if (best === null || score < best.score) best = {score: score, centers: candidate.centers};
    }
    return best ? best.centers : null;
  }

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

  // SchematicLayout.prepare from scratch: canonical frames, columns, wrapped blocks and buses.
  // cfg: alignment, wrap (-1 off, 0 auto, n), itemPadding, sectionPadding, sectionMargin,
  // headerInset, connectorStyle.
  function layout(cols, widths, heights, cfg) {
    var ss = cols.ss, cs = cols.cs, par = cols.par, n = par.length, S = ss.length - 1, pad = cfg.itemPadding;
    var tops = new Float64Array(n), secW = new Float64Array(S), secH = new Float64Array(S), secL = new Float64Array(S);
    var lefts = null, plan = null, blockTops = null, blockEntries = null, s, i;
    function stackItems(section) {
      var top = pad / 2;
      for (var k = ss[section]; k < ss[section + 1]; k++) { tops[k] = top; top += heights[k] + pad; }
      secH[section] = top - pad / 2;
      var width = 0;
      for (k = ss[section]; k < ss[section + 1]; k++) width = Math.max(width, widths[k]);
      secW[section] = width;
    }
    function centersOf(c, h) {
      if (cfg.alignment === 'compact') { var placedCompact = compact(c, h, pad); if (placedCompact) return placedCompact; }
      return tidy(c, h, pad);
    }
    // SchematicLayout.placeWrappedItems
    function placeWrappedItems() {
      var red = reduced(plan, cols, heights), rc = red.cols, rh = red.heights, m = rh.length, centers, k, sec;
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
      } else {
        centers = centersOf(rc, rh);
      }
      var blockCount = plan.firstItem.length;
      blockTops = new Float64Array(blockCount); blockEntries = new Float64Array(blockCount); lefts = new Float64Array(n);
      for (var r = 0; r < m; r++) {
        var item = red.itemOfReduced[r], block = plan.blockOfItem[item], topR = centers[r] - rh[r] / 2;
        if (block < 0) { tops[item] = topR; continue; }
        blockTops[block] = topR;
        for (var member = item; member < item + plan.memberCount[block]; member++) {
          tops[member] = topR + memberOffset(plan, member, block, widths[member], heights[member]).y;
        }
      }
      for (sec = 0; sec < S; sec++) {
        var width = 0;
        for (k = ss[sec]; k < ss[sec + 1]; k++) if (plan.blockOfItem[k] < 0) width = Math.max(width, widths[k]);
        var unwrapped = width;
        for (k = rc.ss[sec]; k < rc.ss[sec + 1]; k++) {
          var b = plan.blockOfItem[red.itemOfReduced[k]];
          if (b >= 0) width = Math.max(width, plan.widths[b]);
        }
        secW[sec] = width;
        var lastR = rc.ss[sec + 1] - 1;
        secH[sec] = rc.ss[sec] === rc.ss[sec + 1] ? 0 : centers[lastR] + rh[lastR] / 2 + pad / 2;
        for (k = ss[sec]; k < ss[sec + 1]; k++) {
          var bk = plan.blockOfItem[k];
          lefts[k] = bk < 0 ? (unwrapped - widths[k]) / 2 : memberOffset(plan, k, bk, widths[k], heights[k]).x;
        }
      }
      for (var bl = 0; bl < blockCount; bl++) {
        var firstMember = plan.firstItem[bl], parent = par[firstMember], rows = rowMiddles(plan, bl);
        var parentMiddle = tops[parent] + heights[parent] / 2;
        blockEntries[bl] = Math.min(Math.max(parentMiddle, blockTops[bl] + rows.first), blockTops[bl] + rows.last);
      }
    }
    function maxOf(values) { var v = 0; for (var k = 0; k < values.length; k++) v = Math.max(v, values[k]); return values.length ? v : 0; }

    for (s = 0; s < S; s++) stackItems(s);
    plan = cfg.wrap < 0 ? null : wrapPlan(cols, widths, heights, cfg, null);
    if (plan) {
      placeWrappedItems();
      for (var attempt = 0; attempt < 3 && cfg.wrap === 0; attempt++) {
        if (!(plan.rowLimit > FEWEST_AUTO_ROWS)) break;
        var depth = 0;
        for (s = 0; s < S; s++) depth += secW[s];
        depth += Math.max(0, S - 1) * cfg.sectionPadding + 2 * cfg.sectionMargin;
        var aspect = maxOf(secH) / Math.max(depth, 1);
        if (!(aspect > TARGET_ASPECT * 1.1)) break;
        var limit = Math.max(FEWEST_AUTO_ROWS, Math.min(plan.rowLimit - 1, Math.trunc(plan.rowLimit * TARGET_ASPECT / aspect)));
        var next = wrapPlan(cols, widths, heights, cfg, limit);
        if (!next) break;
        plan = next;
        placeWrappedItems();
      }
    } else if (cfg.alignment === 'centered') {
      var tallest = maxOf(secH);
      for (s = 0; s < S; s++) {
        var offset = (tallest - secH[s]) / 2;
        for (i = ss[s]; i < ss[s + 1]; i++) tops[i] += offset;
        secH[s] = tallest;
      }
    } else if (cfg.alignment !== 'stacked') {
      var centers = centersOf(cols, heights);
      for (i = 0; i < n; i++) tops[i] = centers[i] - heights[i] / 2;
      for (s = 0; s < S; s++) {
        var last = ss[s + 1] - 1;
        secH[s] = ss[s] === ss[s + 1] ? 0 : tops[last] + heights[last] + pad / 2;
      }
    }
    for (s = 0; s < S; s++) secL[s] = s === 0 ? cfg.sectionMargin : secL[s - 1] + secW[s - 1] + cfg.sectionPadding;
    var result = {tops: tops, sectionLefts: secL, sectionWidths: secW, plan: plan, blockTops: blockTops, blockEntries: blockEntries, busX: null,
                  contentWidth: S ? secL[S - 1] + secW[S - 1] + cfg.sectionMargin : 2 * cfg.sectionMargin, contentHeight: maxOf(secH) + cfg.headerInset};
    // Each item's x from its column's left: centred, or its place in a wrapped block.
    result.lefts = lefts || (function () {
      var out = new Float64Array(n);
      for (var sec = 0; sec < S; sec++) for (var k = ss[sec]; k < ss[sec + 1]; k++) out[k] = (secW[sec] - widths[k]) / 2;
      return out;
    })();
    if (cfg.connectorStyle === 'elbow') result.busX = assignBusLanes(cols, tops, heights, secL, secW, plan, blockEntries);
    return result;
  }

  // SchematicLayout.assignBusLanes
  function assignBusLanes(cols, tops, heights, secL, secW, plan, blockEntries) {
    var ss = cols.ss, cs = cols.cs, n = cols.par.length, S = ss.length - 1;
    var busX = new Float64Array(n), laneOfParent = new Int32Array(n).fill(-1);
    function middle(item) { return tops[item] + heights[item] / 2; }
    function entry(item) { return plan && plan.blockOfItem[item] >= 0 ? blockEntries[plan.blockOfItem[item]] : middle(item); }
    for (var section = 1; section < Math.max(1, S); section++) {
      var a = ss[section - 1], b = ss[section], lanes = 0, hasMiddle = false, previous = null, parent, lane, c0, c1, first, last;
      for (parent = a; parent < b; parent++) {
        c0 = cs[parent]; c1 = cs[parent + 1];
        if (c0 === c1) continue;
        first = entry(c0); last = entry(c1 - 1);
        if (!(middle(parent) > last)) continue;
        lane = previous ? (previous.y >= first - 0.5 ? previous.lane + 1 : 0) : 0;
        laneOfParent[parent] = lane; previous = {lane: lane, y: middle(parent)}; lanes = Math.max(lanes, lane + 1);
      }
      previous = null;
      for (parent = b - 1; parent >= a; parent--) {
        c0 = cs[parent]; c1 = cs[parent + 1];
        if (c0 === c1) continue;
        first = entry(c0); last = entry(c1 - 1);
        if (!(middle(parent) < first)) { if (middle(parent) >= first && middle(parent) <= last) hasMiddle = true; continue; }
        lane = previous ? (previous.y <= last + 0.5 ? previous.lane + 1 : 0) : 0;
        laneOfParent[parent] = lane; previous = {lane: lane, y: middle(parent)}; lanes = Math.max(lanes, lane + 1);
      }
      var gapLeft = secL[section - 1] + secW[section - 1], gapWidth = secL[section] - gapLeft, total = lanes + (hasMiddle ? 1 : 0);
      for (parent = a; parent < b; parent++) {
        if (cs[parent] === cs[parent + 1]) continue;
        var l = laneOfParent[parent] >= 0 ? laneOfParent[parent] : lanes;
        busX[parent] = gapLeft + gapWidth * (l + 1) / (total + 1);
      }
    }
    return busX;
  }

  return {layout: layout, tidy: tidy, compact: compact, wrapPlan: wrapPlan, memberPosition: memberPosition, busXOfColumn: busXOfColumn};
})();
"""#
}
