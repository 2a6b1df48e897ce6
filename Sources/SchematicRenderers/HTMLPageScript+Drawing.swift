extension HTMLPageScript {
    /// The view, visible-only queries, density bands, drawing on the canvas, the overview.
    static let drawing: StaticString = #"""
  // ---- The view: real coordinates → screen, `scale` pixels per unit.
  var view = document.getElementById('schematic-view'), canvas = document.getElementById('schematic-canvas'), ctx = canvas.getContext('2d');
  var overview = document.getElementById('schematic-overview'), octx = overview.getContext('2d');
  var camera = {x: 0, y: 0, scale: 1}, ratio = window.devicePixelRatio || 1, width = 0, height = 0;
  var styles = getComputedStyle(document.documentElement);
  function colour(name) { return styles.getPropertyValue('--schematic-' + name).trim(); }
  var palette = {background: colour('background'), connector: colour('connector'), header: colour('header'), band: colour('band'), panel: colour('panel'), highlight: colour('highlight'),
    fill: [colour('normal-fill'), colour('important-fill'), colour('critical-fill')], oddFill: colour('normal-odd-fill'), text: [colour('normal-text'), colour('important-text'), colour('critical-text')]};
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
    while (low < high) { var mid = (low + high) >> 1; if (G.reach[mid] >= minX) high = mid; else low = mid + 1; }
    var wrapped = G.blocks.length > 0, X = G.X, Y = G.Y, Wd = G.W, Hd = G.H;
    for (var s = low; s < sections && G.start[s] <= maxX; s++) {
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
  // The columns between canonical x `minX` and `maxX`, as bands across their items (a wrapped
  // block reaching past its column, a nesting block's inner levels left of theirs).
  function drawDensity(context, minX, maxX) {
    var image = density(), sections = G.ss.length - 1;
    context.imageSmoothingEnabled = true;
    for (var s = 0; s < sections; s++) {
      if (G.bandL[s] > maxX || G.bandR[s] < minX) continue;
      context.drawImage(image, s, 0, 1, BINS, G.bandL[s], 0, G.bandR[s] - G.bandL[s], G.contentH);
    }
  }

  // ---- Drawing.
  var drawer = 'canvas', frameRequested = false, matchSet = null, currentMatch = -1, lastDrawn = 0, lastMode = '';
  var meanPitch = 0;
  // SchematicLayout.levelStubDistance, and levelEntryDistance: a child this near its parent's
  // line (a fifth of its breadth, 4 to 8) is reached straight from the bus.
  var LEVEL_STUB_DISTANCE = 4;
  // SchematicLayout.additionalEntryOffset: an additional parent's line leaves and enters below the middle.
  var ADDITIONAL_ENTRY_OFFSET = 6;
  function levelEntryDistance(h) { return Math.max(LEVEL_STUB_DISTANCE, Math.min(2 * LEVEL_STUB_DISTANCE, h / 5)); }
  function requestDraw() { if (!frameRequested) { frameRequested = true; requestAnimationFrame(function () { frameRequested = false; draw(); }); } }
  function connectorPath(context, child, s) {
    var parent = G.par[child];
    if (parent < 0) return;
    var sx = G.X[parent] + G.W[parent], sy = G.Y[parent] + G.H[parent] / 2, ex = G.X[child], ey = G.Y[child] + G.H[child] / 2;
    var parentEdge = G.secL[s - 1] + G.secW[s - 1], childEdge = G.secL[s], out = parentEdge, into = childEdge, middle = (parentEdge + childEdge) / 2;
    var inner = G.leads.size ? G.leads.get(parent) : undefined;
    if (inner) { out = inner[0]; into = inner[1]; middle = inner[2]; }
    else if (G.busX && G.busX[parent] > 0) { out = G.busX[parent]; into = out; }
    context.moveTo(sx, sy);
    if (context.keepSteps && hasAdditionalParents(child)) context.keepSteps();
    var block = G.blocks.length ? blockOf(child) : -1;
    // (A list in single file is entered on the line past its far side: SchematicLayout.alongBuses.)
    var entryY = block >= 0 ? (G.blocks[block].farSide ? G.blocks[block].above : G.blocks[block].entry) : ey;
    if (header.connectorStyle === 'curved') { context.lineTo(out, sy); context.bezierCurveTo(middle, sy, middle, entryY, into, entryY); }
    else if (G.busX && block < 0 && Math.abs(entryY - sy) < levelEntryDistance(G.H[child]) && G.H[child] > 4 * LEVEL_STUB_DISTANCE) {
      // Level: entered at the parent's line (not a junction's dot, reached by a jog on the
      // bus: SchematicLayout.betweenColumns).
      context.lineTo(out, sy); context.lineTo(into, sy); ey = sy;
    }
    else { context.lineTo(out, sy); context.lineTo(into, entryY); }
    if (block >= 0) {
      var b = G.blocks[block], column = columnOfMember(b, child - b.first), bus = b.buses[Math.min(column, b.buses.length - 1)];
      // A list in single file: along the line beside it (entered on it), into the member's far
      // side; a row hanging from the line over it, into its near side (SchematicLayout.alongBuses).
      if (b.farSide || b.nearSide) {
        if (!b.farSide) { context.lineTo(b.buses[0], entryY); context.lineTo(b.buses[0], b.above); }
        context.lineTo(ex + G.W[child] / 2, b.above);
        context.lineTo(ex + G.W[child] / 2, b.nearSide ? G.Y[child] : G.Y[child] + G.H[child]); return;
      }
      context.lineTo(b.buses[0], entryY);
      if (column > 0) { context.lineTo(b.buses[0], b.above); context.lineTo(bus, b.above); context.lineTo(bus, ey); }
      else { context.lineTo(b.buses[0], ey); }
    }
    context.lineTo(ex, ey);
  }
  // A block member's sub-column (panel): the last column starting at or before it.
  function columnOfMember(b, index) {
    var low = 0, high = b.starts.length;
    while (low < high) { var mid = (low + high) >> 1; if (b.starts[mid] <= index) low = mid + 1; else high = mid; }
    return Math.max(0, low - 1);
  }
  // A path in device pixels with its corners where a line `width` px wide is crisp, as the
  // SVG writer does (PixelGrid): on a half pixel a 2 px line smears into three grey rows.
  // Curves' control points are kept as they are. Leaves the context's transform the identity.
  // Corners are rounded as the SVG writer rounds them (SVGRenderer.roundedCorners: a quadratic
  // curve of CORNER_RADIUS layout units, at most half an inner piece or all of an end piece,
  // whole device pixels): each polyline is kept until the next starts (or `finish`).
  // With `removesSteps` (the tree's elbows), steps across a polyline shorter than LEAST_STEP
  // layout units are taken out first, in layout units, as SchematicLayout.withoutSteps takes
  // them out; `keepSteps()` exempts the polyline begun (a child with additional parents).
  var CORNER_RADIUS = 6, LEAST_STEP = 3;
  // SchematicLayout.step: the move taking out the step (ax, ay) -> (bx, by) between pieces running
  // across it the same way, or null.
  function stepMove(px, py, ax, ay, bx, by, qx, qy) {
    var dx = bx - ax, dy = by - ay;
    if (dx === 0 && dy !== 0 && Math.abs(dy) < LEAST_STEP && py === ay && qy === by && px !== ax && (ax - px > 0) === (qx - bx > 0) && qx !== bx) return [0, -dy];
    if (dy === 0 && dx !== 0 && Math.abs(dx) < LEAST_STEP && px === ax && qx === bx && py !== ay && (ay - py > 0) === (qy - by > 0) && qy !== by) return [-dx, 0];
    return null;
  }
  // SchematicLayout.withoutSteps on a flat [x0, y0, x1, y1, ...] polyline (layout units, no
  // repeated points), in place.
  function removeSteps(points) {
    var i = 1, slideX = 0, slideY = 0;
    while (2 * (i + 2) < points.length) {
      var shift = stepMove(points[2 * i - 2], points[2 * i - 1], points[2 * i], points[2 * i + 1], points[2 * i + 2], points[2 * i + 3],
                           points[2 * i + 4], points[2 * i + 5]);
      if (!shift) { i++; continue; }
      var last = points.length / 2 - 1;
      var movesEnd = shift[0] !== 0 ? points[2 * last - 1] !== points[2 * last + 1] : points[2 * last - 2] !== points[2 * last];
      if (!movesEnd) {
        var length = shift[0] !== 0 ? points[2 * last] - points[2 * last - 2] : points[2 * last + 1] - points[2 * last - 1];
        var shortened = length - (shift[0] !== 0 ? shift[0] : shift[1]);
        movesEnd = Math.abs(shortened) < 1 || (shortened > 0) !== (length > 0);
      }
      if (movesEnd) {
        if (Math.abs(slideX + shift[0]) >= LEAST_STEP || Math.abs(slideY + shift[1]) >= LEAST_STEP) { i++; continue; }
        slideX += shift[0]; slideY += shift[1];
      }
      for (var k = i + 1; k < (movesEnd ? last + 1 : last); k++) { points[2 * k] += shift[0]; points[2 * k + 1] += shift[1]; }
      points.splice(2 * i + 2, 2);
    }
  }
  function snappedPath(context, width, unit, removesSteps) {
    var m = context.getTransform(), odd = Math.max(1, Math.round(width)) % 2 === 1, points = [], radius = CORNER_RADIUS * unit;
    // The polyline begun, in layout units, where steps are taken out.
    var canonical = [], keeps = false;
    function grid(v) { return odd ? Math.floor(v) + 0.5 : Math.round(v); }
    function push(x, y) {
      var gx = grid(m.a * x + m.c * y + m.e), gy = grid(m.b * x + m.d * y + m.f), n = points.length;
      if (n >= 2 && points[n - 2] === gx && points[n - 1] === gy) return;
      points.push(gx, gy);
    }
    function flush() {
      if (removesSteps && !keeps && canonical.length >= 8) {
        removeSteps(canonical);
        points = [];
        for (var c = 0; c < canonical.length; c += 2) push(canonical[c], canonical[c + 1]);
      }
      canonical = []; keeps = false;
      var n = points.length;
      if (n >= 4) {
        context.moveTo(points[0], points[1]);
        for (var i = 2; i + 2 < n; i += 2) {
          var ax = points[i - 2], ay = points[i - 1], cx = points[i], cy = points[i + 1], bx = points[i + 2], by = points[i + 3];
          var inLength = Math.hypot(cx - ax, cy - ay), outLength = Math.hypot(bx - cx, by - cy);
          var r = Math.floor(Math.min(radius, i === 2 ? inLength : inLength / 2, i + 4 === n ? outLength : outLength / 2));
          var turn = (cx - ax) * (by - cy) - (cy - ay) * (bx - cx);
          if (r >= 1 && Math.abs(turn) > 1e-9 * inLength * outLength) {
            context.lineTo(cx + (ax - cx) * r / inLength, cy + (ay - cy) * r / inLength);
            context.quadraticCurveTo(cx, cy, cx + (bx - cx) * r / outLength, cy + (by - cy) * r / outLength);
          } else context.lineTo(cx, cy);
        }
        context.lineTo(points[n - 2], points[n - 1]);
      } else if (n === 2) { context.moveTo(points[0], points[1]); }
      points = [];
    }
    function note(x, y) {
      var n = canonical.length;
      if (removesSteps && !(n >= 2 && canonical[n - 2] === x && canonical[n - 1] === y)) canonical.push(x, y);
    }
    context.setTransform(1, 0, 0, 1, 0, 0);
    return {
      moveTo: function (x, y) { flush(); note(x, y); push(x, y); },
      lineTo: function (x, y) { note(x, y); push(x, y); },
      keepSteps: function () { keeps = true; },
      bezierCurveTo: function (x1, y1, x2, y2, x, y) {
        flush();
        context.bezierCurveTo(m.a * x1 + m.c * y1 + m.e, m.b * x1 + m.d * y1 + m.f, m.a * x2 + m.c * y2 + m.e,
                              m.b * x2 + m.d * y2 + m.f, m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f);
        points = [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
      },
      finish: flush
    };
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
      // Nesting panels' cards (SchematicLayout's panel decorations), behind the lines.
      if (G.panels.length) {
        var seenRect = canonicalRect(rect.x, rect.y, rect.w, rect.h);
        ctx.fillStyle = palette.panel;
        for (var p = 0; p + 3 < G.panels.length; p += 4) {
          var px = G.panels[p], py = G.panels[p + 1], pw = G.panels[p + 2], ph = G.panels[p + 3];
          if (px > seenRect.x + seenRect.w || px + pw < seenRect.x || py > seenRect.y + seenRect.h || py + ph < seenRect.y) continue;
          ctx.beginPath();
          if (ctx.roundRect) ctx.roundRect(px, py, pw, ph, 4); else ctx.rect(px, py, pw, ph);
          ctx.fill();
        }
      }
      // Connectors into the visible nodes, and out of them into columns beyond.
      ctx.beginPath();
      var lineWidth = 2 * scale * ratio, path = snappedPath(ctx, lineWidth, scale * ratio, header.connectorStyle === 'elbow');
      for (var v = 0; v < visible.length; v++) if (columns[v] > 0) connectorPath(path, visible[v], columns[v]);
      var seen = {};
      for (v = 0; v < visible.length; v++) {
        var k = visible[v], node = nodeOf(k);
        if (collapsed[node] || childCountOf(node) === 0 || seen[k]) continue;
        // Children of a visible parent in the next column, drawn even where only the line shows.
        var first = childStart(k), count = childCount(k);
        for (var c = first; c < first + count; c++) if (!inRect(c, rect)) connectorPath(path, c, columns[v] + 1);
      }
      path.finish();
      ctx.lineWidth = lineWidth; ctx.strokeStyle = palette.connector; ctx.lineJoin = 'round'; ctx.lineCap = 'round';  // ends snapped short of a box still reach it
      ctx.stroke();
      ctx.lineCap = 'butt';
      setCanonicalTransform(ctx);
      if (header.extraEdges.length || header.distantEdges.length) {
        ctx.beginPath();
        var dashed = snappedPath(ctx, lineWidth, scale * ratio);
        drawExtraEdges(dashed);
        dashed.finish();
        ctx.setLineDash([6 * scale * ratio, 5 * scale * ratio]);
        ctx.stroke();
        ctx.setLineDash([]);
        setCanonicalTransform(ctx);
      }
      var radius = 6, showText = header.font.size * scale * ratio >= 4 * ratio, rounded = scale * 20 > 6;
      // Boxes in one path per fill (a fill per box costs more than the boxes): normal ones at
      // even and at odd depths (paler), important, critical; junctions, nodes with their own
      // colours, collapsed nodes and matches after them.
      for (var paint = 0; paint < 4; paint++) {
        var type = paint < 2 ? 0 : paint - 1;
        ctx.beginPath();
        var any = false;
        for (v = 0; v < visible.length; v++) {
          k = visible[v]; node = nodeOf(k);
          if (types[node] !== type || (type === 0 && (G.shades ? columns[v] & 1 : 0) !== paint) || colours[node] || labelEnds[node] === (node ? labelEnds[node - 1] : 0)) continue;
          if (rounded) ctx.roundRect(G.X[k], G.Y[k], G.W[k], G.H[k], radius); else ctx.rect(G.X[k], G.Y[k], G.W[k], G.H[k]);
          any = true;
        }
        if (any) { ctx.fillStyle = paint === 1 ? palette.oddFill : palette.fill[type]; ctx.fill(); }
      }
      for (v = 0; v < visible.length; v++) {
        k = visible[v]; node = nodeOf(k);
        var x = G.X[k], y = G.Y[k], w = G.W[k], h = G.H[k], own = colours[node];
        var junction = labelEnds[node] === (node ? labelEnds[node - 1] : 0), folded = (collapsed[node] && childCountOf(node) > 0) || cutBelow[node] !== undefined;
        var marked = folded || (matchSet && matchSet.has(node));
        if (!junction && !own && !marked) continue;
        ctx.beginPath();
        if (junction) { var side = Math.min(w, h); ctx.arc(x + w / 2, y + h / 2, side / 2, 0, 2 * Math.PI); ctx.fillStyle = own && own.fill ? own.fill : (types[node] ? palette.fill[types[node]] : palette.connector); ctx.fill(); }
        else {
          if (rounded) ctx.roundRect(x, y, w, h, radius); else ctx.rect(x, y, w, h);
          if (own) { ctx.fillStyle = own.fill || (types[node] === 0 && G.shades && (columns[v] & 1) ? palette.oddFill : palette.fill[types[node]]); ctx.fill(); }
        }
        if (folded) { ctx.setLineDash([4, 3]); ctx.lineWidth = 2; ctx.strokeStyle = palette.header; ctx.stroke(); ctx.setLineDash([]); }
        if (matchSet && matchSet.has(node)) {
          ctx.lineWidth = 3; ctx.strokeStyle = palette.highlight; ctx.stroke();
          // The current match also gets a ring around it: 4 px against 3 told it from none.
          if (node === matches[currentMatch]) {
            var ring = 3 + 4 / camera.scale;
            ctx.beginPath();
            if (rounded) ctx.roundRect(x - ring, y - ring, w + 2 * ring, h + 2 * ring, radius + ring); else ctx.rect(x - ring, y - ring, w + 2 * ring, h + 2 * ring);
            ctx.lineWidth = 2; ctx.stroke();
          }
        }
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
  // The additional parents' lines of the drawn geometry, [child, parent] pairs, and with elbow
  // connectors each one's lane (SchematicLayout.assignAdditionalLanes), found once per geometry.
  // Distant parents' lines (SchematicLayout.distantConnectorAttributes) too: [child, parent]
  // pairs, each one's run across the columns between.
  var extraLines = null;
  function extraLinesOfGeometry() {
    if (extraLines && extraLines.geometry === G) return extraLines;
    var e = header.extraEdges, pairs = [], distant = [], k, child, parent;
    for (k = 0; k + 1 < e.length; k += 2) {
      child = visibleOf(e[k]); parent = visibleOf(e[k + 1]);
      if (child >= 0 && parent >= 0) pairs.push([child, parent]);
    }
    var d = G.drawsDistant ? header.distantEdges : [];
    for (k = 0; k + 1 < d.length; k += 2) {
      child = visibleOf(d[k]); parent = visibleOf(d[k + 1]);
      if (child >= 0 && parent >= 0) distant.push([child, parent]);
    }
    var lanes = null, runs = SchematicPlacement.distantRuns(G.ss, G.Y, G.H, distant, header.itemPadding, G.blocks.length ? keyBlockOf : null);
    if (header.connectorStyle === 'elbow' && (pairs.length || distant.length)) {
      var pieces = SchematicPlacement.lanePieces(G.ss, G.Y, G.H, pairs, distant, runs);
      var plans = SchematicPlacement.planAdditionalLanes(G.ss, G.Y, G.H, pieces);
      lanes = SchematicPlacement.additionalLaneX(plans, G.ss, G.secL, G.secW, G.busX, G.laneRooms, pieces.length);
    }
    extraLines = {geometry: G, pairs: pairs, distant: distant, runs: runs, lanes: lanes};
    return extraLines;
  }
  // Whether a drawn child has additional parents (their lines drawn): its tree stub keeps its
  // small steps (SchematicLayout.connectorAttributes).
  function hasAdditionalParents(child) {
    if (!header.extraEdges.length && !header.distantEdges.length) return false;
    var lines = extraLinesOfGeometry();
    if (!lines.children) {
      lines.children = new Set();
      for (var p = 0; p < lines.pairs.length; p++) lines.children.add(lines.pairs[p][0]);
      for (p = 0; p < lines.distant.length; p++) lines.children.add(lines.distant[p][0]);
    }
    return lines.children.has(child);
  }
  // Dashed, as in the SVG: with elbow connectors along their own lanes, leaving the parent and
  // entering the child below the middle, beside the tree's stubs (SchematicLayout.connectorAttributes).
  function drawExtraEdges(context) {
    var lines = extraLinesOfGeometry();
    for (var k = 0; k < lines.pairs.length; k++) {
      var child = lines.pairs[k][0], parent = lines.pairs[k][1];
      var sx = G.X[parent] + G.W[parent], ex = G.X[child];
      if (lines.lanes) {
        var sy = G.Y[parent] + G.H[parent] / 2 + Math.min(ADDITIONAL_ENTRY_OFFSET, G.H[parent] / 4);
        var ey = G.Y[child] + G.H[child] / 2 + Math.min(ADDITIONAL_ENTRY_OFFSET, G.H[child] / 4), lane = lines.lanes[k];
        context.moveTo(sx, sy); context.lineTo(lane, sy); context.lineTo(lane, ey); context.lineTo(ex, ey);
      } else {
        context.moveTo(sx, G.Y[parent] + G.H[parent] / 2);
        context.lineTo(ex, G.Y[child] + G.H[child] / 2);
      }
    }
    for (k = 0; k < lines.distant.length; k++) distantLine(context, lines, k);
  }
  // A distant parent's line: out along a lane of the gap after the parent's column (the gap's
  // middle without elbows), across the columns between at its run, along a lane of the gap
  // before the child's (SchematicLayout.distantConnectorAttributes).
  function distantLine(context, lines, k) {
    var child = lines.distant[k][0], parent = lines.distant[k][1];
    var ps = sectionOfVisible(parent), cs = sectionOfVisible(child), elbow = !!lines.lanes;
    var fromY = G.Y[parent] + G.H[parent] / 2 + (elbow ? Math.min(ADDITIONAL_ENTRY_OFFSET, G.H[parent] / 4) : 0);
    var toY = G.Y[child] + G.H[child] / 2 + (elbow ? Math.min(ADDITIONAL_ENTRY_OFFSET, G.H[child] / 4) : 0);
    var out = elbow ? lines.lanes[lines.pairs.length + 2 * k] : (G.secL[ps] + G.secW[ps] + G.secL[ps + 1]) / 2;
    var into = elbow ? lines.lanes[lines.pairs.length + 2 * k + 1] : (G.secL[cs - 1] + G.secW[cs - 1] + G.secL[cs]) / 2;
    context.moveTo(G.X[parent] + G.W[parent], fromY); context.lineTo(out, fromY); context.lineTo(out, lines.runs[k]);
    context.lineTo(into, lines.runs[k]); context.lineTo(into, toY); context.lineTo(G.X[child], toY);
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
      var more = text ? moreLine(node) : null;
      if (text.indexOf('\n') < 0 && more === null) { ctx.fillText(text, px, py); }
      else {
        var lines = text.split('\n'), block = blockWidths[node], lx = px;
        if (block !== undefined) { ctx.textAlign = 'left'; lx = px - block * s / 2; }
        if (more !== null) lines.push(more);
        for (var l = 0; l < lines.length; l++) {
          // (The count line smaller and slanted, as in the SVG.)
          if (more !== null && l === lines.length - 1) { ctx.save(); ctx.font = 'italic ' + (size * 0.85) + "px '" + header.font.family + "', 'DejaVu Sans', sans-serif"; }
          ctx.fillText(lines[l], lx, py + (l - (lines.length - 1) / 2) * line);
          if (more !== null && l === lines.length - 1) ctx.restore();
        }
        if (block !== undefined) ctx.textAlign = 'center';
      }
      if (collapsed[node] && childCountOf(node) > 0) {
        // The count of hidden nodes on the box's side its children were drawn on (right of it
        // left to right, below it top to bottom: beside it there, it read as the next
        // sibling's, "+3 AssertionError"), or across the depth where a neighbour sits there.
        var f = realFrame(k), count = '+' + hiddenCount(node), crowded = false;
        ctx.save(); ctx.font = 'bold ' + (size * 0.85) + "px 'DejaVu Sans', sans-serif"; ctx.fillStyle = palette.header;
        var countWidth = ctx.measureText(count).width / s, countHeight = header.font.size * 0.85, gap = 4;
        // (Only the two sides this orientation tries are built: this runs per collapsed box per frame.)
        function placed(name) {
          switch (name) {
          case 'right': return {x: f.x + f.w + gap, y: f.y + f.h / 2, align: 'left', room: {x: f.x + f.w + gap, y: f.y, w: countWidth, h: f.h}};
          case 'left': return {x: f.x - gap, y: f.y + f.h / 2, align: 'right', room: {x: f.x - gap - countWidth, y: f.y, w: countWidth, h: f.h}};
          case 'below': return {x: f.x + f.w / 2, y: f.y + f.h + gap + countHeight / 2, align: 'center',
                                room: {x: f.x + f.w / 2 - countWidth / 2, y: f.y + f.h + gap, w: countWidth, h: countHeight}};
          default: return {x: f.x + f.w / 2, y: f.y - gap - countHeight / 2, align: 'center',
                           room: {x: f.x + f.w / 2 - countWidth / 2, y: f.y - gap - countHeight, w: countWidth, h: countHeight}};
          }
        }
        var order = {lr: ['right', 'below'], rl: ['left', 'below'], tb: ['below', 'right'], bt: ['above', 'right']}[header.orientation] || ['right', 'below'];
        var side = placed(order[0]);
        query(side.room, function (j) { if (j !== k) crowded = true; });
        if (crowded) side = placed(order[1]);
        var qx = side.x, qy = side.y;
        ctx.textAlign = side.align;
        // A halo of the background, so a line passing behind (the bus of a wrapped block's next
        // sub-column) does not strike the count through (a new-user trial: "Debconf +24").
        ctx.lineJoin = 'round'; ctx.lineWidth = Math.min(4 * ratio, size * 0.3); ctx.strokeStyle = palette.background;
        ctx.strokeText(count, (qx - camera.x) * s, (qy - camera.y) * s);
        ctx.fillText(count, (qx - camera.x) * s, (qy - camera.y) * s); ctx.restore();
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
  // The overview: the whole drawing as density bands, drawn once per geometry; each frame adds
  // the view's rectangle. Its box takes the drawing's shape, an area of 200 × 150 px, each side
  // 60 to 260 px (a tall tree stays a tall box, only one beyond 13:3 is stretched; a fixed
  // landscape box smeared a 1:7.5 tree's columns into streaks).
  function shapeOverview() {
    var size = realSize(), aspect = Math.max(1, size.w) / Math.max(1, size.h), area = 200 * 150;
    var most = Math.max(60, Math.min(260, 0.4 * view.clientWidth, 0.4 * view.clientHeight));
    var w = Math.round(Math.max(60, Math.min(most, Math.sqrt(area * aspect))));
    var h = Math.round(Math.max(60, Math.min(most, Math.sqrt(area / aspect))));
    if (overview.style.width !== w + 'px' || overview.style.height !== h + 'px') {
      overview.style.width = w + 'px'; overview.style.height = h + 'px';
    }
    overview.width = Math.round(w * ratio); overview.height = Math.round(h * ratio);
  }
  function overviewScales() {
    var size = realSize(), pad = 4 * ratio;
    return {x: (overview.width - 2 * pad) / Math.max(1, size.w), y: (overview.height - 2 * pad) / Math.max(1, size.h), pad: pad};
  }
  // Up to this many nodes the overview shows each box (drawn once, at least a pixel each); a
  // bigger tree's, each column's density (a small tree's density bands were a blur, its
  // columns' one-pixel images smoothed into each other).
  var OVERVIEW_BOXES = 20000;
  function drawOverviewBoxes(context, pixel) {
    context.fillStyle = palette.header;
    for (var k = 0; k < G.count; k++) context.fillRect(G.X[k], G.Y[k], Math.max(G.W[k], pixel), Math.max(G.H[k], pixel));
  }
  // The reader may put it away (its button, the o key): it covers the view's corner.
  var overviewShown = true;
  function drawOverview() {
    // Only while part of the drawing is out of view: over a drawing seen whole it only hides nodes.
    var size = realSize(), right = camera.x + width / camera.scale, bottom = camera.y + height / camera.scale;
    var whole = camera.x <= 0.5 && camera.y <= 0.5 - toolbarBottom() / camera.scale && right >= size.w - 0.5 && bottom >= size.h - 0.5;
    overview.style.visibility = whole || !overviewShown ? 'hidden' : 'visible';
    if (whole || !overviewShown) return;
    // (Shaped first: the image is drawn with the scales of the box it goes into.)
    if (!G.overview) shapeOverview();
    var k = overviewScales();
    if (!G.overview) {
      var image = document.createElement('canvas'), context = image.getContext('2d'), o = orientation();
      image.width = overview.width; image.height = overview.height;
      context.setTransform(o[0] * k.x, o[1] * k.y, o[2] * k.x, o[3] * k.y, o[4] * k.x + k.pad, o[5] * k.y + k.pad);
      if (G.count <= OVERVIEW_BOXES) drawOverviewBoxes(context, 1 / Math.min(k.x, k.y)); else drawDensity(context, 0, Infinity);
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
    var visible = [], columns = [];
    query(visibleRect(20), function (k, s) { visible.push(k); columns.push(s); });
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
      e.r.setAttribute('fill', types[node] === 0 && G.shades && (columns[v] & 1) ? palette.oddFill : palette.fill[types[node]]);
      e.t.setAttribute('x', f.x + f.w / 2); e.t.setAttribute('y', f.y + f.h / 2);
      e.t.textContent = s * header.font.size >= 4 ? label(node) : '';
    }
  }


"""#
}
