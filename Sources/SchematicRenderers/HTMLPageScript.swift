/// The big-tree page's script: decodes the typed arrays, draws the visible nodes on a canvas
/// (density bands when far out), the overview, search, collapse (through
/// `HTMLPagePlacementScript`), and `window.schematic`, the hook tools/page-check.py drives.
enum HTMLPageScript {
    /// The script, in order: data and geometry, drawing, moving around (one closure across them).
    static let sources: [StaticString] = [dataAndGeometry, PageKeys.script, drawing, interaction]

    /// The arrays decoded, the geometry (engine's or placed after a collapse), orientation.
    static let dataAndGeometry: StaticString = #"""
// The big-tree page: the layout as typed arrays, drawn on a canvas for what is visible only.
(function () {
  'use strict';
  var header = JSON.parse(document.getElementById('schematic-data').textContent);
  header.distantEdges = header.distantEdges || [];
  var N = header.count, cfg = {alignment: header.alignment, wrap: header.wrap, itemPadding: header.itemPadding, sectionPadding: header.sectionPadding,
    sectionMargin: header.sectionMargin, headerInset: header.headerInset, connectorStyle: header.connectorStyle,
    bands: !!header.bands, vertical: header.orientation === 'tb' || header.orientation === 'bt',
    nests: !!header.nests};
  var started = performance.now();

  // ---- The arrays: base64 chunks, decoded one by one into one buffer and dropped.
  function align(offset, to) { return Math.ceil(offset / to) * to; }
  var layoutBytes = 0, offsets = {};
  offsets.widths = 0; layoutBytes = align(N * (header.widths64 ? 8 : 4), 8);
  offsets.heights = layoutBytes; layoutBytes = align(layoutBytes + N * (header.heights64 ? 8 : 4), 8);
  offsets.origins = layoutBytes; layoutBytes += (header.origins64 ? 16 : 8) * N;
  offsets.parents = layoutBytes; layoutBytes += 4 * N;
  offsets.labelEnds = layoutBytes; layoutBytes += 4 * N;
  offsets.busX = layoutBytes; if (header.elbow) layoutBytes += 4 * N;
  offsets.types = layoutBytes; layoutBytes = align(layoutBytes + N, 4);
  offsets.labels = layoutBytes; layoutBytes += header.labelBytes;
  var bytes = new Uint8Array(align(layoutBytes, 8) + 8);
  var codes = new Uint8Array(128);
  (function () { var a = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'; for (var k = 0; k < 64; k++) codes[a.charCodeAt(k)] = k; })();
  function decodeInto(text, at) {
    if (bytes.setFromBase64) return at + bytes.subarray(at).setFromBase64(text).written;
    var length = text.length;
    while (length > 0 && text.charCodeAt(length - 1) === 61) length--;
    var k = 0;
    for (; k + 4 <= length; k += 4) {
      var v = codes[text.charCodeAt(k)] << 18 | codes[text.charCodeAt(k + 1)] << 12 | codes[text.charCodeAt(k + 2)] << 6 | codes[text.charCodeAt(k + 3)];
      bytes[at++] = v >> 16; bytes[at++] = v >> 8 & 255; bytes[at++] = v & 255;
    }
    if (length - k === 2) { bytes[at++] = (codes[text.charCodeAt(k)] << 2) | (codes[text.charCodeAt(k + 1)] >> 4); }
    if (length - k === 3) {
      var w = codes[text.charCodeAt(k)] << 10 | codes[text.charCodeAt(k + 1)] << 4 | codes[text.charCodeAt(k + 2)] >> 2;
      bytes[at++] = w >> 8; bytes[at++] = w & 255;
    }
    return at;
  }
  var at = 0;
  Array.prototype.forEach.call(document.querySelectorAll('script.schematic-arrays'), function (element) {
    at = decodeInto(element.textContent, at);
    element.remove();
  });
  var buffer = bytes.buffer;
  var W0 = header.widths64 ? new Float64Array(buffer, offsets.widths, N) : new Float32Array(buffer, offsets.widths, N);
  var H0 = header.heights64 ? new Float64Array(buffer, offsets.heights, N) : new Float32Array(buffer, offsets.heights, N);
  // (Exact where distant parents' lines are drawn: their runs are found between the boxes, HTMLPageData.needsExactOrigins.)
  var originX = header.origins64 ? new Float64Array(buffer, offsets.origins, N) : new Float32Array(buffer, offsets.origins, N);
  var originY = header.origins64 ? new Float64Array(buffer, offsets.origins + 8 * N, N) : new Float32Array(buffer, offsets.origins + 4 * N, N);
  var parents = new Int32Array(buffer, offsets.parents, N);
  var labelEnds = new Int32Array(buffer, offsets.labelEnds, N);
  var busX0 = header.elbow ? new Float32Array(buffer, offsets.busX, N) : null;
  var types = new Uint8Array(buffer, offsets.types, N);
  var labelBytes = new Uint8Array(buffer, offsets.labels, header.labelBytes);
  var sectionStarts = Int32Array.from(header.sectionStarts), S = sectionStarts.length - 1;
  var collapsed = new Uint8Array(N);
  // Children of node k are the nodes originalStarts[k] ..< originalStarts[k + 1] (parents in order).
  var originalStarts = new Int32Array(N + 1);
  (function () {
    var k;
    for (k = 0; k < N; k++) if (parents[k] >= 0) originalStarts[parents[k] + 1]++;
    originalStarts[0] = S > 1 ? sectionStarts[1] : N;
    for (k = 0; k < N; k++) originalStarts[k + 1] += originalStarts[k];
  })();
  function childCountOf(node) { return originalStarts[node + 1] - originalStarts[node]; }
  var colours = {};
  header.colours.forEach(function (c) { colours[c[0]] = {fill: c[1] || null, color: c[2] || null}; });
  // Nodes --max-depth cut below: outlined dashed, as a collapsed node is.
  var cutBelow = {};
  for (var cutIndex = 0; cutIndex + 1 < header.cut.length; cutIndex += 2) cutBelow[header.cut[cutIndex]] = header.cut[cutIndex + 1];
  // Labels whose lines keep their indentation: a left-aligned block of this width, centred.
  var blockWidths = {};
  for (var blockIndex = 0; blockIndex + 1 < header.blockLabels.length; blockIndex += 2) blockWidths[header.blockLabels[blockIndex]] = header.blockLabels[blockIndex + 1];
  var decoder = new TextDecoder();
  function label(node) { return decoder.decode(labelBytes.subarray(node ? labelEnds[node - 1] : 0, labelEnds[node])); }
  // What --max-depth left out below a cut node, the last line it is drawn with ("+12,345 more").
  function moreLine(node) {
    return cutBelow[node] === undefined || !header.counts ? null : '+' + String(cutBelow[node]).replace(/\B(?=(\d{3})+(?!\d))/g, ',') + ' more';
  }

  // ---- Geometry: what is drawn now, in canonical axes (columns along x). The original one is
  // the engine's; after a collapse, the page's placement of the visible tree.
  function blocksFrom(list) {
    return list.map(function (b) { return {first: b[0], count: b[1], starts: b[2], entry: b[3], above: b[4], buses: b[5], inner: b[6] === 1, farSide: b[7] === 1, nearSide: b[7] === 2}; });
  }
  // Connectors inside nesting blocks: parent to [out, into, middle] (canonical x), from a flat list.
  function leadsFrom(flat) {
    var leads = new Map();
    for (var k = 0; k + 3 < flat.length; k += 4) leads.set(flat[k], [flat[k + 1], flat[k + 2], flat[k + 3]]);
    return leads;
  }
  // DepthShading.depthsShareColumns over a placement: whether odd depths are shaded. The whole
  // drawing's comes with the header (as SVG decided it); a collapsed one's is found again, as
  // `render` of the tree without the folded nodes decides it.
  function depthsShareColumns(g) {
    var extents = [], s, k;
    for (s = 0; s + 1 < g.ss.length; s++) {
      if (g.ss[s + 1] <= g.ss[s]) continue;
      var e = [Infinity, Infinity, -Infinity, -Infinity];
      for (k = g.ss[s]; k < g.ss[s + 1]; k++) {
        e[0] = Math.min(e[0], g.X[k]); e[1] = Math.min(e[1], g.Y[k]);
        e[2] = Math.max(e[2], g.X[k] + g.W[k]); e[3] = Math.max(e[3], g.Y[k] + g.H[k]);
      }
      extents.push(e);
    }
    if (extents.length < 2) return false;
    function apart(axis) {
      var forward = true, backward = true;
      for (var i = 1; i < extents.length; i++) {
        if (extents[i - 1][axis + 2] > extents[i][axis] + 0.5) forward = false;
        if (extents[i][axis + 2] > extents[i - 1][axis] + 0.5) backward = false;
      }
      return forward || backward;
    }
    return !(apart(0) || apart(1));
  }
  function makeGeometry(g) {
    g.shades = g.orig === null ? header.shadesDepths : depthsShareColumns(g);
    // A wrapped block's members take its extent as their keys for the binary search along a
    // column (their own tops do not grow along it), and so do a nesting block's inner members
    // in the later columns (its levels: each a run of the next column, the children of the
    // run before). The runs are sorted, found by binary search.
    var runs = [], k;
    g.blockFirst = new Int32Array(g.blocks.length);
    g.blocks.forEach(function (b, index) {
      var top = Infinity, bottom = -Infinity, low = b.first, high = b.first + b.count;
      // (A list hanging inside a nesting block takes that block's extent: no runs of its own.)
      while (low < high && !b.inner) {
        runs.push([low, high, index]);
        for (var m = low; m < high; m++) { top = Math.min(top, g.Y[m]); bottom = Math.max(bottom, g.Y[m] + g.H[m]); }
        var next = g.cs[low]; high = g.cs[high]; low = next;  // the members' children (none for a grid of leaves)
      }
      b.top = top; b.bottom = bottom;
      g.blockFirst[index] = b.first;
    });
    runs.sort(function (a, b) { return a[0] - b[0]; });
    g.runFirst = Int32Array.from(runs.map(function (r) { return r[0]; }));
    g.runEnd = Int32Array.from(runs.map(function (r) { return r[1]; }));
    g.runBlock = Int32Array.from(runs.map(function (r) { return r[2]; }));
    // Per column, the furthest right anything up to it reaches (a wrapped block may run on
    // past its column): rising, for the query's binary search; and the furthest left anything
    // from it on starts (a nesting block's inner members are drawn left of their columns).
    // Per column too, the extent of its items across (its band when drawn as density).
    var sections = g.secL.length;
    g.reach = new Float64Array(sections);
    g.start = new Float64Array(sections);
    g.bandL = new Float64Array(sections);
    g.bandR = new Float64Array(sections);
    for (var s = 0, reach = 0; s < sections; s++) {
      reach = Math.max(reach, g.secL[s] + g.secW[s]);
      var start = g.secL[s], right = g.secL[s] + g.secW[s];
      for (k = g.ss[s]; k < g.ss[s + 1]; k++) { reach = Math.max(reach, g.X[k] + g.W[k]); start = Math.min(start, g.X[k]); right = Math.max(right, g.X[k] + g.W[k]); }
      g.reach[s] = reach;
      g.start[s] = start;
      g.bandL[s] = start; g.bandR[s] = right;
    }
    for (s = sections - 2; s >= 0; s--) g.start[s] = Math.min(g.start[s], g.start[s + 1]);
    g.density = null;
    g.overview = null;
    return g;
  }
  // The wrapped block item k is a member of (its own members, not the inner ones), or -1.
  function blockOf(k) {
    var first = G.blockFirst, low = 0, high = first.length;
    if (!high) return -1;
    while (low < high) { var mid = (low + high) >> 1; if (first[mid] <= k) low = mid + 1; else high = mid; }
    var b = low - 1;
    return b >= 0 && k < first[b] + G.blocks[b].count ? b : -1;
  }
  // The block whose extent is item k's key along its column (own or inner member), or -1.
  function keyBlockOf(k) {
    var first = G.runFirst, low = 0, high = first.length;
    while (low < high) { var mid = (low + high) >> 1; if (first[mid] <= k) low = mid + 1; else high = mid; }
    var r = low - 1;
    return r >= 0 && k < G.runEnd[r] ? G.runBlock[r] : -1;
  }
  function keyTop(k) { var b = keyBlockOf(k); return b < 0 ? G.Y[k] : G.blocks[b].top; }
  function keyBottom(k) { var b = keyBlockOf(k); return b < 0 ? G.Y[k] + G.H[k] : G.blocks[b].bottom; }
  function originalGeometry() {
    return makeGeometry({count: N, X: originX, Y: originY, W: W0, H: H0, ss: sectionStarts, par: parents, orig: null,
      secL: header.sectionLefts, secW: header.sectionWidths, laneRooms: header.laneRooms, contentW: header.contentWidth, contentH: header.contentHeight,
      blocks: blocksFrom(header.blocks), busX: busX0, leads: leadsFrom(header.leads), cs: originalStarts, panels: header.panels,
      drawsDistant: header.distantEdges.length > 0});
  }
  // SchematicLayout.framePanels: a card behind each panel of a nesting block (flat x, y, w, h):
  // its bus and boxes, the bus inset beside them, its top on the line over the block, below
  // room for a hanging list's line past its far side; the content grown to hold them with
  // half an item padding beyond.
  function panelFramesOf(r, X, Y, widths, heights, ss, cfg) {
    var plan = r.plan, out = [], endX = 0, endY = 0;
    if (!plan || !plan.nestsFolders) return out;
    var rise = cfg.itemPadding * 0.25, side = plan.gutter / 4 * 2 / 3;  // SchematicLayout.blockBusRise, WrapPlan.busInset * 2 / 3
    for (var b = 0; b < plan.firstItem.length; b++) {
      if (plan.offsetStart[b] < 0) continue;
      var first = plan.firstItem[b], section = 0, panels = plan.columns[b], p;
      while (ss[section + 1] <= first) section++;
      var minX = [], minY = [], maxX = [], maxY = [], index = plan.offsetStart[b];
      for (p = 0; p < panels; p++) { minX.push(r.sectionLefts[section] + SchematicPlacement.busXOfColumn(plan, p, b)); minY.push(Infinity); maxX.push(-Infinity); maxY.push(-Infinity); }
      var add = function (low, high) {
        for (var k = low; k < high; k++) {
          p = plan.memberColumns[index++];
          minX[p] = Math.min(minX[p], X[k]); minY[p] = Math.min(minY[p], Y[k]);
          maxX[p] = Math.max(maxX[p], X[k] + widths[k]); maxY[p] = Math.max(maxY[p], Y[k] + heights[k]);
        }
      };
      add(first, first + plan.memberCount[b]);
      for (var l = plan.levelStart[b]; l < plan.levelStart[b] + plan.nestLevels[b]; l++) add(plan.levelFirst[l], plan.levelFirst[l] + plan.levelCount[l]);
      for (p = 0; p < panels; p++) {
        if (!(maxY[p] > minY[p])) continue;
        var x0 = minX[p] - side, y0 = minY[p] - rise, x1 = maxX[p] + side, y1 = maxY[p] + 2 * rise;
        out.push(x0, y0, x1 - x0, y1 - y0);
        endX = Math.max(endX, x1); endY = Math.max(endY, y1);
      }
    }
    r.contentWidth = Math.max(r.contentWidth, endX + cfg.itemPadding / 2);
    r.contentHeight = Math.max(r.contentHeight, endY + cfg.itemPadding / 2);
    return out;
  }
  var G = null, original = null;

  // The visible tree (no collapsed ancestor), placed by the page's port of the layout.
  function placedGeometry() {
    var visibleIndex = new Int32Array(N), list = [], k;
    for (k = 0; k < N; k++) {
      var p = parents[k];
      if (p >= 0 && (visibleIndex[p] < 0 || collapsed[p])) { visibleIndex[k] = -1; continue; }
      visibleIndex[k] = list.length; list.push(k);
    }
    var n = list.length, orig = Int32Array.from(list), ssList = [0], s = 0;
    // Section starts over the visible items: a column's visible items follow the previous column's.
    for (k = 0; k < n; k++) { while (orig[k] >= sectionStarts[s + 1]) { s++; ssList.push(k); } }
    ssList.push(n);
    var ss = Int32Array.from(ssList), sections = ss.length - 1;
    var par = new Int32Array(n), counts = new Int32Array(n), cs = new Int32Array(n + 1), widths = new Float64Array(n), heights = new Float64Array(n);
    for (k = 0; k < n; k++) {
      var q = parents[orig[k]];
      par[k] = q < 0 ? -1 : visibleIndex[q];
      if (par[k] >= 0) counts[par[k]]++;
      widths[k] = W0[orig[k]]; heights[k] = H0[orig[k]];
    }
    var next = sections > 1 ? ss[1] : n;
    for (k = 0; k < n; k++) { cs[k] = next; next += counts[k]; }
    cs[n] = next;
    var cols = {ss: ss, cs: cs, par: par, linked: null};
    // PlacementColumns.isAdditionallyLinked: the ends of the additional and distant parents'
    // lines drawn.
    var extra = header.extraEdges;
    if (extra.length || header.distantEdges.length) cols.linked = new Uint8Array(n);
    if (extra.length) {
      cols.extra = [];
      for (k = 0; k + 1 < extra.length; k += 2) {
        var child = visibleIndex[extra[k]], parent = visibleIndex[extra[k + 1]];
        if (child >= 0 && parent >= 0) { cols.linked[child] = 1; cols.linked[parent] = 1; cols.extra.push([child, parent]); }
      }
    }
    // SectionedTree.distantParentsOfItem: those drawn, [child, parent] pairs.
    var distant = header.distantEdges;
    cols.distant = [];
    for (k = 0; k + 1 < distant.length; k += 2) {
      var far = visibleIndex[distant[k]], near = visibleIndex[distant[k + 1]];
      if (far >= 0 && near >= 0) { cols.linked[far] = 1; cols.linked[near] = 1; cols.distant.push([far, near]); }
    }
    // As the layout of the graph drawn: where no additional or distant parent's line is left
    // (collapsed away), nothing is linked and blocks may reach past their columns again.
    if ((cols.extra ? cols.extra.length : 0) + cols.distant.length === 0) cols.linked = null;
    var r = SchematicPlacement.layout(cols, widths, heights, cfg);
    var X = new Float64Array(n), Y = new Float64Array(n);
    for (s = 0; s < sections; s++) for (k = ss[s]; k < ss[s + 1]; k++) { X[k] = r.sectionLefts[s] + r.lefts[k]; Y[k] = r.tops[k] + (cfg.headerInset + r.topRoom); }
    var blocks = [];
    if (r.plan) {
      for (var b = 0; b < r.plan.firstItem.length; b++) {
        var first = r.plan.firstItem[b], section = 0;
        while (ss[section + 1] <= first) section++;
        var buses = [];
        for (var c = 0; c < r.plan.columns[b]; c++) buses.push(r.sectionLefts[section] + SchematicPlacement.busXOfColumn(r.plan, c, b));
        // WrapPlan.isSingleFile: top to bottom, a grid of one row is entered at its members' far
        // side; WrapPlan.isCombed: left to right, one of several sub-columns at their near side.
        var oneRow = r.plan.rows[b] === 1 && r.plan.offsetStart[b] < 0;
        var farSide = !!cfg.vertical && oneRow, nearSide = !cfg.vertical && oneRow && r.plan.columns[b] > 1;
        var above = r.blockTops[b] + (cfg.headerInset + r.topRoom) + (farSide ? r.plan.heights[b] + cfg.itemPadding * 0.25 : -cfg.itemPadding * 0.25);  // SchematicLayout.blockBusRise
        blocks.push({first: first, count: r.plan.memberCount[b], starts: SchematicPlacement.blockColumnStarts(r.plan, b),
          entry: farSide ? above : r.blockEntries[b] + (cfg.headerInset + r.topRoom), above: above, buses: buses, farSide: farSide, nearSide: nearSide});
      }
      SchematicPlacement.hangingLists(r, cols, heights, cfg).forEach(function (list) { blocks.push(list); });
      blocks.sort(function (a, b) { return a.first - b.first; });
    }
    var panels = panelFramesOf(r, X, Y, widths, heights, ss, cfg);  // (first: it may grow the content)
    return makeGeometry({count: n, X: X, Y: Y, W: widths, H: heights, ss: ss, par: par, orig: orig, secL: Array.from(r.sectionLefts),
      secW: Array.from(r.sectionWidths), laneRooms: r.laneRooms, contentW: r.contentWidth, contentH: r.contentHeight, blocks: blocks, busX: r.busX, leads: r.leads, cs: cs,
      panels: panels, drawsDistant: true});
  }
  function relayout() {
    var any = false;
    for (var k = 0; k < N && !any; k++) any = collapsed[k] === 1;
    G = any ? placedGeometry() : original;
    matchesChanged();
  }
  function nodeOf(i) { return G.orig ? G.orig[i] : i; }
  function visibleOf(node) {
    if (!G.orig) return node;
    var low = 0, high = G.count;
    while (low < high) { var mid = (low + high) >> 1; if (G.orig[mid] < node) low = mid + 1; else high = mid; }
    return low < G.count && G.orig[low] === node ? low : -1;
  }
  function sectionOfVisible(i) {
    var low = 0, high = G.ss.length - 2;
    while (low < high) { var mid = (low + high + 1) >> 1; if (G.ss[mid] <= i) low = mid; else high = mid - 1; }
    return low;
  }

  // ---- Orientation: canonical (columns along x) to the page's axes, as the layout's `oriented`.
  var vertical = header.orientation === 'tb' || header.orientation === 'bt';
  function realSize() { return vertical ? {w: G.contentH, h: G.contentW} : {w: G.contentW, h: G.contentH}; }
  // The affine map canonical → real: [a, b, c, d, e, f] as in canvas setTransform.
  function orientation() {
    var Wc = G.contentW;
    switch (header.orientation) {
      case 'rl': return [-1, 0, 0, 1, Wc, 0];
      case 'tb': return [0, 1, 1, 0, 0, 0];
      case 'bt': return [0, -1, 1, 0, 0, Wc];
      default: return [1, 0, 0, 1, 0, 0];
    }
  }
  function canonicalRect(x, y, w, h) {
    var Wc = G.contentW;
    switch (header.orientation) {
      case 'rl': return {x: Wc - (x + w), y: y, w: w, h: h};
      case 'tb': return {x: y, y: x, w: h, h: w};
      case 'bt': return {x: Wc - (y + h), y: x, w: h, h: w};
      default: return {x: x, y: y, w: w, h: h};
    }
  }
  function realFrame(i) {
    var x = G.X[i], y = G.Y[i], w = G.W[i], h = G.H[i], Wc = G.contentW;
    switch (header.orientation) {
      case 'rl': return {x: Wc - (x + w), y: y, w: w, h: h};
      case 'tb': return {x: y, y: x, w: h, h: w};
      case 'bt': return {x: y, y: Wc - (x + w), w: h, h: w};
      default: return {x: x, y: y, w: w, h: h};
    }
  }


"""#
}
