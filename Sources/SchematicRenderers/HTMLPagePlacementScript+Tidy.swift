extension HTMLPagePlacementScript {
    /// The port of `TidyPlacement.centers`.
    static let tidy: StaticString = #"""
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


"""#
}
