extension HTMLPagePlacementScript {
    /// The port of `DotEstimate.centers`.
    static let dotEstimate: StaticString = #"""
  // DotEstimate.centers: dot's placement of the columns (network simplex on the auxiliary graph,
  // then LR_balance), for items in column order; childStart(i) .. childStart(i + 1) are i's children.
  function dotEstimate(n, childStart, isFirstInColumn, separationBefore) {
    if (n === 0) return new Float64Array(0);
    var tails = [], heads = [], minlen = [], weight = [];
    function add(tail, head, length, w) { tails.push(tail); heads.push(head); minlen.push(length); weight.push(w); }
    var auxiliary = n, parent, child, item, i, v;
    for (parent = 0; parent < n; parent++) {
      for (child = childStart(parent); child < childStart(parent + 1); child++) { add(auxiliary, parent, 0, 1); add(auxiliary, child, 0, 1); auxiliary++; }
    }
    for (item = 1; item < n; item++) if (!isFirstInColumn(item)) add(item - 1, item, separationBefore(item), 0);
    var count = auxiliary, edgeCount = tails.length;
    // Incident edges, as compressed rows.
    var incidentStarts = new Int32Array(count + 1);
    for (i = 0; i < edgeCount; i++) { incidentStarts[tails[i] + 1]++; incidentStarts[heads[i] + 1]++; }
    for (v = 0; v < count; v++) incidentStarts[v + 1] += incidentStarts[v];
    var incident = new Int32Array(2 * edgeCount), filled = Int32Array.from(incidentStarts);
    for (i = 0; i < edgeCount; i++) { incident[filled[tails[i]]++] = i; incident[filled[heads[i]]++] = i; }
    function other(e, u) { return tails[e] === u ? heads[e] : tails[e]; }
    // Longest paths from the sources: a feasible ranking.
    var rank = new Float64Array(count), waiting = new Int32Array(count), ready = [], slot, e, w;
    for (i = 0; i < edgeCount; i++) waiting[heads[i]]++;
    for (v = 0; v < count; v++) if (waiting[v] === 0) ready.push(v);
    while (ready.length) {
      v = ready.pop();
      for (slot = incidentStarts[v]; slot < incidentStarts[v + 1]; slot++) {
        e = incident[slot];
        if (tails[e] !== v) continue;
        var head = heads[e];
        rank[head] = Math.max(rank[head], rank[v] + minlen[e]);
        if (--waiting[head] === 0) ready.push(head);
      }
    }
    function slack(e) { return rank[heads[e]] - rank[tails[e]] - minlen[e]; }
    var tolerance = 1e-6;
    // A feasible spanning tree of tight edges (feasible_tree).
    var inTree = new Uint8Array(count), tree = new Uint8Array(edgeCount), size = 1, stack;
    inTree[0] = 1;
    while (true) {
      stack = [];
      for (v = 0; v < count; v++) if (inTree[v]) stack.push(v);
      while (stack.length) {
        v = stack.pop();
        for (slot = incidentStarts[v]; slot < incidentStarts[v + 1]; slot++) {
          e = incident[slot]; w = other(e, v);
          if (!inTree[w] && Math.abs(slack(e)) < tolerance) { inTree[w] = 1; tree[e] = 1; size++; stack.push(w); }
        }
      }
      if (size === count) break;
      var best = -1;
      for (i = 0; i < edgeCount; i++) if (inTree[tails[i]] !== inTree[heads[i]] && (best < 0 || slack(i) < slack(best))) best = i;
      if (best < 0) return rank.slice(0, n);  // (columns not all joined: the feasible ranking, unimproved)
      var delta = inTree[tails[best]] ? slack(best) : -slack(best);
      for (v = 0; v < count; v++) if (inTree[v]) rank[v] += delta;
    }
    var low = new Int32Array(count), lim = new Int32Array(count), parentEdge = new Int32Array(count), cut = new Int32Array(edgeCount);
    // Ranks from the tree (its edges tight), low and lim by a postorder, and the cut values.
    function rebuild() {
      parentEdge.fill(-1);
      var seen = new Uint8Array(count), order = [], st = [0], u, k, s;
      seen[0] = 1;
      while (st.length) {
        u = st.pop();
        order.push(u);
        for (s = incidentStarts[u]; s < incidentStarts[u + 1]; s++) {
          k = incident[s]; var x = other(k, u);
          if (!tree[k] || seen[x]) continue;
          seen[x] = 1;
          parentEdge[x] = k;
          rank[x] = tails[k] === u ? rank[u] + minlen[k] : rank[u] - minlen[k];
          st.push(x);
        }
      }
      // Children lists, as compressed rows in preorder.
      var childCounts = new Int32Array(count + 1), j;
      for (j = 1; j < order.length; j++) childCounts[other(parentEdge[order[j]], order[j]) + 1]++;
      for (u = 0; u < count; u++) childCounts[u + 1] += childCounts[u];
      var children = new Int32Array(Math.max(0, count - 1)), next = Int32Array.from(childCounts);
      for (j = 1; j < order.length; j++) { var p = other(parentEdge[order[j]], order[j]); children[next[p]++] = order[j]; }
      var number = 0, post = [], visits = [0, 0];
      while (visits.length) {
        var done = visits.pop(); u = visits.pop();
        if (done) {
          number++;
          lim[u] = number;
          var least = number;
          for (s = childCounts[u]; s < childCounts[u + 1]; s++) least = Math.min(least, low[children[s]]);
          low[u] = least;
          post.push(u);
          continue;
        }
        visits.push(u, 1);
        for (s = childCounts[u + 1] - 1; s >= childCounts[u]; s--) visits.push(children[s], 0);
      }
      for (j = 0; j < post.length; j++) {
        u = post[j];
        var f = parentEdge[u];
        if (f < 0) continue;
        var direction = tails[f] === u ? 1 : -1, total = 0;
        for (s = incidentStarts[u]; s < incidentStarts[u + 1]; s++) {
          k = incident[s]; var y = other(k, u);
          var outside = !(low[u] <= lim[y] && lim[y] <= lim[u]);
          var value = outside ? weight[k] : (tree[k] ? cut[k] : 0) - weight[k];
          var d = direction > 0 ? (heads[k] === u ? 1 : -1) : (tails[k] === u ? 1 : -1);
          if (outside) d = -d;
          total += d > 0 ? value : -value;
        }
        cut[f] = total;
      }
    }
    // The non-tree edge of least slack across e's cut, against e's direction (-1: none).
    function entering(e) {
      var down, outward;
      if (lim[tails[e]] < lim[heads[e]]) { down = tails[e]; outward = false; } else { down = heads[e]; outward = true; }
      var lo = low[down], hi = lim[down], found = -1;
      for (var k = 0; k < edgeCount; k++) {
        if (tree[k]) continue;
        var tailIn = lo <= lim[tails[k]] && lim[tails[k]] <= hi, headIn = lo <= lim[heads[k]] && lim[heads[k]] <= hi;
        if (!(outward ? (tailIn && !headIn) : (headIn && !tailIn))) continue;
        if (found < 0 || slack(k) < slack(found)) found = k;
      }
      return found;
    }
    rebuild();
    for (var round = 0; round < 100 * count; round++) {
      var leaving = -1;
      for (e = 0; e < edgeCount && leaving < 0; e++) if (tree[e] && cut[e] < 0) leaving = e;
      if (leaving < 0) break;
      var entered = entering(leaving);
      if (entered < 0) break;
      tree[leaving] = 0;
      tree[entered] = 1;
      rebuild();
    }
    function subtree(u) {
      var out = [], st = [u];
      while (st.length) {
        var x = st.pop();
        out.push(x);
        for (var s = incidentStarts[x]; s < incidentStarts[x + 1]; s++) { var k = incident[s]; if (tree[k] && k !== parentEdge[x]) st.push(other(k, x)); }
      }
      return out;
    }
    for (e = 0; e < edgeCount; e++) {
      if (!tree[e] || cut[e] !== 0) continue;
      var g = entering(e);
      if (g < 0 || !(slack(g) > 1)) continue;
      var half = slack(g) / 2, moved, m;
      if (lim[tails[e]] < lim[heads[e]]) { moved = subtree(tails[e]); for (m = 0; m < moved.length; m++) rank[moved[m]] -= half; }
      else { moved = subtree(heads[e]); for (m = 0; m < moved.length; m++) rank[moved[m]] += half; }
    }
    return rank.slice(0, n);
  }


"""#
}
