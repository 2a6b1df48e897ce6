/// The big-tree page's script: decodes the typed arrays, draws the visible nodes on a canvas
/// (density bands when far out), the overview, search, collapse (through
/// `HTMLPagePlacementScript`), and `window.schematic`, the hook tools/page-check.py drives.
enum HTMLPageScript {
    static let source: StaticString = #"""
// The big-tree page: the layout as typed arrays, drawn on a canvas for what is visible only.
(function () {
  'use strict';
  var header = JSON.parse(document.getElementById('schematic-data').textContent);
  var N = header.count, cfg = {alignment: header.alignment, wrap: header.wrap, itemPadding: header.itemPadding, sectionPadding: header.sectionPadding,
    sectionMargin: header.sectionMargin, headerInset: header.headerInset, connectorStyle: header.connectorStyle};
  var started = performance.now();

  // ---- The arrays: base64 chunks, decoded one by one into one buffer and dropped.
  function align(offset, to) { return Math.ceil(offset / to) * to; }
  var layoutBytes = 0, offsets = {};
  offsets.widths = 0; layoutBytes = align(N * (header.widths64 ? 8 : 4), 8);
  offsets.heights = layoutBytes; layoutBytes = align(layoutBytes + N * (header.heights64 ? 8 : 4), 8);
  offsets.origins = layoutBytes; layoutBytes += 8 * N;
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
  var originX = new Float32Array(buffer, offsets.origins, N), originY = new Float32Array(buffer, offsets.origins + 4 * N, N);
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
  var decoder = new TextDecoder();
  function label(node) { return decoder.decode(labelBytes.subarray(node ? labelEnds[node - 1] : 0, labelEnds[node])); }

  // ---- Geometry: what is drawn now, in canonical axes (columns along x). The original one is
  // the engine's; after a collapse, the page's placement of the visible tree.
  function blocksFrom(list) {
    return list.map(function (b) { return {first: b[0], count: b[1], rows: b[2], entry: b[3], above: b[4], buses: b[5]}; });
  }
  function makeGeometry(g) {
    // A wrapped block's members take its extent as their keys for the binary search along a
    // column (their own tops do not grow along it); blocks are sorted, found by binary search.
    g.blockFirst = new Int32Array(g.blocks.length);
    g.blocks.forEach(function (b, index) {
      var top = Infinity, bottom = -Infinity;
      for (var m = b.first; m < b.first + b.count; m++) { top = Math.min(top, g.Y[m]); bottom = Math.max(bottom, g.Y[m] + g.H[m]); }
      b.top = top; b.bottom = bottom;
      g.blockFirst[index] = b.first;
    });
    g.density = null;
    g.overview = null;
    return g;
  }
  // The wrapped block item k belongs to, or -1.
  function blockOf(k) {
    var first = G.blockFirst, low = 0, high = first.length;
    if (!high) return -1;
    while (low < high) { var mid = (low + high) >> 1; if (first[mid] <= k) low = mid + 1; else high = mid; }
    var b = low - 1;
    return b >= 0 && k < first[b] + G.blocks[b].count ? b : -1;
  }
  function keyTop(k) { var b = blockOf(k); return b < 0 ? G.Y[k] : G.blocks[b].top; }
  function keyBottom(k) { var b = blockOf(k); return b < 0 ? G.Y[k] + G.H[k] : G.blocks[b].bottom; }
  function originalGeometry() {
    return makeGeometry({count: N, X: originX, Y: originY, W: W0, H: H0, ss: sectionStarts, par: parents, orig: null,
      secL: header.sectionLefts, secW: header.sectionWidths, contentW: header.contentWidth, contentH: header.contentHeight,
      blocks: blocksFrom(header.blocks), busX: busX0});
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
    var cols = {ss: ss, cs: cs, par: par};
    var r = SchematicPlacement.layout(cols, widths, heights, cfg);
    var X = new Float64Array(n), Y = new Float64Array(n);
    for (s = 0; s < sections; s++) for (k = ss[s]; k < ss[s + 1]; k++) { X[k] = r.sectionLefts[s] + r.lefts[k]; Y[k] = r.tops[k] + cfg.headerInset; }
    var blocks = [];
    if (r.plan) {
      for (var b = 0; b < r.plan.firstItem.length; b++) {
        var first = r.plan.firstItem[b], section = 0;
        while (ss[section + 1] <= first) section++;
        var buses = [];
        for (var c = 0; c < r.plan.columns[b]; c++) buses.push(r.sectionLefts[section] + SchematicPlacement.busXOfColumn(r.plan, c, b));
        blocks.push({first: first, count: r.plan.memberCount[b], rows: r.plan.rows[b], entry: r.blockEntries[b] + cfg.headerInset,
          above: r.blockTops[b] + cfg.headerInset - cfg.itemPadding / 2, buses: buses});
      }
    }
    return makeGeometry({count: n, X: X, Y: Y, W: widths, H: heights, ss: ss, par: par, orig: orig, secL: Array.from(r.sectionLefts),
      secW: Array.from(r.sectionWidths), contentW: r.contentWidth, contentH: r.contentHeight, blocks: blocks, busX: r.busX});
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

  // ---- The view: real coordinates → screen, `scale` pixels per unit.
  var view = document.getElementById('schematic-view'), canvas = document.getElementById('schematic-canvas'), ctx = canvas.getContext('2d');
  var overview = document.getElementById('schematic-overview'), octx = overview.getContext('2d');
  var camera = {x: 0, y: 0, scale: 1}, ratio = window.devicePixelRatio || 1, width = 0, height = 0;
  var styles = getComputedStyle(document.documentElement);
  function colour(name) { return styles.getPropertyValue('--schematic-' + name).trim(); }
  var palette = {background: colour('background'), connector: colour('connector'), header: colour('header'), band: colour('band'), highlight: colour('highlight'),
    fill: [colour('normal-fill'), colour('important-fill'), colour('critical-fill')], text: [colour('normal-text'), colour('important-text'), colour('critical-text')]};
  function resize() {
    ratio = window.devicePixelRatio || 1;
    width = view.clientWidth; height = view.clientHeight;
    canvas.width = Math.max(1, Math.round(width * ratio)); canvas.height = Math.max(1, Math.round(height * ratio));
    overview.width = Math.round(overview.clientWidth * ratio); overview.height = Math.round(overview.clientHeight * ratio);
  }
  function toReal(sx, sy) { return {x: camera.x + sx / camera.scale, y: camera.y + sy / camera.scale}; }

  // The visible items, the collection view's way: for each column meeting the rect, a binary
  // search for the first item reaching it, then items until one starts below it.
  function query(rect, body) {
    var r = canonicalRect(rect.x, rect.y, rect.w, rect.h), minX = r.x, maxX = r.x + r.w, minY = r.y, maxY = r.y + r.h;
    var sections = G.ss.length - 1, low = 0, high = sections;
    while (low < high) { var mid = (low + high) >> 1; if (G.secL[mid] + G.secW[mid] >= minX) high = mid; else low = mid + 1; }
    var wrapped = G.blocks.length > 0, X = G.X, Y = G.Y, Wd = G.W, Hd = G.H;
    for (var s = low; s < sections && G.secL[s] <= maxX; s++) {
      var a = G.ss[s], b = G.ss[s + 1], lo = a, hi = b;
      if (wrapped) {
        while (lo < hi) { var m = (lo + hi) >> 1; if (keyBottom(m) >= minY) hi = m; else lo = m + 1; }
      } else {
        while (lo < hi) { var m2 = (lo + hi) >> 1; if (Y[m2] + Hd[m2] >= minY) hi = m2; else lo = m2 + 1; }
      }
      for (var k = lo; k < b && (wrapped ? keyTop(k) : Y[k]) <= maxY; k++) {
        if (X[k] <= maxX && X[k] + Wd[k] >= minX && Y[k] <= maxY && Y[k] + Hd[k] >= minY) body(k, s);
      }
    }
  }
  function visibleRect(margin) {
    var m = (margin || 0) / camera.scale;
    return {x: camera.x - m, y: camera.y - m, w: width / camera.scale + 2 * m, h: height / camera.scale + 2 * m};
  }

  // Density per column, in bins along the column: far out, columns are drawn as bands of it.
  var BINS = 2048;
  function density() {
    if (G.density) return G.density;
    var sections = G.ss.length - 1, image = document.createElement('canvas');
    image.width = Math.max(1, sections); image.height = BINS;
    var ictx = image.getContext('2d'), pixels = ictx.createImageData(image.width, BINS), coverage = new Float64Array(BINS);
    var binHeight = Math.max(1e-9, G.contentH / BINS), fill = parseColour(palette.header);
    for (var s = 0; s < sections; s++) {
      coverage.fill(0);
      for (var k = G.ss[s]; k < G.ss[s + 1]; k++) {
        var y0 = G.Y[k] / binHeight, y1 = (G.Y[k] + G.H[k]) / binHeight;
        for (var bin = Math.max(0, Math.floor(y0)); bin < Math.min(BINS, Math.ceil(y1)); bin++) coverage[bin] += Math.min(bin + 1, y1) - Math.max(bin, y0);
      }
      for (bin = 0; bin < BINS; bin++) {
        var p = 4 * (bin * image.width + s);
        pixels.data[p] = fill[0]; pixels.data[p + 1] = fill[1]; pixels.data[p + 2] = fill[2];
        pixels.data[p + 3] = coverage[bin] > 0 ? Math.round(60 + 195 * Math.min(1, coverage[bin])) : 0;
      }
    }
    ictx.putImageData(pixels, 0, 0);
    G.density = image;
    // An ImageBitmap draws without a snapshot of the canvas on every frame.
    var geometry = G;
    if (window.createImageBitmap) createImageBitmap(image).then(function (bitmap) { if (geometry.density === image) geometry.density = bitmap; });
    return image;
  }
  function parseColour(text) {
    var probe = document.createElement('canvas').getContext('2d');
    probe.fillStyle = text; probe.fillRect(0, 0, 1, 1);
    var d = probe.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2]];
  }
  // The columns between canonical x `minX` and `maxX`, as bands.
  function drawDensity(context, minX, maxX) {
    var image = density(), sections = G.ss.length - 1;
    context.imageSmoothingEnabled = true;
    for (var s = 0; s < sections; s++) {
      if (G.secL[s] > maxX || G.secL[s] + G.secW[s] < minX) continue;
      context.drawImage(image, s, 0, 1, BINS, G.secL[s], 0, G.secW[s], G.contentH);
    }
  }

  // ---- Drawing.
  var drawer = 'canvas', frameRequested = false, matchSet = null, currentMatch = -1, lastDrawn = 0, lastMode = '';
  var meanPitch = 0;
  function requestDraw() { if (!frameRequested) { frameRequested = true; requestAnimationFrame(function () { frameRequested = false; draw(); }); } }
  function connectorPath(context, child, s) {
    var parent = G.par[child];
    if (parent < 0) return;
    var sx = G.X[parent] + G.W[parent], sy = G.Y[parent] + G.H[parent] / 2, ex = G.X[child], ey = G.Y[child] + G.H[child] / 2;
    var parentEdge = G.secL[s - 1] + G.secW[s - 1], childEdge = G.secL[s], out = parentEdge, into = childEdge, middle = (parentEdge + childEdge) / 2;
    if (G.busX && G.busX[parent] > 0) { out = G.busX[parent]; into = out; }
    context.moveTo(sx, sy);
    var block = G.blocks.length ? blockOf(child) : -1;
    var entryY = block >= 0 ? G.blocks[block].entry : ey;
    if (header.connectorStyle === 'curved') { context.lineTo(out, sy); context.bezierCurveTo(middle, sy, middle, entryY, into, entryY); }
    else { context.lineTo(out, sy); context.lineTo(into, entryY); }
    if (block >= 0) {
      var b = G.blocks[block], column = Math.floor((child - b.first) / b.rows), bus = b.buses[Math.min(column, b.buses.length - 1)];
      context.lineTo(b.buses[0], entryY);
      if (column > 0) { context.lineTo(b.buses[0], b.above); context.lineTo(bus, b.above); context.lineTo(bus, ey); }
      else { context.lineTo(b.buses[0], ey); }
    }
    context.lineTo(ex, ey);
  }
  function setCanonicalTransform(context) {
    var o = orientation(), s = camera.scale * ratio, tx = -camera.x * s, ty = -camera.y * s;
    context.setTransform(o[0] * s, o[1] * s, o[2] * s, o[3] * s, o[4] * s + tx, o[5] * s + ty);
  }
  function draw() {
    var t0 = performance.now();
    if (drawer === 'svg') { drawSVG(); lastDrawn = performance.now() - t0; return; }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = palette.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    setCanonicalTransform(ctx);
    var scale = camera.scale, rect = visibleRect(20), sections = G.ss.length - 1;
    if (header.bands) {
      ctx.fillStyle = palette.band;
      for (var s = 0; s < sections; s += 2) {
        var half = cfg.sectionPadding / 2, minX = s === 0 ? 0 : G.secL[s] - half, maxX = s === sections - 1 ? G.contentW : G.secL[s] + G.secW[s] + half;
        ctx.fillRect(minX, 0, maxX - minX, G.contentH);
      }
    }
    if (meanPitch * scale < 3) {
      lastMode = 'density';
      var c = canonicalRect(rect.x, rect.y, rect.w, rect.h);
      drawDensity(ctx, c.x, c.x + c.w);
    } else {
      lastMode = 'nodes';
      var visible = [], columns = [];
      query(rect, function (k, s) { visible.push(k); columns.push(s); });
      // Connectors into the visible nodes, and out of them into columns beyond.
      ctx.beginPath();
      for (var v = 0; v < visible.length; v++) if (columns[v] > 0) connectorPath(ctx, visible[v], columns[v]);
      var seen = {};
      for (v = 0; v < visible.length; v++) {
        var k = visible[v], node = nodeOf(k);
        if (collapsed[node] || childCountOf(node) === 0 || seen[k]) continue;
        // Children of a visible parent in the next column, drawn even where only the line shows.
        var first = childStart(k), count = childCount(k);
        for (var c = first; c < first + count; c++) if (!inRect(c, rect)) connectorPath(ctx, c, columns[v] + 1);
      }
      header.extraEdges.length && drawExtraEdges(ctx);
      ctx.lineWidth = 2; ctx.strokeStyle = palette.connector; ctx.lineJoin = 'round';
      ctx.stroke();
      var radius = 6, showText = header.font.size * scale * ratio >= 4 * ratio, rounded = scale * 20 > 6;
      // Boxes in one path per fill (a fill per box costs more than the boxes); junctions,
      // nodes with their own colours, collapsed nodes and matches after them.
      for (var type = 0; type < 3; type++) {
        ctx.beginPath();
        var any = false;
        for (v = 0; v < visible.length; v++) {
          k = visible[v]; node = nodeOf(k);
          if (types[node] !== type || colours[node] || labelEnds[node] === (node ? labelEnds[node - 1] : 0)) continue;
          if (rounded) ctx.roundRect(G.X[k], G.Y[k], G.W[k], G.H[k], radius); else ctx.rect(G.X[k], G.Y[k], G.W[k], G.H[k]);
          any = true;
        }
        if (any) { ctx.fillStyle = palette.fill[type]; ctx.fill(); }
      }
      for (v = 0; v < visible.length; v++) {
        k = visible[v]; node = nodeOf(k);
        var x = G.X[k], y = G.Y[k], w = G.W[k], h = G.H[k], own = colours[node];
        var junction = labelEnds[node] === (node ? labelEnds[node - 1] : 0), marked = (collapsed[node] && childCountOf(node) > 0) || (matchSet && matchSet.has(node));
        if (!junction && !own && !marked) continue;
        ctx.beginPath();
        if (junction) { var side = Math.min(w, h); ctx.arc(x + w / 2, y + h / 2, side / 2, 0, 2 * Math.PI); ctx.fillStyle = own && own.fill ? own.fill : (types[node] ? palette.fill[types[node]] : palette.connector); ctx.fill(); }
        else {
          if (rounded) ctx.roundRect(x, y, w, h, radius); else ctx.rect(x, y, w, h);
          if (own) { ctx.fillStyle = own.fill || palette.fill[types[node]]; ctx.fill(); }
        }
        if (collapsed[node] && childCountOf(node) > 0) { ctx.setLineDash([4, 3]); ctx.lineWidth = 2; ctx.strokeStyle = palette.header; ctx.stroke(); ctx.setLineDash([]); }
        if (matchSet && matchSet.has(node)) { ctx.lineWidth = node === matches[currentMatch] ? 4 : 3; ctx.strokeStyle = palette.highlight; ctx.stroke(); }
      }
      if (showText) drawLabels(visible);
    }
    if (header.depthLabels.length) drawDepthLabels();
    drawOverview();
    lastDrawn = performance.now() - t0;
  }
  function inRect(k, rect) { var r = canonicalRect(rect.x, rect.y, rect.w, rect.h); return G.X[k] <= r.x + r.w && G.X[k] + G.W[k] >= r.x && G.Y[k] <= r.y + r.h && G.Y[k] + G.H[k] >= r.y; }
  // Children of visible item k: a contiguous run in the next column (parents in order).
  var childStartCache = null;
  function childStarts() {
    if (!G.orig) return originalStarts;
    if (childStartCache && childStartCache.g === G) return childStartCache.starts;
    var n = G.count, counts = new Int32Array(n), starts = new Int32Array(n + 1), k;
    for (k = 0; k < n; k++) if (G.par[k] >= 0) counts[G.par[k]]++;
    var next = G.ss.length > 2 ? G.ss[1] : n;
    for (k = 0; k < n; k++) { starts[k] = next; next += counts[k]; }
    starts[n] = next;
    childStartCache = {g: G, starts: starts};
    return starts;
  }
  function childStart(k) { return childStarts()[k]; }
  function childCount(k) { var st = childStarts(); return st[k + 1] - st[k]; }
  function drawExtraEdges(context) {
    var e = header.extraEdges;
    for (var k = 0; k + 1 < e.length; k += 2) {
      var child = visibleOf(e[k]), parent = visibleOf(e[k + 1]);
      if (child < 0 || parent < 0) continue;
      context.moveTo(G.X[parent] + G.W[parent], G.Y[parent] + G.H[parent] / 2);
      context.lineTo(G.X[child], G.Y[child] + G.H[child] / 2);
    }
  }
  function drawLabels(visible) {
    var o = orientation(), s = camera.scale * ratio, size = header.font.size * s, line = header.font.lineHeight * s;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = size + "px '" + header.font.family + "', 'DejaVu Sans', sans-serif";
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    for (var v = 0; v < visible.length; v++) {
      var k = visible[v], node = nodeOf(k), text = label(node);
      var cx = G.X[k] + G.W[k] / 2, cy = G.Y[k] + G.H[k] / 2;
      var rx = o[0] * cx + o[2] * cy + o[4], ry = o[1] * cx + o[3] * cy + o[5];
      var px = (rx - camera.x) * s, py = (ry - camera.y) * s, own = colours[node];
      ctx.fillStyle = own && own.color ? own.color : palette.text[types[node]];
      if (text.indexOf('\n') < 0) { ctx.fillText(text, px, py); }
      else { var lines = text.split('\n'); for (var l = 0; l < lines.length; l++) ctx.fillText(lines[l], px, py + (l - (lines.length - 1) / 2) * line); }
      if (collapsed[node] && childCountOf(node) > 0) {
        // The count of hidden nodes, right of the box on the page (whatever the orientation).
        var f = realFrame(k), qx = f.x + f.w + 4, qy = f.y + f.h / 2;
        ctx.save(); ctx.textAlign = 'left'; ctx.font = 'bold ' + (size * 0.85) + "px 'DejaVu Sans', sans-serif"; ctx.fillStyle = palette.header;
        ctx.fillText('+' + hiddenCount(node), (qx - camera.x) * s, (qy - camera.y) * s); ctx.restore();
      }
    }
  }
  function drawDepthLabels() {
    var o = orientation(), s = camera.scale * ratio;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = 'bold ' + (header.font.size * s) + "px 'DejaVu Sans', sans-serif"; ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.fillStyle = palette.header;
    for (var sec = 0; sec < Math.min(header.depthLabels.length, G.ss.length - 1); sec++) {
      var cx = G.secL[sec] + G.secW[sec] / 2, cy = cfg.headerInset / 2;
      var rx = o[0] * cx + o[2] * cy + o[4], ry = o[1] * cx + o[3] * cy + o[5];
      ctx.fillText(header.depthLabels[sec], (rx - camera.x) * s, (ry - camera.y) * s);
    }
  }
  // How many nodes a collapsed node hides: its subtree, found by walking the columns below it.
  var hiddenCache = {};
  function hiddenCount(node) {
    if (hiddenCache[node] !== undefined) return hiddenCache[node];
    // Its descendants in each deeper column are one run: the children of the run above.
    var starts = originalStarts, first = node, end = node + 1, total = 0;
    for (;;) {
      var a = starts[first], b = starts[end];
      if (b <= a) break;
      total += b - a; first = a; end = b;
    }
    hiddenCache[node] = total;
    return total;
  }
  // The overview: the whole drawing as density bands, stretched to the box (a tall tree stays
  // legible), drawn once per geometry; each frame adds the view's rectangle.
  function overviewScales() {
    var size = realSize(), pad = 4 * ratio;
    return {x: (overview.width - 2 * pad) / Math.max(1, size.w), y: (overview.height - 2 * pad) / Math.max(1, size.h), pad: pad};
  }
  function drawOverview() {
    var k = overviewScales();
    if (!G.overview) {
      var image = document.createElement('canvas'), context = image.getContext('2d'), o = orientation();
      image.width = overview.width; image.height = overview.height;
      context.setTransform(o[0] * k.x, o[1] * k.y, o[2] * k.x, o[3] * k.y, o[4] * k.x + k.pad, o[5] * k.y + k.pad);
      drawDensity(context, 0, Infinity);
      G.overview = image;
    }
    octx.setTransform(1, 0, 0, 1, 0, 0);
    octx.clearRect(0, 0, overview.width, overview.height);
    octx.drawImage(G.overview, 0, 0);
    octx.strokeStyle = palette.highlight; octx.lineWidth = 2 * ratio;
    octx.strokeRect(k.pad + camera.x * k.x, k.pad + camera.y * k.y, Math.max(3, width / camera.scale * k.x), Math.max(3, height / camera.scale * k.y));
  }

  // ---- SVG drawing of the same visible set, for measuring against the canvas (`drawer`).
  var svgRoot = null, svgPool = [];
  function drawSVG() {
    if (!svgRoot) {
      svgRoot = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svgRoot.setAttribute('style', 'position:absolute;inset:0;width:100%;height:100%');
      view.appendChild(svgRoot);
      canvas.style.display = 'none';
    }
    var visible = [];
    query(visibleRect(20), function (k) { visible.push(k); });
    var o = orientation(), s = camera.scale;
    svgRoot.setAttribute('viewBox', camera.x + ' ' + camera.y + ' ' + (width / s) + ' ' + (height / s));
    while (svgPool.length < visible.length) {
      var g = document.createElementNS('http://www.w3.org/2000/svg', 'g'), r = document.createElementNS('http://www.w3.org/2000/svg', 'rect'), t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
      t.setAttribute('text-anchor', 'middle'); t.setAttribute('dominant-baseline', 'central'); t.setAttribute('font-size', header.font.size);
      g.appendChild(r); g.appendChild(t); svgRoot.appendChild(g); svgPool.push({g: g, r: r, t: t});
    }
    // Only the visible nodes have elements: the rest of the pool leaves the document.
    while (svgPool.length > visible.length) svgPool.pop().g.remove();
    for (var v = 0; v < visible.length; v++) {
      var e = svgPool[v], k = visible[v], f = realFrame(k), node = nodeOf(k);
      e.r.setAttribute('x', f.x); e.r.setAttribute('y', f.y); e.r.setAttribute('width', f.w); e.r.setAttribute('height', f.h); e.r.setAttribute('rx', 6);
      e.r.setAttribute('fill', palette.fill[types[node]]);
      e.t.setAttribute('x', f.x + f.w / 2); e.t.setAttribute('y', f.y + f.h / 2);
      e.t.textContent = s * header.font.size >= 4 ? label(node) : '';
    }
  }

  // ---- Moving around.
  function fitScale() { var size = realSize(); return Math.min(width / Math.max(1, size.w + 40), height / Math.max(1, size.h + 40)); }
  function fit() {
    // A small tree is not blown up past 200%.
    var size = realSize(), scale = Math.min(2, fitScale());
    camera.scale = scale; camera.x = size.w / 2 - width / scale / 2; camera.y = size.h / 2 - height / scale / 2;
    requestDraw();
  }
  // Opens fitted, unless fitting makes labels smaller than 6 px: then the first root at 100%.
  function openingView() {
    if (header.font.size * fitScale() >= 6) { fit(); return; }
    camera.scale = 1;
    var f = realFrame(0);
    switch (header.orientation) {
      case 'rl': camera.x = f.x + f.w + 20 - width; camera.y = f.y + f.h / 2 - height / 2; break;
      case 'tb': camera.x = f.x + f.w / 2 - width / 2; camera.y = f.y - 70; break;
      case 'bt': camera.x = f.x + f.w / 2 - width / 2; camera.y = f.y + f.h + 20 - height; break;
      default: camera.x = f.x - 20; camera.y = f.y + f.h / 2 - height / 2;
    }
    requestDraw();
  }
  function zoomAt(factor, sx, sy) {
    var p = toReal(sx, sy), scale = Math.min(64, Math.max(1e-6, camera.scale * factor));
    camera.x = p.x - sx / scale; camera.y = p.y - sy / scale; camera.scale = scale;
    requestDraw();
  }
  function centerOn(i, scale) {
    var f = realFrame(i);
    if (scale) camera.scale = scale;
    camera.x = f.x + f.w / 2 - width / camera.scale / 2; camera.y = f.y + f.h / 2 - height / camera.scale / 2;
    requestDraw();
  }
  function hit(sx, sy) {
    var p = toReal(sx, sy), found = -1;
    query({x: p.x, y: p.y, w: 0.001, h: 0.001}, function (k) { found = k; });
    return found;
  }
  function status(text) { document.getElementById('schematic-status').textContent = text; }
  // Before the first collapse, the page's placement of the whole tree is compared with the
  // engine's drawing: were they ever to differ (a layout changed and the port did not), collapsing
  // says so rather than drawing silently wrong (trees up to 20,000 nodes, where it takes a
  // moment; tools/page-check.py checks bigger ones).
  var portChecked = false, portDiffers = false;
  function checkPort() {
    portChecked = true;
    if (N > 20000) return;
    var placed = placedGeometry(), worst = Math.abs(placed.contentW - original.contentW);
    for (var k = 0; k < N; k++) worst = Math.max(worst, Math.abs(placed.X[k] - original.X[k]), Math.abs(placed.Y[k] - original.Y[k]));
    portDiffers = worst > 0.5;
  }
  function toggle(node) {
    if (childCountOf(node) === 0) return;
    if (!portChecked) checkPort();
    collapsed[node] = collapsed[node] ? 0 : 1;
    var before = visibleOf(node), f = before >= 0 ? realFrame(before) : null, started = performance.now();
    relayout();
    // Keep the node where it was on screen.
    var after = visibleOf(node);
    if (f && after >= 0) { var g = realFrame(after); camera.x += g.x - f.x; camera.y += g.y - f.y; }
    status((collapsed[node] ? 'Collapsed ' : 'Expanded ') + (label(node) || 'unnamed node') + (collapsed[node] ? ' (+' + hiddenCount(node) + ')' : '') + ' in ' + Math.round(performance.now() - started) + ' ms'
      + (portDiffers ? ' (this page places nodes differently from schematic render: please report it)' : ''));
    requestDraw();
  }

  view.addEventListener('wheel', function (event) {
    event.preventDefault();
    var r = view.getBoundingClientRect();
    zoomAt(Math.pow(1.0015, -event.deltaY), event.clientX - r.left, event.clientY - r.top);
  }, {passive: false});
  var pointers = {}, dragged = false;
  view.addEventListener('pointerdown', function (event) { pointers[event.pointerId] = {x: event.clientX, y: event.clientY}; dragged = false; view.setPointerCapture(event.pointerId); });
  view.addEventListener('pointermove', function (event) {
    var last = pointers[event.pointerId];
    if (!last) return;
    var ids = Object.keys(pointers);
    if (ids.length === 2) {
      var a = pointers[ids[0]], b = pointers[ids[1]];
      pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
      var a2 = pointers[ids[0]], b2 = pointers[ids[1]], before = Math.hypot(a.x - b.x, a.y - b.y), after = Math.hypot(a2.x - b2.x, a2.y - b2.y);
      var r = view.getBoundingClientRect();
      if (before > 0 && after > 0) zoomAt(after / before, (a2.x + b2.x) / 2 - r.left, (a2.y + b2.y) / 2 - r.top);
      dragged = true;
      return;
    }
    var dx = event.clientX - last.x, dy = event.clientY - last.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) dragged = true;
    camera.x -= dx / camera.scale; camera.y -= dy / camera.scale;
    pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
    requestDraw();
  });
  function release(event) { delete pointers[event.pointerId]; }
  view.addEventListener('pointerup', release);
  view.addEventListener('pointercancel', release);
  view.addEventListener('click', function (event) {
    if (dragged) return;
    var r = view.getBoundingClientRect(), k = hit(event.clientX - r.left, event.clientY - r.top);
    if (k >= 0) toggle(nodeOf(k));
  });
  view.addEventListener('keydown', function (event) {
    var step = 80 / camera.scale;
    if (event.key === 'ArrowLeft') camera.x -= step; else if (event.key === 'ArrowRight') camera.x += step;
    else if (event.key === 'ArrowUp') camera.y -= step; else if (event.key === 'ArrowDown') camera.y += step;
    else if (event.key === '+' || event.key === '=') zoomAt(1.25, width / 2, height / 2);
    else if (event.key === '-') zoomAt(0.8, width / 2, height / 2);
    else if (event.key === '0') fit(); else if (event.key === '1') zoomAt(1 / camera.scale, width / 2, height / 2);
    else if (event.key === 'Enter' || event.key === ' ') {
      // The keyboard's click: the current search match, else the node at the view's centre.
      var k = matches.length && currentMatch >= 0 ? visibleOf(matches[currentMatch]) : hit(width / 2, height / 2);
      if (k >= 0) toggle(nodeOf(k)); else status('No node at the centre of the view');
    }
    else return;
    event.preventDefault();
    requestDraw();
  });
  function jumpFromOverview(event) {
    var r = overview.getBoundingClientRect(), k = overviewScales();
    camera.x = ((event.clientX - r.left) * ratio - k.pad) / k.x - width / camera.scale / 2;
    camera.y = ((event.clientY - r.top) * ratio - k.pad) / k.y - height / camera.scale / 2;
    requestDraw();
  }
  overview.addEventListener('pointerdown', function (event) { overview.setPointerCapture(event.pointerId); jumpFromOverview(event); });
  overview.addEventListener('pointermove', function (event) { if (event.buttons) jumpFromOverview(event); });
  document.getElementById('schematic-fit').addEventListener('click', fit);
  document.getElementById('schematic-actual').addEventListener('click', function () { zoomAt(1 / camera.scale, width / 2, height / 2); });
  window.addEventListener('resize', function () { resize(); if (G) G.overview = null; requestDraw(); });

