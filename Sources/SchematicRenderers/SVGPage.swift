import CollectionLayout
import Hierarchy

/// The page for layouts other than the schematic one: the SVG inline, with pan and zoom (wheel,
/// drag, pinch), a fit button and search by label. After a pan the view snaps to centre the
/// nearest node, like a collection view's `targetContentOffset(forProposedContentOffset:)`.
/// Collapsing is the schematic layout's (`HTMLRenderer`'s canvas page): here a click says so.
struct SVGPage {
    var svg: SVGRenderer
    // The old reflow's spacing, unused while collapsing is off.
    private let itemPadding = 40.0
    private let sectionPadding = 60.0
    private let margin = 20.0
    private let collapsible = false

    func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        output.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        output.appendXMLEscaped(content.title)
        output.append("</title>\n<style>\n")
        output.append(Self.style)
        output.append("</style>\n</head>\n<body>\n<div class=\"toolbar\" role=\"toolbar\">")
        output.append("<input id=\"schematic-search\" type=\"search\" placeholder=\"Search labels\" aria-label=\"Search labels\">")
        output.append("<button id=\"schematic-fit\" type=\"button\">Fit</button>")
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
        output.append("</div>\n<script type=\"application/json\" id=\"schematic-data\">")
        // Nodes in drawing order of index paths: section, item, parent item (in the previous section), width, height.
        output.append("{\"itemPadding\":")
        output.append(itemPadding)
        output.append(",\"sectionPadding\":")
        output.append(sectionPadding)
        output.append(",\"margin\":")
        output.append(margin)
        output.append(collapsible ? ",\"collapsible\":true" : ",\"collapsible\":false")
        output.append(",\"nodes\":[")
        var cells: [LayoutAttributes] = []
        var parents: [IndexPath: IndexPath] = [:]
        let size = layout.collectionViewContentSize
        layout.enumerateLayoutAttributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) { attributes in
            if attributes.representedElementCategory == .cell { cells.append(attributes) }
            if let connector = attributes.connector, attributes.indexPath.subitem == 0 {
                parents[IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)] = connector.parentIndexPath
            }
        }
        cells.sort { $0.indexPath < $1.indexPath }
        for (index, cell) in cells.enumerated() {
            output.append(index == 0 ? "[" : ",[")
            output.append(cell.indexPath.section)
            output.append(",")
            output.append(cell.indexPath.item)
            output.append(",")
            output.append(parents[cell.indexPath]?.item ?? -1)
            output.append(",")
            output.append(cell.frame.width)
            output.append(",")
            output.append(cell.frame.height)
            output.append("]")
        }
        output.append("]}</script>\n<script>\n")
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
        .schematic .node.collapsed rect{stroke:#555;stroke-width:2;stroke-dasharray:4 3}
        .schematic .hidden{display:none}

        """

    static let script: StaticString = """
        (function () {
          'use strict';
          var svg = document.querySelector('#schematic-view svg');
          var view = document.getElementById('schematic-view');
          var data = JSON.parse(document.getElementById('schematic-data').textContent);
          var nodes = data.nodes.map(function (n, i) {
            return {index: i, section: n[0], item: n[1], parentItem: n[2], w: n[3], h: n[4], children: [], collapsed: false};
          });
          var byPath = {};
          nodes.forEach(function (n) { byPath[n.section + ',' + n.item] = n; });
          nodes.forEach(function (n) {
            n.parent = n.section > 0 ? byPath[(n.section - 1) + ',' + n.parentItem] : null;
            if (n.parent) n.parent.children.push(n);
            n.g = svg.querySelector('g.node[data-section="' + n.section + '"][data-item="' + n.item + '"]');
            n.rect = n.g.querySelector('rect');
            n.text = n.g.querySelector('text');
            n.label = n.g.classList.contains('junction') ? '' : (n.g.getAttribute('aria-label') || '');
          });
          var connectors = Array.prototype.slice.call(svg.querySelectorAll('.connector')).map(function (element) {
            return {element: element, child: byPath[element.getAttribute('data-child')], parent: byPath[element.getAttribute('data-parent')]};
          });
          var box = svg.viewBox.baseVal;
          var viewBox = {x: box.x, y: box.y, w: box.width, h: box.height};
          function applyViewBox() { svg.setAttribute('viewBox', [viewBox.x, viewBox.y, viewBox.w, viewBox.h].join(' ')); }

          function visible(n) { for (var p = n.parent; p; p = p.parent) { if (p.collapsed) return false; } return true; }

          // The page's reflow: columns by depth (as wide as their widest visible node), each
          // visible leaf on its own row band, parents centred on their children.
          function reflow() {
            var shown = nodes.filter(visible);
            var widths = [];
            shown.forEach(function (n) { widths[n.section] = Math.max(widths[n.section] || 0, n.w); });
            var lefts = [], x = data.margin;
            for (var d = 0; d < widths.length; d++) { lefts[d] = x; x += (widths[d] || 0) + data.sectionPadding; }
            var rowHeight = Math.max.apply(null, shown.map(function (n) { return n.h; })) + data.itemPadding;
            var next = data.itemPadding / 2 + rowHeight / 2 - data.itemPadding / 2;
            var roots = shown.filter(function (n) { return !n.parent; });
            var stack = roots.slice().reverse().map(function (n) { return {node: n, done: false}; });
            while (stack.length) {
              var top = stack[stack.length - 1];
              var kids = top.node.collapsed ? [] : top.node.children;
              if (!top.done && kids.length) {
                top.done = true;
                for (var k = kids.length - 1; k >= 0; k--) stack.push({node: kids[k], done: false});
                continue;
              }
              stack.pop();
              var n = top.node;
              if (kids.length) { n.cy = (kids[0].cy + kids[kids.length - 1].cy) / 2; } else { n.cy = next; next += rowHeight; }
              n.x = lefts[n.section] + (widths[n.section] - n.w) / 2;
              n.y = n.cy - n.h / 2;
            }
            nodes.forEach(function (n) {
              var on = visible(n);
              n.g.classList.toggle('hidden', !on);
              n.g.classList.toggle('collapsed', n.collapsed && n.children.length > 0);
              n.g.setAttribute('aria-expanded', n.children.length ? String(!n.collapsed) : 'false');
              if (!on) return;
              n.rect.setAttribute('x', n.x); n.rect.setAttribute('y', n.y);
              if (!n.text) return;
              var spans = n.text.querySelectorAll('tspan');
              var dy = n.cy - parseFloat(n.text.getAttribute('y'));
              n.text.setAttribute('x', n.x + n.w / 2); n.text.setAttribute('y', n.cy);
              Array.prototype.forEach.call(spans, function (s) { s.setAttribute('x', n.x + n.w / 2); s.setAttribute('y', parseFloat(s.getAttribute('y')) + dy); });
            });
            connectors.forEach(function (c) {
              var on = c.child && c.parent && visible(c.child);
              c.element.classList.toggle('hidden', !on);
              if (!on) return;
              var p = c.parent, q = c.child;
              var out = lefts[p.section] + widths[p.section], into = lefts[q.section];
              var d = 'M' + (p.x + p.w) + ' ' + p.cy + ' L' + out + ' ' + p.cy + ' L' + into + ' ' + q.cy + ' L' + q.x + ' ' + q.cy;
              if (c.element.tagName.toLowerCase() === 'line') {
                var path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
                path.setAttribute('class', c.element.getAttribute('class'));
                c.element.parentNode.replaceChild(path, c.element);
                c.element = path;
              }
              c.element.setAttribute('d', d);
            });
          }

          function toggle(n) {
            if (!data.collapsible) { status('Collapsing is offered for the schematic layout without effects'); return; }
            if (!n.children.length) return;
            n.collapsed = !n.collapsed;
            reflow();
            status((n.collapsed ? 'Collapsed ' : 'Expanded ') + n.label);
          }
          function status(text) { document.getElementById('schematic-status').textContent = text; }

          function fit() {
            var shown = nodes.filter(visible);
            var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
            shown.forEach(function (n) {
              var x = parseFloat(n.rect.getAttribute('x')), y = parseFloat(n.rect.getAttribute('y'));
              minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x + n.w); maxY = Math.max(maxY, y + n.h);
            });
            var m = data.margin;
            viewBox = {x: minX - m, y: minY - m, w: maxX - minX + 2 * m, h: maxY - minY + 2 * m};
            applyViewBox();
          }

          function center(n, animate) {
            var cx = parseFloat(n.rect.getAttribute('x')) + n.w / 2, cy = parseFloat(n.rect.getAttribute('y')) + n.h / 2;
            var target = {x: cx - viewBox.w / 2, y: cy - viewBox.h / 2};
            if (!animate) { viewBox.x = target.x; viewBox.y = target.y; applyViewBox(); return; }
            var from = {x: viewBox.x, y: viewBox.y}, start = null;
            function step(time) {
              if (start === null) start = time;
              var t = Math.min(1, (time - start) / 180), e = 1 - Math.pow(1 - t, 3);
              viewBox.x = from.x + (target.x - from.x) * e; viewBox.y = from.y + (target.y - from.y) * e;
              applyViewBox();
              if (t < 1) requestAnimationFrame(step);
            }
            requestAnimationFrame(step);
          }

          // The collection view's targetContentOffset: the nearest node to the view's centre.
          function snap() {
            var cx = viewBox.x + viewBox.w / 2, cy = viewBox.y + viewBox.h / 2, best = null, bestDistance = Infinity;
            nodes.filter(visible).forEach(function (n) {
              var dx = parseFloat(n.rect.getAttribute('x')) + n.w / 2 - cx, dy = parseFloat(n.rect.getAttribute('y')) + n.h / 2 - cy;
              var d = dx * dx + dy * dy;
              if (d < bestDistance) { bestDistance = d; best = n; }
            });
            if (best) center(best, true);
          }

          function toSVG(clientX, clientY) {
            var r = svg.getBoundingClientRect();
            var scale = Math.max(viewBox.w / r.width, viewBox.h / r.height);
            var ox = (r.width * scale - viewBox.w) / 2, oy = (r.height * scale - viewBox.h) / 2;
            return {x: viewBox.x - ox + (clientX - r.left) * scale, y: viewBox.y - oy + (clientY - r.top) * scale, scale: scale};
          }
          function zoom(factor, clientX, clientY) {
            var p = toSVG(clientX, clientY);
            viewBox.x = p.x - (p.x - viewBox.x) * factor; viewBox.y = p.y - (p.y - viewBox.y) * factor;
            viewBox.w *= factor; viewBox.h *= factor;
            applyViewBox();
          }

          view.addEventListener('wheel', function (event) {
            event.preventDefault();
            zoom(Math.pow(1.0015, event.deltaY), event.clientX, event.clientY);
          }, {passive: false});

          var pointers = {}, dragged = false, pinch = null;
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
              if (before > 0 && after > 0) zoom(before / after, (a2.x + b2.x) / 2, (a2.y + b2.y) / 2);
              dragged = true;
              return;
            }
            var scale = toSVG(0, 0).scale;
            var dx = (event.clientX - last.x) * scale, dy = (event.clientY - last.y) * scale;
            if (Math.abs(event.clientX - last.x) + Math.abs(event.clientY - last.y) > 0) dragged = true;
            viewBox.x -= dx; viewBox.y -= dy;
            applyViewBox();
            pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
          });
          function release(event) {
            delete pointers[event.pointerId];
            if (dragged && Object.keys(pointers).length === 0) snap();
          }
          view.addEventListener('pointerup', release);
          view.addEventListener('pointercancel', release);

          nodes.forEach(function (n) {
            n.g.addEventListener('click', function () { if (!dragged) toggle(n); });
            n.g.addEventListener('keydown', function (event) {
              if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); toggle(n); }
            });
          });
          // On the whole page (PageKeys); a node takes its own Enter and space.
          document.addEventListener('keydown', function (event) {
            if (!isPageKey(event)) return;
            var step = viewBox.w / 10;
            if (event.key === 'ArrowLeft') { viewBox.x -= step; } else if (event.key === 'ArrowRight') { viewBox.x += step; }
            else if (event.key === 'ArrowUp') { viewBox.y -= step; } else if (event.key === 'ArrowDown') { viewBox.y += step; }
            else if (event.key === '+' || event.key === '=') { zoom(0.8, innerWidth / 2, innerHeight / 2); return; }
            else if (event.key === '-') { zoom(1.25, innerWidth / 2, innerHeight / 2); return; }
            else if (event.key === '0') { fit(); return; } else { return; }
            event.preventDefault();
            applyViewBox();
          });

          document.getElementById('schematic-fit').addEventListener('click', fit);
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
            if (matches.length) { next(); }
          });
          function next() {
            if (!matches.length) return;
            current = (current + 1) % matches.length;
            var n = matches[current];
            for (var p = n.parent; p; p = p.parent) { if (p.collapsed) { p.collapsed = false; reflow(); } }
            center(n, true);
          }
          search.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); next(); } });

          window.schematic = {toggle: function (section, item) { toggle(byPath[section + ',' + item]); }, fit: fit, nodes: nodes};
        })();

        """
}
