extension HTMLPageScript {
    /// Moving around, collapse, search, and `window.schematic` (the hook page-check drives).
    static let interaction: StaticString = #"""
  // ---- Moving around.
  // Fitted below the toolbar, which floats over the view's top (it covered the first node).
  function toolbarBottom() { var bar = document.querySelector('.toolbar'); return bar ? Math.min(height / 2, bar.offsetTop + bar.offsetHeight) : 0; }
  function fitScale() { var size = realSize(); return Math.min(width / Math.max(1, size.w + 40), (height - toolbarBottom()) / Math.max(1, size.h + 40)); }
  function fit() {
    // A small tree is not blown up past 200%.
    var size = realSize(), scale = Math.min(2, fitScale());
    camera.scale = scale; camera.x = size.w / 2 - width / scale / 2; camera.y = size.h / 2 - (height + toolbarBottom()) / scale / 2;
    requestDraw();
  }
  // Opens fitted, unless fitting makes labels smaller than 9 px (6 px and 8 px ones were
  // opened fitted, and could not be read): then the first root with its children, as large as
  // they fit up to 100%, its labels 10 px at least (at 100% the root alone showed, its
  // children off screen: Python's exceptions in a window 900 px tall).
  function openingView() {
    if (header.font.size * fitScale() >= FITTED_LABEL_PX) { fit(); return; }
    var f = realFrame(0), x0 = f.x, y0 = f.y, x1 = f.x + f.w, y1 = f.y + f.h, k, g;
    for (k = G.cs[0]; k < G.cs[1] && k < G.count; k++) {
      g = realFrame(k);
      x0 = Math.min(x0, g.x); y0 = Math.min(y0, g.y); x1 = Math.max(x1, g.x + g.w); y1 = Math.max(y1, g.y + g.h);
    }
    var top = toolbarBottom(), viewHeight = height - top;
    camera.scale = Math.max(OPENING_LABEL_PX / header.font.size, Math.min(1, width / (x1 - x0 + 40), viewHeight / (y1 - y0 + 40)));
    var w = width / camera.scale, h = viewHeight / camera.scale;
    // The root's side at the view's edge, as a reader starts there; across the levels, them
    // centred where they fit, else the root.
    camera.x = (x0 + x1) / 2 - w / 2; camera.y = (y0 + y1) / 2 - h / 2 - top / camera.scale;
    if (header.orientation === 'rl') camera.x = f.x + f.w + 20 - w;
    else if (header.orientation === 'lr') camera.x = f.x - 20;
    else if (x1 - x0 + 40 > w) camera.x = f.x + f.w / 2 - w / 2;
    if (header.orientation === 'tb') camera.y = f.y - 20 - top / camera.scale;
    else if (header.orientation === 'bt') camera.y = f.y + f.h + 20 - h - top / camera.scale;
    else if (y1 - y0 + 40 > h) camera.y = f.y + f.h / 2 - h / 2 - top / camera.scale;
    requestDraw();
  }
  var FITTED_LABEL_PX = 9, OPENING_LABEL_PX = 10;
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
    // The elbow buses too, of the parents outside blocks whose children are outside blocks
    // (the drawing takes those from the blocks' own buses).
    if (placed.busX && original.busX) {
      var inBlock = new Uint8Array(N + 1);
      for (var r = 0; r < placed.runFirst.length; r++) for (k = placed.runFirst[r]; k < placed.runEnd[r]; k++) inBlock[k] = 1;
      for (k = 0; k < N; k++) {
        if (inBlock[k] || placed.cs[k] >= placed.cs[k + 1] || inBlock[placed.cs[k]]) continue;
        if (placed.busX[k] > 0 && original.busX[k] > 0) worst = Math.max(worst, Math.abs(placed.busX[k] - original.busX[k]));
      }
    }
    // And the wrapped blocks' and hanging lists' own buses (a nesting block's, 0 in the engine's
    // data, are its leads).
    var byFirst = new Map();
    original.blocks.forEach(function (b) { byFirst.set(b.first, b); });
    placed.blocks.forEach(function (b) {
      var o = byFirst.get(b.first);
      if (!o) return;
      for (var c = 0; c < Math.min(b.buses.length, o.buses.length); c++) if (o.buses[c] !== 0) worst = Math.max(worst, Math.abs(b.buses[c] - o.buses[c]));
      // Where their lines enter them and run beside them (drawn where members are reached
      // along that line); a block of roots has neither (0 in the engine's data).
      if (o.entry === 0 && o.above === 0) return;
      // The engine takes a step under LEAST_STEP out of its elbows (SchematicLayout.withoutSteps):
      // a parent's line that near a block's entry is its entry, and the line over the block moves
      // alike (the page's drawing takes it out alike, from the entry placed).
      var parent = placed.par[b.first], step = 0;
      if (header.connectorStyle === 'elbow' && parent >= 0) {
        var level = placed.Y[parent] + placed.H[parent] / 2;
        if (Math.abs(o.entry - level) < 1e-3 && Math.abs(level - b.entry) < LEAST_STEP) step = level - b.entry;
      }
      worst = Math.max(worst, Math.abs(b.entry + step - o.entry));
      if (o.farSide || o.nearSide || o.buses.length > 1) worst = Math.max(worst, Math.abs(b.above + step - o.above));
    });
    // And the leads of the connectors inside nesting blocks (their buses' lanes).
    if (placed.leads && original.leads) original.leads.forEach(function (lead, parent) {
      var mine = placed.leads.get(parent);
      if (!mine) { worst = Infinity; return; }
      for (var i = 0; i < 3; i++) worst = Math.max(worst, Math.abs(mine[i] - lead[i]));
    });
    // And the panels' cards.
    if (placed.panels.length !== original.panels.length) worst = Infinity;
    for (var q = 0; q < Math.min(placed.panels.length, original.panels.length); q++) worst = Math.max(worst, Math.abs(placed.panels[q] - original.panels[q]));
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
  // On the whole page (PageKeys).
  document.addEventListener('keydown', function (event) {
    if (!isPageKey(event)) return;
    var step = 80 / camera.scale;
    if (event.key === 'ArrowLeft') camera.x -= step; else if (event.key === 'ArrowRight') camera.x += step;
    else if (event.key === 'ArrowUp') camera.y -= step; else if (event.key === 'ArrowDown') camera.y += step;
    else if (event.key === '+' || event.key === '=') zoomAt(1.25, width / 2, height / 2);
    else if (event.key === '-') zoomAt(0.8, width / 2, height / 2);
    else if (event.key === '0') fit(); else if (event.key === '1') zoomAt(1 / camera.scale, width / 2, height / 2);
    else if (event.key === 'o' || event.key === 'O') toggleOverview();
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
  var mapButton = document.getElementById('schematic-map');
  function toggleOverview() {
    overviewShown = !overviewShown;
    mapButton.setAttribute('aria-pressed', String(overviewShown));
    drawOverview();
  }
  mapButton.addEventListener('click', toggleOverview);
  document.getElementById('schematic-fit').addEventListener('click', fit);
  document.getElementById('schematic-actual').addEventListener('click', function () { zoomAt(1 / camera.scale, width / 2, height / 2); });
  window.addEventListener('resize', function () { resize(); if (G) G.overview = null; requestDraw(); });

  // ---- Search: over the label bytes (ASCII letters without case), zooming to each match; a
  // query beyond ASCII over the labels lowercased as text ('élan' finds 'Élan vital'), made
  // once, on the first such query.
  var matches = [], search = document.getElementById('schematic-search'), lowerLabels = null;
  function find(query) {
    if (/[^\x00-\x7f]/.test(query)) {
      var lowered = query.toLowerCase(), textFound = [];
      if (!lowerLabels) { lowerLabels = new Array(N); for (var m = 0; m < N; m++) lowerLabels[m] = label(m).toLowerCase(); }
      for (var t = 0; t < N; t++) if (lowerLabels[t].indexOf(lowered) >= 0) textFound.push(t);
      return textFound;
    }
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
    // Each distant parent's line as flat x, y pairs (its path in the JSON, left to right).
    distantPaths: function () {
      var lines = extraLinesOfGeometry(), paths = [];
      var collect = {moveTo: function (x, y) { paths.push([x, y]); }, lineTo: function (x, y) {
        var path = paths[paths.length - 1];
        if (path[path.length - 2] !== x || path[path.length - 1] !== y) path.push(x, y);  // (as the JSON's: no point twice)
      }};
      for (var k = 0; k < lines.distant.length; k++) distantLine(collect, lines, k);
      return paths;
    },
    // (Each distant connector's lane out of its parent's column: its turn's x, as the JSON's.)
    extraLanes: function () {
      var lines = extraLinesOfGeometry();
      if (!lines.lanes) return [];
      var out = Array.from(lines.lanes.slice(0, lines.pairs.length));
      for (var k = 0; k < lines.distant.length; k++) out.push(lines.lanes[lines.pairs.length + 2 * k]);
      return out;
    },
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
    // How many nodes the search along the columns gets wrong in a rect (real axes), missed or
    // extra, against every node's frame.
    queryMisses: function (x, y, w, h) {
      var found = new Set(), wrong = 0;
      query({x: x, y: y, w: w, h: h}, function (k) { found.add(k); });
      for (var k = 0; k < G.count; k++) {
        var f = realFrame(k), inside = f.x <= x + w && f.x + f.w >= x && f.y <= y + h && f.y + f.h >= y;
        if (inside !== found.has(k)) wrong++;
      }
      return wrong;
    },
    search: function (q) { search.value = q; search.dispatchEvent(new Event('input')); return {matches: matches.length, current: matches[currentMatch]}; },
    next: function () { next(); return matches[currentMatch]; }
  };
})();
"""#
}
