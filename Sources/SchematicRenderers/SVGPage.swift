import CollectionLayout
import Hierarchy

/// The page for layouts other than the schematic one (and for effects): the SVG inline, with
/// pan and zoom (wheel, drag, pinch, keys), Fit and 100% buttons (`0` and `1`), and search by
/// label, which centres each match at 100% at least. It opens fitted below the toolbar (a small
/// drawing at 200% at most), or, where fitted labels would be too small to read, at a readable
/// scale on the first root. After a pan the view snaps to centre the nearest node, like a
/// collection view's `targetContentOffset(forProposedContentOffset:)`. Collapsing is the
/// schematic layout's page's (`HTMLRenderer`'s canvas page): a click here names the node.
struct SVGPage {
    var svg: SVGRenderer

    func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        output.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        output.appendXMLEscaped(content.title)
        output.append("</title>\n<style>\n")
        output.append(Self.style)
        output.append("</style>\n</head>\n<body>\n<div class=\"toolbar\" role=\"toolbar\">")
        output.append("<input id=\"schematic-search\" type=\"search\" placeholder=\"Search labels\" aria-label=\"Search labels\">")
        output.append("<button id=\"schematic-fit\" type=\"button\" title=\"Fit the drawing (0)\">Fit</button>")
        output.append("<button id=\"schematic-actual\" type=\"button\" title=\"Actual size (1)\">100%</button>")
        output.append("<span id=\"schematic-status\" aria-live=\"polite\"></span></div>\n<div id=\"schematic-view\" tabindex=\"0\" aria-label=\"Diagram: drag to pan, wheel or pinch to zoom\">\n")
        var inline = svg
        inline.interactive = true
        // The SVG without its XML declaration.
        let collected = Collector()
        var buffer = OutputBuffer { collected.bytes.append(contentsOf: $0) }
        inline.render(layout, content: content, into: &buffer)
        buffer.finish()
        var text = String(decoding: collected.bytes, as: UTF8.self)
        if let start = text.firstRange(of: "<svg") { text = String(text[start.lowerBound...]) }
        output.append(raw: text)
        output.append("</div>\n<script>\n")
        output.append(PageKeys.script)
        output.append(Self.script)
        output.append("</script>\n</body>\n</html>\n")
    }

    private final class Collector {
        var bytes: [UInt8] = []
    }

    static let style: StaticString = """
        html,body{margin:0;height:100%;font-family:'DejaVu Sans',sans-serif}
        .toolbar{position:fixed;top:8px;left:8px;z-index:2;display:flex;gap:6px;align-items:center;background:rgba(255,255,255,.9);padding:6px;border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
        #schematic-view{position:absolute;inset:0;overflow:hidden;touch-action:none;cursor:grab}
        #schematic-view:focus{outline:none}
        #schematic-view svg{width:100%;height:100%}
        .schematic .node{cursor:pointer}
        .schematic .node:focus rect{stroke:#2962ff;stroke-width:3}
        .schematic .node.match rect{stroke:#2962ff;stroke-width:3}

        """

    static let script: StaticString = """
        (function () {
          'use strict';
          var svg = document.querySelector('#schematic-view svg');
          var view = document.getElementById('schematic-view');
          var MARGIN = 20, FITTED_LABEL_PX = 9, OPENING_LABEL_PX = 10, LARGEST_FIT = 2;
          // Each node's box in the drawing's units, its own and its groups' transforms applied
          // (effects move and scale nodes), read once.
          var toDrawing = svg.getScreenCTM().inverse();
          var nodes = Array.prototype.map.call(svg.querySelectorAll('g.node'), function (g, index) {
            var b = g.getBBox(), m = toDrawing.multiply(g.getScreenCTM()), x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
            [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].forEach(function (c) {
              var x = m.a * c[0] + m.c * c[1] + m.e, y = m.b * c[0] + m.d * c[1] + m.f;
              x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
            });
            return {index: index, g: g, x: x0, y: y0, w: x1 - x0, h: y1 - y0, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2,
                    label: g.classList.contains('junction') ? '' : (g.getAttribute('aria-label') || '')};
          });
          var box = svg.viewBox.baseVal;
          var content = {x: box.x, y: box.y, w: box.width, h: box.height};
          var sample = svg.querySelector('g.node text');
          var fontSize = sample ? parseFloat(getComputedStyle(sample).fontSize) || 12 : 12;
          // The view's box in the drawing, always of the view's aspect (so the scale is one number).
          var viewBox = {x: content.x, y: content.y, w: content.w, h: content.h};
          function size() { var r = view.getBoundingClientRect(); return {w: Math.max(1, r.width), h: Math.max(1, r.height)}; }
          function scale() { return size().w / viewBox.w; }
          function applyViewBox() { svg.setAttribute('viewBox', [viewBox.x, viewBox.y, viewBox.w, viewBox.h].join(' ')); }
          function status(text) { document.getElementById('schematic-status').textContent = text; }
          function toolbarBottom() { var bar = document.querySelector('.toolbar'); return bar ? Math.min(size().h / 2, bar.offsetTop + bar.offsetHeight) : 0; }
          // The drawing's point (x, y) at the view's point (sx, sy), at scale k.
          // (The scale is kept too: a resized view keeps it, its viewBox no longer the view's.)
          var placedScale = 1;
          function place(x, y, sx, sy, k) {
            var s = size();
            placedScale = k;
            viewBox = {x: x - sx / k, y: y - sy / k, w: s.w / k, h: s.h / k};
            applyViewBox();
          }

          function fitScale() {
            var s = size();
            return Math.min(s.w / (content.w + 2 * MARGIN), (s.h - toolbarBottom()) / (content.h + 2 * MARGIN));
          }
          // Below the toolbar, which floats over the view's top; a small drawing not past 200%.
          function fit() {
            var s = size(), k = Math.min(LARGEST_FIT, fitScale()), top = toolbarBottom();
            place(content.x + content.w / 2, content.y + content.h / 2, s.w / 2, top + (s.h - top) / 2, k);
          }
          // The drawing's point under the view's centre kept, at scale k.
          function zoomTo(k, sx, sy) {
            var s = size();
            if (sx === undefined) { sx = s.w / 2; sy = s.h / 2; }
            var old = scale();
            place(viewBox.x + sx / old, viewBox.y + sy / old, sx, sy, Math.min(64, Math.max(1e-4, k)));
          }
          function centerOn(n, k, animate) {
            var s = size(), from = {x: viewBox.x + viewBox.w / 2, y: viewBox.y + viewBox.h / 2, k: scale()}, to = {x: n.cx, y: n.cy, k: k || from.k};
            if (!animate) { place(to.x, to.y, s.w / 2, s.h / 2, to.k); return; }
            var start = null;
            function step(time) {
              if (start === null) start = time;
              var t = Math.min(1, (time - start) / 180), e = 1 - Math.pow(1 - t, 3);
              place(from.x + (to.x - from.x) * e, from.y + (to.y - from.y) * e, s.w / 2, s.h / 2, from.k + (to.k - from.k) * e);
              if (t < 1) requestAnimationFrame(step);
            }
            requestAnimationFrame(step);
          }
          // Opens fitted, unless fitted labels would be smaller than 9 px: then readable (10 px
          // labels, 100% at most where that is larger) on the first root, the view kept on the
          // drawing (a root at its edge is shown from that edge).
          function openingView() {
            if (!nodes.length || fontSize * fitScale() >= FITTED_LABEL_PX) { fit(); return; }
            var s = size(), top = toolbarBottom(), k = Math.max(OPENING_LABEL_PX / fontSize, Math.min(1, fitScale()));
            var w = s.w / k, h = (s.h - top) / k, root = nodes[0];
            // (Along an axis where the drawing is shorter than the view, from its start.)
            var x = Math.max(Math.min(root.cx - w / 2, content.x + content.w + MARGIN - w), content.x - MARGIN);
            var y = Math.max(Math.min(root.cy - h / 2, content.y + content.h + MARGIN - h), content.y - MARGIN);
            place(x, y, 0, top, k);
          }

          // The collection view's targetContentOffset: the nearest node to the view's centre.
          function snap() {
            var cx = viewBox.x + viewBox.w / 2, cy = viewBox.y + viewBox.h / 2, best = null, bestDistance = Infinity;
            nodes.forEach(function (n) {
              var d = (n.cx - cx) * (n.cx - cx) + (n.cy - cy) * (n.cy - cy);
              if (d < bestDistance) { bestDistance = d; best = n; }
            });
            if (best) centerOn(best, 0, true);
          }

          function viewPoint(clientX, clientY) { var r = view.getBoundingClientRect(); return {x: clientX - r.left, y: clientY - r.top}; }
          view.addEventListener('wheel', function (event) {
            event.preventDefault();
            var p = viewPoint(event.clientX, event.clientY);
            zoomTo(scale() / Math.pow(1.0015, event.deltaY), p.x, p.y);
          }, {passive: false});

          var pointers = {}, dragged = false;
          view.addEventListener('pointerdown', function (event) {
            pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
            dragged = false;
            view.setPointerCapture(event.pointerId);
          });
          view.addEventListener('pointermove', function (event) {
            var last = pointers[event.pointerId];
            if (!last) return;
            var ids = Object.keys(pointers);
            if (ids.length === 2) {
              var a = pointers[ids[0]], b = pointers[ids[1]];
              pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
              var a2 = pointers[ids[0]], b2 = pointers[ids[1]];
              var before = Math.hypot(a.x - b.x, a.y - b.y), after = Math.hypot(a2.x - b2.x, a2.y - b2.y);
              var p = viewPoint((a2.x + b2.x) / 2, (a2.y + b2.y) / 2);
              if (before > 0 && after > 0) zoomTo(scale() * after / before, p.x, p.y);
              dragged = true;
              return;
            }
            var k = scale();
            if (Math.abs(event.clientX - last.x) + Math.abs(event.clientY - last.y) > 0) dragged = true;
            viewBox.x -= (event.clientX - last.x) / k; viewBox.y -= (event.clientY - last.y) / k;
            applyViewBox();
            pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
          });
          function release(event) {
            delete pointers[event.pointerId];
            if (dragged && Object.keys(pointers).length === 0) snap();
          }
          view.addEventListener('pointerup', release);
          view.addEventListener('pointercancel', release);

          // A click (or Enter on a focused node) names the node: collapsing is the schematic layout's.
          nodes.forEach(function (n) {
            n.g.addEventListener('click', function () { if (!dragged) status(n.label); });
            n.g.addEventListener('keydown', function (event) {
              if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); status(n.label); }
            });
          });
          // On the whole page (PageKeys); a node takes its own Enter and space.
          document.addEventListener('keydown', function (event) {
            if (!isPageKey(event)) return;
            var step = 80 / scale();
            if (event.key === 'ArrowLeft') viewBox.x -= step; else if (event.key === 'ArrowRight') viewBox.x += step;
            else if (event.key === 'ArrowUp') viewBox.y -= step; else if (event.key === 'ArrowDown') viewBox.y += step;
            else if (event.key === '+' || event.key === '=') zoomTo(scale() * 1.25);
            else if (event.key === '-') zoomTo(scale() * 0.8);
            else if (event.key === '0') fit(); else if (event.key === '1') zoomTo(1);
            else return;
            event.preventDefault();
            applyViewBox();
          });
          document.getElementById('schematic-fit').addEventListener('click', fit);
          document.getElementById('schematic-actual').addEventListener('click', function () { zoomTo(1); });
          window.addEventListener('resize', function () {
            var s = size(), cx = viewBox.x + viewBox.w / 2, cy = viewBox.y + viewBox.h / 2;
            place(cx, cy, s.w / 2, s.h / 2, placedScale);
          });

          // Search: each match centred, at 100% at least (a fitted drawing's labels may be too small to read).
          var matches = [], current = -1;
          var search = document.getElementById('schematic-search');
          search.addEventListener('input', function () {
            var q = search.value.trim().toLowerCase();
            matches = [];
            nodes.forEach(function (n) {
              var hit = q.length > 0 && n.label.toLowerCase().indexOf(q) >= 0;
              n.g.classList.toggle('match', hit);
              if (hit) matches.push(n);
            });
            current = -1;
            status(q ? matches.length + ' found' : '');
            if (matches.length) next();
          });
          function next() {
            if (!matches.length) return;
            current = (current + 1) % matches.length;
            var n = matches[current];
            centerOn(n, Math.max(scale(), 1), true);
            status((current + 1) + ' of ' + matches.length + ': ' + n.label);
          }
          search.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); next(); } });

          openingView();
          // For tests (the Swift tests drive it in a browser).
          window.schematic = {fit: fit, nodes: nodes, scale: scale, viewBox: function () { return viewBox; }};
        })();

        """
}
