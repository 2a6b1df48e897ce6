extension HTMLPagePlacementScript {
    /// The port of `CompactPlacement.centers`.
    static let compact: StaticString = #"""
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


"""#
}