  // ---- Search: over the label bytes (ASCII letters without case), zooming to each match.
  var matches = [], search = document.getElementById('schematic-search');
  function find(query) {
    var needle = new TextEncoder().encode(query.toLowerCase()), found = [], n = needle.length, node = 0;
    if (!n) return found;
    var first = needle[0], end = labelBytes.length - n;
    for (var p = 0; p <= end; p++) {
      var c = labelBytes[p];
      if ((c >= 65 && c <= 90 ? c + 32 : c) !== first) continue;
      var k = 1;
      for (; k < n; k++) { var d = labelBytes[p + k]; if ((d >= 65 && d <= 90 ? d + 32 : d) !== needle[k]) break; }
      if (k < n) continue;
      while (labelEnds[node] <= p) node++;
      if (labelEnds[node] < p + n) continue;  // across two labels
      if (!found.length || found[found.length - 1] !== node) found.push(node);
      p = labelEnds[node] - 1;
    }
    return found;
  }
  function matchesChanged() { matchSet = matches.length ? new Set(matches) : null; }
  search.addEventListener('input', function () {
    var q = search.value.trim();
    matches = q ? find(q) : [];
    currentMatch = -1;
    matchesChanged();
    status(q ? matches.length + ' found' : '');
    if (matches.length) next(); else requestDraw();
  });
  function next() {
    if (!matches.length) return;
    currentMatch = (currentMatch + 1) % matches.length;
    var node = matches[currentMatch], changed = false;
    for (var p = parents[node]; p >= 0; p = parents[p]) if (collapsed[p]) { collapsed[p] = 0; changed = true; }
    if (changed) relayout();
    centerOn(visibleOf(node), Math.max(camera.scale, 1));
    status((currentMatch + 1) + ' of ' + matches.length + ': ' + label(node));
  }
  search.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); next(); } });

  // ---- Start.
  original = originalGeometry();
  G = original;
  var pitch = 0;
  for (var k0 = 0; k0 < Math.min(N, 10000); k0++) pitch += H0[k0];
  meanPitch = (N ? pitch / Math.min(N, 10000) : 0) + cfg.itemPadding;
  if (header.collapseDepth >= 0) {
    var from = sectionStarts[Math.min(S, header.collapseDepth)];
    for (var c0 = from; c0 < N; c0++) if (childCountOf(c0) > 0) collapsed[c0] = 1;
    relayout();
  }
  resize();
  openingView();
  draw();
  var firstDrawing = performance.now() - started;

  // For tests and measurements (tools/page-check.py).
  window.schematic = {
    count: N,
    firstDrawing: firstDrawing,
    readyAt: performance.now(),
    frames: function () {
      var out = [];
      for (var k = 0; k < G.count; k++) { var f = realFrame(k); out.push([label(nodeOf(k)), f.x, f.y, f.w, f.h]); }
      return {contentWidth: realSize().w, contentHeight: realSize().h, frames: out};
    },
    find: find,
    toggle: toggle,
    collapsed: function (node) { return collapsed[node] === 1; },
    portDiffers: function () { if (!portChecked) checkPort(); return portDiffers; },
    hidden: hiddenCount,
    label: label,
    camera: camera,
    setCamera: function (x, y, scale) { camera.x = x; camera.y = y; camera.scale = scale; },
    draw: function () { draw(); return {ms: lastDrawn, mode: lastMode}; },
    setDrawer: function (name) { drawer = name; if (name === 'canvas' && svgRoot) { svgRoot.remove(); svgRoot = null; svgPool = []; canvas.style.display = ''; } },
    size: realSize,
    fitScale: fitScale,
    meanPitch: function () { return meanPitch; },
    view: function () { return {width: width, height: height}; },
    visibleCount: function () { var c = 0; query(visibleRect(20), function () { c++; }); return c; },
    search: function (q) { search.value = q; search.dispatchEvent(new Event('input')); return {matches: matches.length, current: matches[currentMatch]}; },
    next: function () { next(); return matches[currentMatch]; }
  };
})();
"""#
}
