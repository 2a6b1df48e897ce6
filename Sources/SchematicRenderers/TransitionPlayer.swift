/// The script that plays a transition in a page: the one home of the animation that
/// `schematic diff --format html` and `schematic serve` share.
///
/// `SchematicTransitions.show(container, svgText, transition)` puts the drawing `svgText` (an
/// SVG written with `SVGRenderer.interactive`, so nodes and connectors carry their index paths)
/// into `container`. Given `transition` (the JSON of `TransitionJSONRenderer`) and a drawing
/// already in the container, every node moves from its `initial` to its `final` attributes
/// (frame, alpha, transform) in about 300 ms: inserted nodes grow from the layout's appearing
/// attributes, deleted ones (copied from the old drawing) shrink to their disappearing
/// attributes, and connectors follow the nodes at their ends. At the end the new drawing is
/// put in place as written, so the page ends exactly on the SVG `schematic render` writes.
/// `document.body.dataset.state` is `animating` during a transition, else `idle`.
public enum TransitionPlayer {
    /// The script, to put in a `<script>` element.
    public static let script = #"""
var SchematicTransitions = (function () {
  'use strict';
  var DURATION = 300;
  var running = null;

  function parseSVG(text) {
    var holder = document.createElement('div');
    holder.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, '');
    return holder.querySelector('svg');
  }
  function key(path) { return path[0] + ',' + path[1]; }
  function lerp(a, b, p) { return a + (b - a) * p; }
  function ease(p) { return p < 0.5 ? 4 * p * p * p : 1 - Math.pow(-2 * p + 2, 3) / 2; }

  // The attributes at progress p: frame, alpha, and the 2D part of the transform.
  function stateAt(t, p) {
    var i = t.initial, f = t.final, it = i.transform, ft = f.transform;
    return {
      x: lerp(i.frame.x, f.frame.x, p), y: lerp(i.frame.y, f.frame.y, p),
      w: lerp(i.frame.width, f.frame.width, p), h: lerp(i.frame.height, f.frame.height, p),
      alpha: lerp(i.alpha, f.alpha, p),
      m: [lerp(it[0], ft[0], p), lerp(it[1], ft[1], p), lerp(it[4], ft[4], p),
          lerp(it[5], ft[5], p), lerp(it[12], ft[12], p), lerp(it[13], ft[13], p)]
    };
  }

  // The affine map (a b c d e f) taking what was drawn for frame `base` to state `s`: scaled
  // from the base frame onto the current one, then the layout's transform about its centre,
  // as the SVG renderer applies it.
  function affine(base, s) {
    var sx = base.width > 0 ? s.w / base.width : 1, sy = base.height > 0 ? s.h / base.height : 1;
    var cx = s.x + s.w / 2, cy = s.y + s.h / 2, m = s.m;
    // x' = cx + m0*u + m2*v + m4, with u = (x - bx)*sx, v = (y - by)*sy (bx, by: base centre).
    var bx = base.x + base.width / 2, by = base.y + base.height / 2;
    var a = m[0] * sx, b = m[1] * sx, c = m[2] * sy, d = m[3] * sy;
    return [a, b, c, d, cx + m[4] - a * bx - c * by, cy + m[5] - b * bx - d * by];
  }
  // Where a connector's point drawn beside frame `base` is in state `s`: inside the frame's
  // span it scales with the frame, outside it keeps its distance from the nearer edge (so a
  // line stays attached to the box it leaves), then the layout's transform about the centre.
  function mapPoint(base, s, x, y) {
    function along(value, start, size, now, nowSize) {
      if (value < start) return now + (value - start);
      if (value > start + size) return now + nowSize + (value - start - size);
      return now + (size > 0 ? (value - start) * nowSize / size : 0);
    }
    var u = along(x, base.x, base.width, s.x, s.w), v = along(y, base.y, base.height, s.y, s.h);
    var cx = s.x + s.w / 2, cy = s.y + s.h / 2, m = s.m;
    return [cx + m[0] * (u - cx) + m[2] * (v - cy) + m[4], cy + m[1] * (u - cx) + m[3] * (v - cy) + m[5]];
  }
  function isStill(t) {
    var i = t.initial, f = t.final;
    if (i.alpha !== f.alpha || i.frame.x !== f.frame.x || i.frame.y !== f.frame.y ||
        i.frame.width !== f.frame.width || i.frame.height !== f.frame.height) return false;
    for (var k = 0; k < 16; k++) if (i.transform[k] !== f.transform[k]) return false;
    return true;
  }

  // A connector's points, kept so each frame can place them again.
  function connectorShape(element) {
    if (element.tagName === 'line') {
      return {line: true, points: [[+element.getAttribute('x1'), +element.getAttribute('y1')],
                                   [+element.getAttribute('x2'), +element.getAttribute('y2')]]};
    }
    var tokens = element.getAttribute('d').match(/[A-Za-z]|-?[0-9.]+(?:e-?[0-9]+)?/g) || [];
    var commands = [], points = [];
    for (var k = 0; k < tokens.length; k++) {
      if (/[A-Za-z]/.test(tokens[k])) { commands.push({letter: tokens[k], from: points.length}); continue; }
      points.push([+tokens[k], +tokens[k + 1]]);
      k++;
    }
    return {line: false, commands: commands, points: points};
  }
  function sameCommands(a, b) {
    if (a.line !== b.line || a.points.length !== b.points.length) return false;
    if (a.line) return true;
    if (a.commands.length !== b.commands.length) return false;
    for (var k = 0; k < a.commands.length; k++) {
      if (a.commands[k].letter !== b.commands[k].letter || a.commands[k].from !== b.commands[k].from) return false;
    }
    return true;
  }
  // A connector's points at progress q: between its old and new shapes when it had one of the
  // same form; else each point follows the node it is nearer to (by where it lies between the
  // connector's ends), the parent's end and the child's end blended.
  function connectorPoints(c, q, parentBase, parentState, childBase, childState) {
    var points = c.shape.points, n = points.length, placed = [], k;
    if (c.from) {
      for (k = 0; k < n; k++) placed.push([lerp(c.from.points[k][0], points[k][0], q), lerp(c.from.points[k][1], points[k][1], q)]);
      return placed;
    }
    var first = points[0], last = points[n - 1];
    var dx = last[0] - first[0], dy = last[1] - first[1], length = dx * dx + dy * dy;
    for (k = 0; k < n; k++) {
      var p = points[k];
      var w = length > 0 ? Math.max(0, Math.min(1, ((p[0] - first[0]) * dx + (p[1] - first[1]) * dy) / length)) : k / Math.max(1, n - 1);
      var a = mapPoint(parentBase, parentState, p[0], p[1]), b = mapPoint(childBase, childState, p[0], p[1]);
      placed.push([a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w]);
    }
    return placed;
  }
  function placeConnector(element, shape, placed, alpha) {
    var n = placed.length;
    if (shape.line) {
      element.setAttribute('x1', placed[0][0]); element.setAttribute('y1', placed[0][1]);
      element.setAttribute('x2', placed[1][0]); element.setAttribute('y2', placed[1][1]);
    } else {
      var d = '';
      for (var c = 0; c < shape.commands.length; c++) {
        var command = shape.commands[c], end = c + 1 < shape.commands.length ? shape.commands[c + 1].from : n;
        d += (c ? ' ' : '') + command.letter;
        for (var q = command.from; q < end; q++) d += (q > command.from ? ' ' : '') + placed[q][0] + ' ' + placed[q][1];
      }
      element.setAttribute('d', d);
    }
    element.setAttribute('opacity', alpha);
  }

  function finish() {
    if (!running) return;
    var run = running;
    running = null;
    clearTimeout(run.timer);
    run.container.replaceChildren(parseSVG(run.svgText));
    document.body.dataset.state = 'idle';
  }

  // Shows `svgText` in `container`, animating `transition` from the drawing already there.
  function show(container, svgText, transition) {
    finish();
    var oldSVG = container.querySelector('svg');
    var newSVG = parseSVG(svgText);
    if (!transition || !oldSVG || !newSVG) {
      container.replaceChildren(newSVG || document.createTextNode(''));
      document.body.dataset.state = 'idle';
      return;
    }
    var byNew = {}, byOld = {}, elements = transition.elements;
    for (var e = 0; e < elements.length; e++) {
      var t = elements[e];
      t.still = isStill(t);
      if (t.newIndexPath) byNew[key(t.newIndexPath)] = t;
      if (t.oldIndexPath) byOld[key(t.oldIndexPath)] = t;
    }
    // Each moving thing: its element, the transition it follows, and the frame its geometry was drawn for.
    var nodes = [], connectors = [];
    newSVG.querySelectorAll('g.node[data-section]').forEach(function (g) {
      var t = byNew[g.getAttribute('data-section') + ',' + g.getAttribute('data-item')];
      if (t && !t.still) nodes.push({element: g, text: g.querySelector('text'), t: t, base: t.final.frame});
    });
    var oldShapes = {};
    oldSVG.querySelectorAll('.connector[data-child]').forEach(function (line) {
      if (line.classList.contains('extra')) return;
      oldShapes[line.getAttribute('data-child')] = connectorShape(line);
    });
    var leaving = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    leaving.setAttribute('class', 'schematic-leaving');
    oldSVG.querySelectorAll('.connector[data-child]').forEach(function (line) {
      var child = byOld[line.getAttribute('data-child')], parent = byOld[line.getAttribute('data-parent')];
      if (!child || child.change !== 'deleted' || !parent) return;
      var copy = line.cloneNode(true);
      leaving.appendChild(copy);
      connectors.push({element: copy, shape: connectorShape(copy), child: child, parent: parent, old: true});
    });
    oldSVG.querySelectorAll('g.node[data-section]').forEach(function (g) {
      var t = byOld[g.getAttribute('data-section') + ',' + g.getAttribute('data-item')];
      if (!t || t.change !== 'deleted') return;
      var copy = g.cloneNode(true);
      copy.removeAttribute('id');
      copy.removeAttribute('tabindex');
      leaving.appendChild(copy);
      nodes.push({element: copy, text: copy.querySelector('text'), t: t, base: t.initial.frame});
    });
    newSVG.appendChild(leaving);
    newSVG.querySelectorAll('.connector[data-child]').forEach(function (line) {
      var child = byNew[line.getAttribute('data-child')], parent = byNew[line.getAttribute('data-parent')];
      if (!child || !parent || (child.still && parent.still)) return;
      var shape = connectorShape(line), from = null;
      if (child.oldIndexPath && !line.classList.contains('extra')) {
        var before = oldShapes[key(child.oldIndexPath)];
        if (before && sameCommands(before, shape)) from = before;
      }
      connectors.push({element: line, shape: shape, from: from, child: child, parent: parent, old: false});
    });
    // Room for both drawings while they move.
    var oldSize = transition.old.contentSize, newSize = transition.new.contentSize;
    var width = Math.max(oldSize.width, newSize.width), height = Math.max(oldSize.height, newSize.height);
    newSVG.setAttribute('width', width);
    newSVG.setAttribute('height', height);
    newSVG.setAttribute('viewBox', '0 0 ' + width + ' ' + height);

    function frame(p) {
      var q = ease(p), k;
      var states = new Map();
      function state(t) {
        var s = states.get(t);
        if (!s) { s = stateAt(t, q); states.set(t, s); }
        return s;
      }
      for (k = 0; k < nodes.length; k++) {
        var node = nodes[k], s = state(node.t), base = node.base;
        node.element.setAttribute('transform', 'matrix(' + affine(base, s).join(' ') + ')');
        node.element.setAttribute('opacity', Math.max(0, s.alpha));
        if (node.text && base.width > 0 && base.height > 0 && s.w > 0 && s.h > 0) {
          // The box stretches from its old size to its new one; the label keeps its shape.
          var bx = base.x + base.width / 2, by = base.y + base.height / 2;
          node.text.setAttribute('transform', 'translate(' + bx + ' ' + by + ') scale(' + base.width / s.w + ' ' + base.height / s.h +
                                 ') translate(' + (-bx) + ' ' + (-by) + ')');
        }
      }
      for (k = 0; k < connectors.length; k++) {
        var c = connectors[k];
        var parentBase = c.old ? c.parent.initial.frame : c.parent.final.frame;
        var childBase = c.old ? c.child.initial.frame : c.child.final.frame;
        var childState = state(c.child);
        // A leaving line fades faster than its node: it has nowhere to go once its node shrinks.
        var alpha = Math.max(0, Math.min(1, childState.alpha));
        placeConnector(c.element, c.shape, connectorPoints(c, q, parentBase, state(c.parent), childBase, childState),
                       c.old ? alpha * alpha : alpha);
      }
    }
    frame(0);
    container.replaceChildren(newSVG);
    document.body.dataset.state = 'animating';
    var run = {container: container, svgText: svgText, timer: 0};
    running = run;
    var start = null;
    function step(now) {
      if (running !== run) return;
      if (start === null) start = now;
      var p = Math.min(1, (now - start) / DURATION);
      frame(p);
      if (p < 1) requestAnimationFrame(step); else finish();
    }
    requestAnimationFrame(step);
    // A hidden page gets no animation frames: it still ends on the new drawing.
    run.timer = setTimeout(function () { if (running === run) finish(); }, DURATION + 200);
  }

  return {show: show, finish: finish, duration: DURATION};
})();
"""#
}
