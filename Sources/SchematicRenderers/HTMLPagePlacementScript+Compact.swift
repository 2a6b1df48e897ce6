extension HTMLPagePlacementScript {
    /// The port of `CompactPlacement.centers`.
    static let compact: StaticString = #"""
  // CompactPlacement.centers
  function compact(cols, heights, padding, sweeps, standIns, ends, comparesWithDot) {
    sweeps = sweeps || 12;
    function isStandIn(item) { return !!standIns && standIns[item] === 1; }
    var count = cols.par.length;
    if (count === 0) return new Float64Array(0);
    if (count > 50000) sweeps = Math.min(sweeps, 3);  // CompactPlacement.sweepCount
    var ss = cols.ss, cs = cols.cs, par = cols.par, sectionCount = ss.length - 1;
    var group = new Int32Array(count), i;
    for (i = 0; i < count; i++) group[i] = i;
    for (i = 0; i < count; i++) { var pa = par[i]; if (pa >= 0 && cs[pa + 1] - cs[pa] === 1) group[i] = group[pa]; }
    var sectionOf = sectionOfItems(cols);
    function separation(x, y) { return (heights[x] + heights[y]) / 2 + padding; }
    function isFirst(item) { return item === ss[sectionOf[item]]; }
    function isLast(item) { return item + 1 === ss[sectionOf[item] + 1]; }
    function graph(mirrored) {
      var cap = count * 3, from = new Int32Array(cap), to = new Int32Array(cap), weight = new Float64Array(cap);
      var owner = new Int32Array(cap), below = new Uint8Array(cap), fromItem = new Int32Array(cap), toItem = new Int32Array(cap), e = 0;
      for (var item = 0; item < count; item++) {
        if (mirrored ? !isLast(item) : !isFirst(item)) {
          var neighbour = mirrored ? item + 1 : item - 1;
          from[e] = group[neighbour]; to[e] = group[item]; weight[e] = separation(neighbour, item); owner[e] = -1; below[e] = 0;
          fromItem[e] = neighbour; toItem[e] = item; e++;
        }
        var c0 = cs[item], c1 = cs[item + 1];
        if (c1 - c0 >= 2) {
          var near = mirrored ? c1 - 1 : c0, far = mirrored ? c0 : c1 - 1;
          from[e] = group[near]; to[e] = group[item]; weight[e] = 0; owner[e] = item; below[e] = mirrored ? 1 : 0;
          fromItem[e] = near; toItem[e] = item; e++;
          from[e] = group[item]; to[e] = group[far]; weight[e] = 0; owner[e] = item; below[e] = mirrored ? 0 : 1;
          fromItem[e] = item; toItem[e] = far; e++;
        }
      }
      var start = new Int32Array(count + 1);
      for (var k = 0; k < e; k++) start[from[k] + 1]++;
      for (k = 0; k < count; k++) start[k + 1] += start[k];
      var fill = start.slice(), target = new Int32Array(e), sorted = new Float64Array(e);
      var sortedOwner = new Int32Array(e), sortedBelow = new Uint8Array(e), sortedFrom = new Int32Array(e), sortedTo = new Int32Array(e);
      for (k = 0; k < e; k++) {
        var slot = fill[from[k]]++;
        target[slot] = to[k]; sorted[slot] = weight[k]; sortedOwner[slot] = owner[k]; sortedBelow[slot] = below[k];
        sortedFrom[slot] = fromItem[k]; sortedTo[slot] = toItem[k];
      }
      var groups = 0;
      for (k = 0; k < count; k++) if (group[k] === k) groups++;
      return {start: start, target: target, weight: sorted, spanParent: sortedOwner, spanBelow: sortedBelow, groups: groups,
              fromItem: sortedFrom, toItem: sortedTo, mirrored: mirrored};
    }
    // Slack: how far each parent may lie beyond its first child (above) or its last (below);
    // for an only child's parent, how far the child may lie below (above) or above it (below).
    function uniformSlack(value) {
      return {above: new Float64Array(count).fill(value), below: new Float64Array(count).fill(value), offsets: null};
    }
    // CompactConstraints.settleChainOffsets: each chain member's centre from its head's, as the
    // slack of the chain's parents sets it (null where no only child's parent has slack).
    function settleChainOffsets(slack) {
      var k, bends = false;
      for (k = 0; k < count; k++) if (cs[k + 1] - cs[k] === 1 && (slack.above[k] !== 0 || slack.below[k] !== 0)) { bends = true; break; }
      if (!bends) { slack.offsets = null; return slack; }
      var offsets = new Float64Array(count);
      for (k = 0; k < count; k++) {
        var p = par[k];
        offsets[k] = p >= 0 && group[k] === group[p] ? offsets[p] + slack.above[p] - slack.below[p] : 0;
      }
      slack.offsets = offsets;
      return slack;
    }
    // Whether an item's link to its only child bends.
    function bends(slack, item) { return slack.above[item] !== 0 || slack.below[item] !== 0; }
    // Longest paths over the constraints, in a topological order of the graph found once (Kahn;
    // null where there is none): CompactConstraints.topologicalOrder. The same maxima in the same
    // order as finding it anew each time, so the same values to the last bit.
    // With `bound` (a trial: CompactConstraints.extent's `under`), the drawing's height instead,
    // or as soon as a group's member reaches `bound`, that reach (the height can only be more);
    // its values in scratch arrays, for trials leave nothing behind.
    function lowest(g, slack, bound) {
      var k, s, node, t, bounded = bound !== undefined;
      if (g.order === undefined) {
        var indegree = new Int32Array(count);
        for (k = 0; k < g.target.length; k++) indegree[g.target[k]]++;
        var queue = new Int32Array(g.groups), tail = 0, head = 0, acyclic = true;
        for (k = 0; k < count; k++) if (group[k] === k && indegree[k] === 0) queue[tail++] = k;
        while (acyclic && head < tail) {
          node = queue[head++];
          for (s = g.start[node]; s < g.start[node + 1]; s++) {
            t = g.target[s];
            if (--indegree[t] === 0) { if (tail >= queue.length) { acyclic = false; break; } queue[tail++] = t; }
          }
        }
        g.order = acyclic && tail === g.groups ? queue : null;
        g.base = new Float64Array(count);
        for (k = 0; k < count; k++) g.base[group[k]] = Math.max(g.base[group[k]], padding / 2 + heights[k] / 2);
      }
      if (g.order === null) return null;
      var order = g.order, off = slack.offsets, sign = g.mirrored ? -1 : 1, value;
      if (bounded) { if (!g.scratch) g.scratch = new Float64Array(count); value = g.scratch; value.set(g.base); } else value = g.base.slice();
      if (off) {
        // A bent chain's members lie their offsets from its head (CompactConstraints.longestInto).
        value.fill(0);
        for (k = 0; k < count; k++) value[group[k]] = Math.max(value[group[k]], padding / 2 + heights[k] / 2 - sign * off[k]);
      }
      var reach = 0;
      for (var position = 0; position < order.length; position++) {
        node = order[position];
        if (bounded) {
          // Its value is final here (every constraint into it came before): its members' reaches,
          // as extent() sums them.
          for (var member = node; ; member = cs[member]) {
            var low = off ? value[node] + sign * off[member] : value[node];
            reach = Math.max(reach, low + heights[member] / 2 + padding / 2);
            if (!(cs[member + 1] - cs[member] === 1 && group[cs[member]] === node)) break;
          }
          if (reach >= bound) return reach;
        }
        for (s = g.start[node]; s < g.start[node + 1]; s++) {
          t = g.target[s];
          var owner = g.spanParent[s];
          var relief = owner < 0 ? 0 : (g.spanBelow[s] ? slack.below[owner] : slack.above[owner]);
          if (off) value[t] = Math.max(value[t], value[node] + sign * off[g.fromItem[s]] + g.weight[s] - relief - sign * off[g.toItem[s]]);
          else value[t] = Math.max(value[t], value[node] + g.weight[s] - relief);
        }
      }
      if (bounded) return reach;
      var out = new Float64Array(count);
      if (off) { for (k = 0; k < count; k++) out[k] = value[group[k]] + sign * off[k]; }
      else for (k = 0; k < count; k++) out[k] = value[group[k]];
      return out;
    }
    function extent(low) {
      var height = 0;
      for (var k = 0; k < count; k++) height = Math.max(height, low[k] + heights[k] / 2 + padding / 2);
      return height;
    }
    var stackedHeight = 0;
    for (var sh = 0; sh < sectionCount; sh++) {
      var stack = 0;
      for (i = ss[sh]; i < ss[sh + 1]; i++) stack += heights[i] + padding;
      stackedHeight = Math.max(stackedHeight, stack);
    }
    var forward = graph(false), backward = graph(true);
    var fromTop = lowest(forward, uniformSlack(0)), fromBottom = fromTop ? lowest(backward, uniformSlack(0)) : null;
    if (!fromTop || !fromBottom) return null;
    var tightHeight = extent(fromTop);
    var relaxes = tightHeight > stackedHeight + 0.5 && count <= 50000;  // CompactPlacement.relaxedItems
    // CompactConstraints.relaxedSpans: span constraints give way one step at a time: of those
    // on a longest chain, the six whose loss the chains through their two ends estimate best
    // are tried in full, and the one that shortens the drawing most gives way by what its
    // estimate promises. In-edges of a group are the out-edges of the mirrored graph.
    function relaxedSpans(limit, floor, reliefLimit, bendable) {
      var slack = uniformSlack(0), top = fromTop, bottom = fromBottom, height = tightHeight;
      var steps = [], heightsAfter = [height], parentsFreed = 0, k;
      var base = new Float64Array(count);
      for (k = 0; k < count; k++) base[group[k]] = Math.max(base[group[k]], padding / 2 + heights[k] / 2);
      // The longest chain into group `node` from `value`: in-edges of the other direction's
      // graph (the backward one for top values); with bent chains, each member at its offset.
      function longestInto(node, g, value, parent, isBelow) {
        var off = slack.offsets, sign = g === backward ? 1 : -1, longest = base[node], s, owner, relief;
        if (off) {
          longest = 0;
          for (var member = node; ; member = cs[member]) {
            longest = Math.max(longest, padding / 2 + heights[member] / 2 - sign * off[member]);
            if (!(cs[member + 1] - cs[member] === 1 && group[cs[member]] === group[member])) break;
          }
        }
        for (s = g.start[node]; s < g.start[node + 1]; s++) {
          owner = g.spanParent[s];
          relief = owner < 0 ? 0 : (owner === parent && (g.spanBelow[s] === 1) === isBelow ? Infinity
                                    : (g.spanBelow[s] ? slack.below[owner] : slack.above[owner]));
          if (off) longest = Math.max(longest, value[g.target[s]] + sign * off[g.toItem[s]] + g.weight[s] - relief - sign * off[g.fromItem[s]]);
          else longest = Math.max(longest, value[g.target[s]] + g.weight[s] - relief);
        }
        return longest;
      }
      // CompactConstraints.longestInto over the chain members first..last, as the Swift walks them.
      function chainInto(first, last, value, mirrored) {
        var off = slack.offsets, sign = mirrored ? -1 : 1, longest = 0, item = first;
        function offset(x) { return off ? sign * off[x] : 0; }
        for (;;) {
          var held = padding / 2 + heights[item] / 2;
          if (mirrored ? !isLast(item) : !isFirst(item)) {
            var neighbour = mirrored ? item + 1 : item - 1;
            held = Math.max(held, value[group[neighbour]] + offset(neighbour) + (mirrored ? separation(item, neighbour) : separation(neighbour, item)) - 0);
          }
          var f = cs[item], e = cs[item + 1];
          if (e - f >= 2) {
            var child = mirrored ? e - 1 : f;
            held = Math.max(held, value[group[child]] + offset(child) + 0 - (mirrored ? slack.below[item] : slack.above[item]));
          }
          var p = par[item];
          if (p >= 0 && cs[p + 1] - cs[p] >= 2 && item === (mirrored ? cs[p] : cs[p + 1] - 1)) {
            held = Math.max(held, value[group[p]] + offset(p) + 0 - (mirrored ? slack.above[p] : slack.below[p]));
          }
          longest = Math.max(longest, held - offset(item));
          if (item === last) break;
          item = f;
        }
        return longest;
      }
      var stepLimit = Math.max(8, Math.floor(RELAXED_WORK / (Math.max(1, count) * (RELAXED_CANDIDATES + 2))));
      // The constraints on a longest chain under top and bottom (of a drawing height high) that
      // may give way, the six best by their estimate; and the links held only by a chain beside
      // theirs, pending (CompactConstraints.relaxedSpans' scan).
      function scan(top, bottom, height, canFree) {
        var candidates = [], pending = [];
        // The few best by their estimate, best first.
        function consider(parent, isBelow, value, list) {
          if (list === undefined) list = candidates;
          if (!(value < height - 0.5)) return;
          if (list.length >= RELAXED_CANDIDATES && !(value < list[list.length - 1].estimate)) return;
          var index = list.length;
          while (index > 0 && list[index - 1].estimate > value) index--;
          list.splice(index, 0, {parent: parent, below: isBelow, estimate: value});
          if (list.length > RELAXED_CANDIDATES) list.pop();
        }
        // An only child held below its parent (above) or above it (below) by as much as shortens
        // the longest chain through their group (CompactConstraints.relaxedSpans' considerBending).
        // Every link of the chain `head` heads, in chain order, from running maxima down and up it.
        function considerBending(head) {
          if (!(top[head] + bottom[head] >= height - 0.5)) return;
          var chain = [], member = head, k;
          for (;;) {
            chain.push(member);
            var f = cs[member];
            if (!(cs[member + 1] - f === 1 && group[f] === group[member])) break;
            member = f;
          }
          var length = chain.length, upperTops = [], upperBottoms = [], lowerTops = [], lowerBottoms = [], t0 = 0, b0 = 0;
          for (k = 0; k < length; k++) {
            t0 = Math.max(t0, chainInto(chain[k], chain[k], top, false)); b0 = Math.max(b0, chainInto(chain[k], chain[k], bottom, true));
            upperTops.push(t0); upperBottoms.push(b0);
          }
          t0 = 0; b0 = 0;
          for (k = length - 1; k >= 0; k--) {
            t0 = Math.max(t0, chainInto(chain[k], chain[k], top, false)); b0 = Math.max(b0, chainInto(chain[k], chain[k], bottom, true));
            lowerTops.push(t0); lowerBottoms.push(b0);
          }
          for (var link = 0; link < length - 1; link++) {
            var parent = chain[link], child = chain[link + 1];
            if (!bendable(child)) continue;
            var isFree = slack.above[parent] > 0 || slack.below[parent] > 0;
            if (!canFree && !isFree) continue;
            var upperTop = upperTops[link], upperBottom = upperBottoms[link];
            var lowerTop = lowerTops[length - 2 - link], lowerBottom = lowerBottoms[length - 2 - link];
            // (Held only by a chain beside theirs: pending, as far as their group would ease.)
            if (slack.below[parent] === 0) {
              var eased = Math.min(lowerTop - upperTop, reliefLimit - slack.above[parent]);
              var drop = Math.min(eased, upperBottom - lowerBottom);
              if (drop > 0.5) consider(parent, false, height - drop);
              else if (eased > 0.5) consider(parent, false, height - eased, pending);
            }
            if (slack.above[parent] === 0) {
              var easedUp = Math.min(upperTop - lowerTop, reliefLimit - slack.below[parent]);
              var rise = Math.min(easedUp, lowerBottom - upperBottom);
              if (rise > 0.5) consider(parent, true, height - rise);
              else if (easedUp > 0.5) consider(parent, true, height - easedUp, pending);
            }
          }
        }
        for (var item = 0; item < count; item++) {
          var c0 = cs[item], c1 = cs[item + 1];
          if (c1 - c0 === 1 && group[c0] === group[item]) { if (group[item] === item) considerBending(item); continue; }
          if (c1 - c0 < 2) continue;
          var isFree = slack.above[item] > 0 || slack.below[item] > 0;
          if (!canFree && !isFree) continue;
          var parent = group[item], firstChild = group[c0], lastChild = group[c1 - 1];
          // What a side may still give way bounds what it can promise.
          var roomAbove = reliefLimit - slack.above[item], roomBelow = reliefLimit - slack.below[item];
          if ((canFree || slack.above[item] > 0) && roomAbove > 0.5 && top[c0] - slack.above[item] + bottom[item] >= height - 0.5) {
            consider(item, false, Math.max(Math.max(longestInto(parent, backward, top, item, false) + bottom[parent],
                                                    top[firstChild] + longestInto(firstChild, forward, bottom, item, false)), height - roomAbove));
          }
          if ((canFree || slack.below[item] > 0) && roomBelow > 0.5 && top[item] - slack.below[item] + bottom[c1 - 1] >= height - 0.5) {
            consider(item, true, Math.max(Math.max(longestInto(lastChild, backward, top, item, true) + bottom[lastChild],
                                                   top[parent] + longestInto(parent, forward, bottom, item, true)), height - roomBelow));
          }
        }
        return {candidates: candidates, pending: pending};
      }
      function setRelief(candidate, relief) {
        if (candidate.below) slack.below[candidate.parent] = relief; else slack.above[candidate.parent] = relief;
        if (cs[candidate.parent + 1] - cs[candidate.parent] === 1) settleChainOffsets(slack);  // only a link's slack moves the offsets
      }
      // Of the candidates, the one that shortens the drawing most in fact, the first of equals,
      // and the height it reaches (any shorter than bound only).
      function shortestOf(candidates, height, bound) {
        var chosen = 0, shortest = bound;
        for (var ci = 0; ci < candidates.length; ci++) {
          var cand = candidates[ci], kept = cand.below ? slack.below[cand.parent] : slack.above[cand.parent];
          setRelief(cand, kept + (height - cand.estimate));
          var reached = lowest(forward, slack, shortest);
          setRelief(cand, kept);
          if (reached < shortest) { shortest = reached; chosen = ci; }
        }
        return {index: chosen, reached: shortest};
      }
      // CompactConstraints.relaxedSpans' pairedBend: where no one constraint shortens the
      // drawing, each of the PAIRED_CANDIDATES pending links that would bend furthest bent as
      // far as it would ease, then the best after it.
      var pairWork = 0;
      function pairedBend(pending, height) {
        var best = null, shortestHeight = height - 0.5;
        for (var pi = 0; pi < Math.min(pending.length, PAIRED_CANDIDATES); pi++) {
          if (pairWork > RELAXED_WORK) break;
          pairWork += count * (RELAXED_CANDIDATES + 3);
          var first = pending[pi], kept = first.below ? slack.below[first.parent] : slack.above[first.parent];
          var freesFirst = slack.above[first.parent] === 0 && slack.below[first.parent] === 0;
          setRelief(first, kept + (height - first.estimate));
          var pairTop = lowest(forward, slack), pairBottom = pairTop ? lowest(backward, slack) : null;
          if (pairTop && pairBottom) {
            var bentHeight = extent(pairTop);
            var seconds = scan(pairTop, pairBottom, bentHeight, parentsFreed + (freesFirst ? 1 : 0) < limit).candidates;
            if (seconds.length > 0) {
              var found = shortestOf(seconds, bentHeight, shortestHeight);
              if (found.reached < shortestHeight) { shortestHeight = found.reached; best = {first: first, second: seconds[found.index]}; }
            }
          }
          setRelief(first, kept);
        }
        return best;
      }
      // Lets a candidate give way by what its estimate promises (under height), as a step.
      function take(candidate, height) {
        var parent = candidate.parent;
        if (slack.above[parent] === 0 && slack.below[parent] === 0) parentsFreed++;
        var relief = height - candidate.estimate;
        setRelief(candidate, (candidate.below ? slack.below[parent] : slack.above[parent]) + relief);
        steps.push({parent: parent, below: candidate.below, relief: relief});
        top = lowest(forward, slack);
        bottom = lowest(backward, slack);
      }
      while (height > floor + 0.5 && steps.length < stepLimit) {
        var found = scan(top, bottom, height, parentsFreed < limit), candidates = found.candidates;
        if (candidates.length === 0) {
          // No one constraint shortens the drawing: two links may, together.
          var pair = steps.length + 2 <= stepLimit ? pairedBend(found.pending, height) : null;
          if (!pair) break;
          take(pair.first, height);
          var bentHeight = extent(top);
          heightsAfter.push(bentHeight);
          take(pair.second, bentHeight);
          height = extent(top);
          heightsAfter.push(height);
          continue;
        }
        // Of those, the one that shortens the drawing most in fact; the first of equals.
        take(candidates[candidates.length > 1 ? shortestOf(candidates, height, Infinity).index : 0], height);
        height = extent(top);
        heightsAfter.push(height);
      }
      return {steps: steps, heights: heightsAfter};
    }
    function slackAfter(steps, done) {
      var slack = uniformSlack(0);
      for (var k = 0; k < done; k++) {
        var step = steps[k];
        if (step.below) slack.below[step.parent] += step.relief; else slack.above[step.parent] += step.relief;
      }
      return settleChainOffsets(slack);
    }
    var widest = 0;
    for (var s0 = 0; s0 < sectionCount; s0++) widest = Math.max(widest, ss[s0 + 1] - ss[s0]);
    var offsets = new Float64Array(widest), lowerBounds = new Float64Array(widest), upperBounds = new Float64Array(widest);
    var means = new Float64Array(widest), blockWeights = new Float64Array(widest), lengths = new Int32Array(widest);
    var blockLowers = new Float64Array(widest), blockUppers = new Float64Array(widest), values = new Float64Array(widest);
    var tidyCentres = null;
    // CompactPlacement.tidyStartItems: a small tree without wrapped blocks tries the tidy
    // placement as the drawn placement's second start (seedsTidy) and as the drawing itself.
    var triesTidy = count <= TIDY_START_ITEMS && !standIns && !ends, seedsTidy = false, tidyMade = null;
    function tidyPlacement() { if (!tidyMade) tidyMade = tidy(cols, heights, padding); return tidyMade; }
    // CompactPlacement.plainReading: the extent, parents more than a pixel outside their span
    // (offLevel: an only child's) and their offsets from their children's middle in all.
    function plainReading(c) {
      var top = Infinity, bottom = -Infinity, outside = 0, offLevel = 0, offset = 0;
      for (var item = 0; item < count; item++) {
        top = Math.min(top, c[item] - heights[item] / 2);
        bottom = Math.max(bottom, c[item] + heights[item] / 2);
        var f = cs[item], l = cs[item + 1];
        if (f === l) continue;
        var first = c[f], last = c[l - 1];
        offset += Math.abs(c[item] - (first + last) / 2);
        if (c[item] < first - 1 || c[item] > last + 1) { if (l - f === 1) offLevel++; else outside++; }
      }
      return {extent: bottom - top, outside: outside, offLevel: offLevel, offset: offset};
    }
    // CompactPlacement.readsBetter: as high (within half a pixel), no more parents outside their
    // span nor only children off level, and nearer their children's middle by half a pixel in all.
    function readsBetter(candidate, drawn) {
      var a = plainReading(candidate), b = plainReading(drawn);
      if (!(Math.abs(a.extent - b.extent) <= 0.5)) return false;
      return a.outside <= b.outside && a.offLevel <= b.offLevel && a.offset < b.offset - 0.5;
    }
    // CompactPlacement.drawn: the drawn placement, in a small tree made from the tidy start too,
    // then as well centred as dot's where it comparesWithDot.
    function drawn(height, slack) {
      var plain = placed(height, slack, undefined, true);
      if (!plain || !triesTidy) return plain;
      var before = tidyCentres;
      tidyCentres = tidyPlacement();
      seedsTidy = true;
      var seeded = placed(height, slack, undefined, true);
      tidyCentres = before;
      seedsTidy = false;
      var better = seeded && readsBetter(seeded.centers, plain.centers) ? seeded : plain;
      return comparesWithDot ? centredAsDot(better, height, slack) || better : better;
    }
    // CompactPlacement.centredAsDot: where dot's estimated drawing centres parents better (or has
    // fewer outside their span), the lowest of the taller drawings from the tidy placement as
    // well centred within about its extent.
    function centredAsDot(placement, drawnHeight, slack) {
      if (!(count <= DOT_ESTIMATE_ITEMS && sectionCount > 0 && ss[1] === 1)) return null;
      for (var item = 0; item < count; item++) if (cs[item + 1] - cs[item] >= AUTO_FAN_TIERS[0]) return null;
      var estimate = dotEstimate(count, function (i) { return cs[i]; }, isFirst, function (i) { return separation(i - 1, i); });
      var dot = plainReading(estimate), own = plainReading(placement.centers), zero = true, k;
      for (k = 0; zero && k < count; k++) if (slack.above[k] !== 0 || slack.below[k] !== 0) zero = false;
      // (Parents outside their span and only children off level: the relaxation's. Where it left
      // more of them than dot's drawing has, the placement without it first, from the tight height.)
      var strays = !zero && own.outside + own.offLevel > dot.outside + dot.offLevel;
      if (!(own.offset > dot.offset) && !strays) return null;
      // The lowest placement at base × (1 + CENTRING_STEP × step) within about dot's extent that reads well enough.
      function lowest(base, first, slackHere, reads) {
        for (var step = first; step <= CENTRING_STEPS; step++) {
          var candidate = placed(base * (1 + CENTRING_STEP * step), slackHere, undefined, true);
          if (!candidate) return null;
          var read = plainReading(candidate.centers);
          if (!(read.extent <= DOT_EXTENT_SHARE * dot.extent)) return null;
          if (reads(read)) return candidate;
        }
        return null;
      }
      var before = tidyCentres, found = null;
      tidyCentres = tidyPlacement();
      seedsTidy = true;
      if (strays) found = lowest(Math.max(drawnHeight, tightHeight), 0, uniformSlack(0), function (read) {
        return read.offset <= dot.offset && read.outside + read.offLevel <= dot.outside + dot.offLevel;
      });
      if (!found && own.offset > dot.offset) found = lowest(drawnHeight, 1, slack, function (read) {
        return read.offset <= dot.offset && read.outside <= own.outside && read.offLevel <= own.offLevel;
      });
      tidyCentres = before;
      seedsTidy = false;
      return found;
    }
    // CompactPlacement.centers(of:…): the passes after the placement, then the tidy placement
    // itself (its trees in bands) where it reads better.
    function finished(c) {
      var done = straightenBentLinks(levelNearlyLevelPairs(centreParentsOnOnlyBlocks(closeSiblingGaps(separateForestBands(c, cols, heights, padding), SIBLING_GAP_PITCHES * meanPitch))));
      if (!triesTidy) return done;
      var tidyDrawn = Float64Array.from(tidyPlacement());
      separateForestBands(tidyDrawn, cols, heights, padding);
      return readsBetter(tidyDrawn, done) ? tidyDrawn : done;
    }
    function placed(height, slack, sweepsHere, isFinal) {
      if (sweepsHere === undefined) sweepsHere = sweeps;
      // (Only span constraints give way: only children keep their parent's group.)
      var k, isTight = true;
      for (k = 0; isTight && k < count; k++) if (slack.above[k] !== 0) isTight = false;
      for (k = 0; isTight && k < count; k++) if (slack.below[k] !== 0) isTight = false;
      var low = isTight ? fromTop : lowest(forward, slack);
      var mirroredLow = low ? (isTight ? fromBottom : lowest(backward, slack)) : null;
      if (!low || !mirroredLow) return null;
      var budget = Math.max(height, extent(low)), centers = new Float64Array(count);
      // (CompactPlacement.start: taller than the tight height, the tidy centres clamped
      // between the lowest and highest ones.)
      var seeded = (budget > tightHeight + 0.5 || seedsTidy) && tidyCentres;
      for (k = 0; k < count; k++) {
        var high = Math.max(low[k], budget - mirroredLow[k]);
        centers[k] = seeded ? Math.min(Math.max(tidyCentres[k], low[k]), high) : (low[k] + high) / 2;
      }
      var wishes = new Float64Array(count), weights = new Float64Array(count).fill(1), moved = 0;
      // CompactSweeps.parentReaches: right to left, one side's end children (2: last, 1: first)
      // may go as far as their parent could follow; per parent, how far that is.
      var freed = 0, reach = count <= RELAXED_ITEMS ? new Float64Array(count) : null;
      function parentReaches(down) {
        for (var section = 0; section < sectionCount - 1; section++) {
          for (var parent = ss[section]; parent < ss[section + 1]; parent++) {
            if (cs[parent] === cs[parent + 1]) continue;
            var bound = down ? budget - padding / 2 - heights[parent] / 2 : padding / 2 + heights[parent] / 2;
            var grandparent = par[parent];
            if (grandparent >= 0 && (down ? parent === cs[grandparent] : parent === cs[grandparent + 1] - 1)) {
              bound = down ? Math.min(bound, reach[grandparent] + slack.above[grandparent]) : Math.max(bound, reach[grandparent] - slack.below[grandparent]);
            }
            var item = parent, distance = 0;
            while (down ? !isLast(item) : !isFirst(item)) {
              distance += down ? separation(item, item + 1) : separation(item - 1, item);
              item += down ? 1 : -1;
              if (cs[item] !== cs[item + 1]) {
                bound = down ? Math.min(bound, centers[item] - distance) : Math.max(bound, centers[item] + distance);
                break;
              }
              bound = down ? Math.min(bound, budget - padding / 2 - heights[item] / 2 - distance) : Math.max(bound, padding / 2 + heights[item] / 2 + distance);
              var leafParent = par[item];
              if (leafParent >= 0 && (down ? item === cs[leafParent] : item === cs[leafParent + 1] - 1)) {
                bound = down ? Math.min(bound, reach[leafParent] + slack.above[leafParent] - distance)
                  : Math.max(bound, reach[leafParent] - slack.below[leafParent] + distance);
              }
            }
            reach[parent] = down ? Math.max(bound, centers[parent]) : Math.min(bound, centers[parent]);
          }
        }
      }
      function place(section, towardParents) {
        var a = ss[section], b = ss[section + 1], n = b - a;
        if (n === 0) return;
        var offset = 0, z;
        for (z = 0; z < n; z++) {
          var item = a + z;
          if (z > 0) offset += separation(item - 1, item);
          offsets[z] = offset;
          var lower = padding / 2 + heights[item] / 2, upper = budget - padding / 2 - heights[item] / 2;
          var c0 = cs[item], c1 = cs[item + 1];
          if (c1 > c0) { lower = Math.max(lower, centers[c0] - slack.above[item]); upper = Math.min(upper, centers[c1 - 1] + slack.below[item]); }
          var parent = par[item];
          if (parent >= 0) {
            var s0 = cs[parent], s1 = cs[parent + 1];
            if (item === s0) upper = Math.min(upper, (!towardParents && freed === 1 ? reach[parent] : centers[parent]) + slack.above[parent]);
            if (item === s1 - 1) lower = Math.max(lower, (!towardParents && freed === 2 ? reach[parent] : centers[parent]) - slack.below[parent]);
          }
          // (Right to left, a parent whose children left it outside their span goes back between them.)
          var current = centers[item];
          if (!towardParents && c1 > c0) current = Math.min(Math.max(current, centers[c0] - slack.above[item]), centers[c1 - 1] + slack.below[item]);
          lower = Math.min(lower, current);
          upper = Math.max(upper, current);
          lowerBounds[z] = Math.max(lower - offset, z > 0 ? lowerBounds[z - 1] : -Infinity);
          upperBounds[z] = upper - offset;
        }
        // Blocks sit at their mean clamped to the bounds their members share (exact).
        var blocks = 0;
        for (z = 0; z < n; z++) {
          var it = a + z, mean = wishes[it] - offsets[z], weight = weights[it], length = 1;
          var lo = lowerBounds[z], up = upperBounds[z], value = Math.min(Math.max(mean, lo), up);
          while (blocks > 0 && values[blocks - 1] > value) {
            var lastWeight = blockWeights[blocks - 1], last = means[blocks - 1];
            blocks--;
            mean = (last * lastWeight + mean * weight) / (lastWeight + weight);
            weight += lastWeight;
            length += lengths[blocks];
            lo = Math.max(lo, blockLowers[blocks]); up = Math.min(up, blockUppers[blocks]);
            value = Math.min(Math.max(mean, lo), up);
          }
          means[blocks] = mean; blockWeights[blocks] = weight; lengths[blocks] = length;
          blockLowers[blocks] = lo; blockUppers[blocks] = up; values[blocks] = value; blocks++;
        }
        var position = 0;
        for (var bl = 0; bl < blocks; bl++) {
          for (var j = 0; j < lengths[bl]; j++) {
            var zz = values[bl];
            var index = a + position, center = zz + offsets[position];
            moved = Math.max(moved, Math.abs(center - centers[index]));
            centers[index] = center;
            position++;
          }
        }
        if (towardParents) moveChains(a, b);
      }
      // CompactSweeps.moveChains: each chain of only children toward its head's wish, one at a time.
      function moveChains(a, b) {
        for (var item = a; item < b; item++) {
          var parent = par[item];
          if (cs[item + 1] - cs[item] !== 1 || parent < 0 || (cs[parent + 1] - cs[parent] === 1 && !bends(slack, parent))) continue;
          var wish = wishes[item];
          if (!(Math.abs(wish - centers[item]) > 0.01)) continue;
          var only = cs[item];
          var chain = bends(slack, item) ? [centers[only] - slack.above[item], centers[only] + slack.below[item]] : chainBounds(only);
          var lower = chain[0], upper = chain[1];
          lower = Math.max(lower, padding / 2 + heights[item] / 2);
          upper = Math.min(upper, budget - padding / 2 - heights[item] / 2);
          if (item > a) lower = Math.max(lower, centers[item - 1] + separation(item - 1, item));
          if (item + 1 < b) upper = Math.min(upper, centers[item + 1] - separation(item, item + 1));
          if (item === cs[parent]) upper = Math.min(upper, centers[parent] + slack.above[parent]);
          if (item === cs[parent + 1] - 1) lower = Math.max(lower, centers[parent] - slack.below[parent]);
          var y = Math.min(Math.max(wish, Math.min(lower, centers[item])), Math.max(upper, centers[item]));
          if (y === centers[item]) continue;
          moved = Math.max(moved, Math.abs(y - centers[item]));
          centers[item] = y;
          for (var member = item; cs[member + 1] - cs[member] === 1 && !bends(slack, member); ) {
            member = cs[member];
            centers[member] = y;
          }
        }
      }
      // CompactSweeps.chainBounds: where the chain from member down may sit.
      function chainBounds(member) {
        var lower = -Infinity, upper = Infinity;
        for (;;) {
          lower = Math.max(lower, padding / 2 + heights[member] / 2);
          upper = Math.min(upper, budget - padding / 2 - heights[member] / 2);
          if (!isFirst(member)) lower = Math.max(lower, centers[member - 1] + separation(member - 1, member));
          if (!isLast(member)) upper = Math.min(upper, centers[member + 1] - separation(member, member + 1));
          var f = cs[member], l = cs[member + 1];
          if (l - f === 1 && !bends(slack, member)) { member = f; continue; }
          if (l > f) { lower = Math.max(lower, centers[f] - slack.above[member]); upper = Math.min(upper, centers[l - 1] + slack.below[member]); }
          return [lower, upper];
        }
      }
      function sweepAll(sweepCount) {
      for (var sweep = 0; sweep < sweepCount; sweep++) {
        moved = 0;
        for (var section = 1; section < Math.max(1, sectionCount); section++) {
          var item = ss[section];
          while (item < ss[section + 1]) {
            var parent = par[item], f = cs[parent], l = cs[parent + 1], span = 0, sib;
            for (sib = f + 1; sib < l; sib++) span += separation(sib - 1, sib);
            if (ends) span += ends.first[f] + ends.last[l - 1];
            var offset = -span / 2;
            for (sib = f; sib < l; sib++) {
              if (sib > f) offset += separation(sib - 1, sib);
              wishes[sib] = centers[parent] + offset;
              weights[sib] = 1;
            }
            item = l;
          }
          place(section, true);
        }
        freed = reach ? (sweep % 2 === 0 ? 2 : 1) : 0;
        if (freed) parentReaches(freed === 1);
        for (section = sectionCount - 2; section >= 0; section--) {
          for (item = ss[section]; item < ss[section + 1]; item++) {
            var c0 = cs[item], c1 = cs[item + 1];
            if (c0 === c1) { wishes[item] = centers[item]; weights[item] = LEAF_WEIGHT; }
            else {
              wishes[item] = ends ? (centers[c0] + ends.first[c0] + centers[c1 - 1] + ends.last[c1 - 1]) / 2 : (centers[c0] + centers[c1 - 1]) / 2;
              weights[item] = (c1 - c0) + 1;
            }
          }
          place(section, false);
        }
        if (moved < 0.01) break;
      }
      }
      sweepAll(sweepsHere);
      // FarSubtrees.pull, then the sweeps again.
      // (The drawn placement only, up to CompactPlacement.relaxedItems.)
      for (var round = 0; isFinal && count <= 50000 && round < FAR_SUBTREE_ROUNDS; round++) {
        if (!pullFarSubtrees(centers, FAR_SUBTREE_PITCHES * meanPitch)) break;
        sweepAll(Math.min(sweepsHere, FAR_SUBTREE_SWEEPS));
      }
      return {centers: centers, height: budget};
    }
    var meanPitch = 0;
    for (i = 0; i < count; i++) meanPitch += heights[i] + padding;
    meanPitch /= count;
    // FarSubtrees.pull: a child further than `farther` from its place in its siblings' block
    // centred on its parent moved there with its subtree, as far as each column it spans has room.
    // SubtreeRuns: sibling subtrees first..last moved whole along their columns, as far as
    // every column has room within the drawing's extent; a budget of SubtreeRuns.workPerItem
    // column visits and moved items per item.
    function subtreeRuns(c) {
      var runs = {top: Infinity, bottom: -Infinity, work: 8 * count}, item;
      for (item = 0; item < count; item++) { runs.top = Math.min(runs.top, c[item] - heights[item] / 2); runs.bottom = Math.max(runs.bottom, c[item] + heights[item] / 2); }
      // [room, size], or null once the budget is spent.
      function room(first, last, down) {
        var r = Infinity, size = 0, next;
        while (first <= last) {
          if (--runs.work <= 0) return null;
          if (down) r = Math.min(r, isLast(last) ? runs.bottom - (c[last] + heights[last] / 2) : c[last + 1] - separation(last, last + 1) - c[last]);
          else r = Math.min(r, isFirst(first) ? c[first] - heights[first] / 2 - runs.top : c[first] - separation(first - 1, first) - c[first - 1]);
          if (r <= 0.5) return [0, size];
          size += last - first + 1;
          next = cs[first]; last = cs[last + 1] - 1; first = next;
        }
        return [r, size];
      }
      runs.shift = function (first, last, delta) {
        for (var next; first <= last; next = cs[first], last = cs[last + 1] - 1, first = next) {
          for (var member = first; member <= last; member++) c[member] += delta;
        }
      };
      // The signed distance moved (0 where none), or null once the budget is spent.
      runs.move = function (first, last, wish) {
        var found = room(first, last, wish > 0);
        if (!found) return null;
        var delta = Math.min(Math.abs(wish), found[0]);
        if (!(delta > 0.5) || found[1] > runs.work) return 0;
        runs.work -= found[1];
        if (wish < 0) delta = -delta;
        runs.shift(first, last, delta);
        return delta;
      };
      return runs;
    }
    // SiblingGaps.close: gaps between consecutive siblings wider than `wider` closed (the smaller
    // side's group moved first, then the other's), the parent then put in its children's middle
    // where that keeps it in their span and nearer its nearest child by `wider`, else undone.
    function closeSiblingGaps(c, wider) {
      if (count <= 2 || count > 50000) return c;  // CompactPlacement.relaxedItems
      var runs = subtreeRuns(c), moves = [];
      function isOnlyChild(x) { var above = par[x]; return above >= 0 && cs[above + 1] - cs[above] === 1; }
      // The distance moved, or null once the budget is spent.
      function move(first, last, wish) {
        var delta = runs.move(first, last, wish);
        if (delta === null) return null;
        if (delta !== 0) moves.push([first, last, delta]);
        return Math.abs(delta);
      }
      function undo() { for (var m = moves.length - 1; m >= 0; m--) runs.shift(moves[m][0], moves[m][1], -moves[m][2]); moves = []; }
      function nearest(parent, y) {
        var distance = Infinity;
        for (var child = cs[parent]; child < cs[parent + 1]; child++) distance = Math.min(distance, Math.abs(c[child] - y));
        return distance;
      }
      for (var parent = 0; parent < count; parent++) {
        var f = cs[parent], l = cs[parent + 1];
        if (l - f < 2 || isOnlyChild(parent)) continue;
        moves = [];
        var nearestBefore = nearest(parent, c[parent]);
        for (var upper = l - 2; upper >= f; upper--) {
          var gap = c[upper + 1] - separation(upper, upper + 1) - c[upper];
          if (!(gap > wider)) continue;
          var upperFirst = upper + 1 - f <= l - upper - 1;
          var done = upperFirst ? move(f, upper, gap) : move(upper + 1, l - 1, -gap);
          if (done === null) { undo(); return c; }
          if (gap - done > 0.5 && (upperFirst ? move(upper + 1, l - 1, -(gap - done)) : move(f, upper, gap - done)) === null) { undo(); return c; }
        }
        if (!moves.length) continue;
        var low = c[f] + (ends ? ends.first[f] : 0), high = c[l - 1] + (ends ? ends.last[l - 1] : 0), target = (low + high) / 2;
        target = isFirst(parent) ? Math.max(target, runs.top + heights[parent] / 2) : Math.max(target, c[parent - 1] + separation(parent - 1, parent));
        target = isLast(parent) ? Math.min(target, runs.bottom - heights[parent] / 2) : Math.min(target, c[parent + 1] - separation(parent, parent + 1));
        if (target >= low - 1 && target <= high + 1 && nearest(parent, target) < nearestBefore - wider) c[parent] = target;
        else undo();
      }
      return c;
    }
    // FarSubtrees.pull (with SubtreeRuns).
    function pullFarSubtrees(c, farther) {
      if (count <= 2) return false;
      var runs = subtreeRuns(c), anyMoved = false;
      function pull(child, wish) {
        var moved = runs.move(child, child, wish);
        if (moved === null) return false;
        if (moved !== 0) anyMoved = true;
        return true;
      }
      for (var parent = 0; parent < count; parent++) {
        var f = cs[parent], l = cs[parent + 1];
        if (l - f < 2) continue;
        // Each child's place: the siblings as a block centred on the parent (CompactSweeps.Offsets.block).
        var span = 0, sib;
        for (sib = f + 1; sib < l; sib++) span += separation(sib - 1, sib);
        if (ends) span += ends.first[f] + ends.last[l - 1];
        var places = [], offset = -span / 2;
        for (sib = f; sib < l; sib++) { if (sib > f) offset += separation(sib - 1, sib); places.push(offset); }
        for (sib = l - 1; sib >= f; sib--) {
          var wish = c[parent] + places[sib - f] - c[sib];
          if (wish > farther && !pull(sib, wish)) return anyMoved;
        }
        for (sib = f; sib < l; sib++) {
          wish = c[parent] + places[sib - f] - c[sib];
          if (wish < -farther && !pull(sib, wish)) return anyMoved;
        }
      }
      return anyMoved;
    }
    // How a placement reads: parents of several children beyond their span, only children off
    // their parent's level, and the parents' mean offset.
    function reading(centers) {
      var outside = 0, offLevel = 0, parents = 0, total = 0;
      for (var item = 0; item < count; item++) {
        var d0 = cs[item], d1 = cs[item + 1];
        if (d0 === d1 || isStandIn(d0)) continue;
        var first = centers[d0], last = centers[d1 - 1];
        if (ends) { first += ends.first[d0]; last += ends.last[d1 - 1]; }
        total += Math.abs(centers[item] - (first + last) / 2);
        parents++;
        if (centers[item] < first - 1 || centers[item] > last + 1) { if (d1 - d0 === 1) offLevel++; else outside++; }
      }
      return {outside: outside, offLevel: offLevel, meanOffset: parents === 0 ? 0 : total / parents};
    }
    // The height: the steps of relaxedSpans (at most one parent in 12 freed, or as many as only
    // children may leave their level), the most whose placement still reads (one parent in 12
    // outside, readingLimits), by bisection, and of equal heights the fewest.
    if (!relaxes) { var only = drawn(tightHeight, uniformSlack(0)); return only ? finished(only.centers) : null; }
    var parentCount = 0;
    for (i = 0; i < count; i++) if (cs[i + 1] > cs[i] && !isStandIn(cs[i])) parentCount++;
    var pitch = 0, pitched = 0;
    for (i = 0; i < count; i++) if (!isStandIn(i)) { pitch += heights[i] + padding; pitched++; }
    pitch /= Math.max(1, pitched);
    // CompactPlacement.readingLimits: only children may leave their parent's level in a small tree too.
    // (Not in a forest: its trees are moved apart into bands afterwards.)
    var limitOutside = Math.floor(parentCount / 12), limitOffset = pitch * 0.7;
    var limitLeftLevel = sectionCount > 0 && ss[1] > 1 ? 0 : Math.min(2, Math.floor(parentCount / 4));
    // CompactPlacement: the typical row, the median box and padding.
    var boxHeights = new Float64Array(pitched), boxCount = 0;
    for (i = 0; i < count; i++) if (!isStandIn(i)) boxHeights[boxCount++] = heights[i];
    boxHeights.sort();
    var typicalPitch = (boxCount === 0 ? 0 : boxHeights[Math.floor((boxCount - 1) / 2)]) + padding;
    // An only child may leave its parent's level, but not a stand-in nor a block.
    var relaxed = relaxedSpans(Math.max(1, Math.floor(parentCount / 12), limitLeftLevel), stackedHeight, typicalPitch * FARTHEST_OUTSIDE, function (child) {
      return !isStandIn(child) && !(ends && ends.has && ends.has[child] === 1);
    }), done = relaxed.steps.length;
    // CompactPlacement.tightOffsetGain: about as near their children's middle as the tight
    // placement's, made when a candidate first fails on its offset alone.
    var widenedByTight = false, tightOffset = null, readingOffset = limitOffset;
    // CompactPlacement: candidates judged after TRIAL_SWEEPS sweeps, the chosen one placed with all.
    function reads(stepsDone) {
      var candidate = placed(relaxed.heights[stepsDone], slackAfter(relaxed.steps, stepsDone), Math.min(sweeps, TRIAL_SWEEPS));
      if (!candidate) return false;
      var read = reading(candidate.centers);
      if (read.outside > limitOutside || read.outside + read.offLevel > Math.max(limitOutside, limitLeftLevel)) return false;
      if (read.meanOffset > limitOffset && !widenedByTight) {
        widenedByTight = true;
        var tight = placed(relaxed.heights[0], uniformSlack(0), Math.min(sweeps, TRIAL_SWEEPS));
        if (tight) { tightOffset = reading(tight.centers).meanOffset; limitOffset = Math.max(limitOffset, tightOffset * TIGHT_OFFSET_GAIN); }
      }
      return read.meanOffset <= limitOffset;
    }
    var chosen = 0;
    if (done > 0) {
      if (reads(done)) chosen = done;
      else {
        var lo = 0, hi = done;
        while (hi - lo > 1) { var middle = Math.floor((lo + hi) / 2); if (reads(middle)) lo = middle; else hi = middle; }
        chosen = lo;
      }
      var within = relaxed.heights[chosen] * (1 + FEWER_PARENTS_SHARE);
      while (chosen > 0 && relaxed.heights[chosen - 1] <= within) chosen--;
    }
    var chosenHeight = relaxed.heights[chosen], chosenSlack = slackAfter(relaxed.steps, chosen), final = null;
    // CompactPlacement.tallerHeights: a tree off-centre beyond the limit at its tight height
    // drawn a little taller from the tidy placement, if that reads within it.
    // (Not in a tree with a fan `auto` wraps, or with wrapped blocks: the wrap search compares its drawings.)
    function wrapsFans() {
      for (var k = 0; k < count; k++) {
        if (isStandIn(k) || (ends && ends.has && ends.has[k] === 1) || cs[k + 1] - cs[k] >= AUTO_FAN_TIERS[0]) return true;
      }
      return false;
    }
    if (tightOffset !== null && tightOffset > readingOffset && !wrapsFans()) {
      tidyCentres = tidy(cols, heights, padding);
      for (var share = 0; !final && share < TALLER_HEIGHTS.length; share++) {
        var tallerHeight = relaxed.heights[0] * (1 + TALLER_HEIGHTS[share]);
        var taller = placed(tallerHeight, uniformSlack(0), Math.min(sweeps, TRIAL_SWEEPS));
        if (taller && reading(taller.centers).meanOffset <= readingOffset) final = placed(tallerHeight, uniformSlack(0), undefined, true);
      }
      if (!final) tidyCentres = null;
    }
    if (!final) final = drawn(chosenHeight, chosenSlack);
    return final ? finished(final.centers) : null;

    // Whether an item fits at y among the centres c: within the drawing's extent as it stands and
    // apart from its column neighbours (centreParentsOnOnlyBlocks, levelNearlyLevelPairs, straightenBentLinks).
    function roomChecker(c) {
      var top = Infinity, bottom = -Infinity;
      for (var item = 0; item < count; item++) { top = Math.min(top, c[item] - heights[item] / 2); bottom = Math.max(bottom, c[item] + heights[item] / 2); }
      return function (item, y) {
        if (y - heights[item] / 2 < top - 1e-9 || y + heights[item] / 2 > bottom + 1e-9) return false;
        if (!isFirst(item) && y - c[item - 1] < separation(item - 1, item) - 1e-9) return false;
        if (!isLast(item) && c[item + 1] - y < separation(item, item + 1) - 1e-9) return false;
        return true;
      };
    }

    // CompactPlacement.centreParentsOnOnlyBlocks: a parent whose only child is a block (and the
    // chain of only children it ends) moved to the middle of the block's members, where each
    // has room and the chain's own parent stays within its children's span.
    function centreParentsOnOnlyBlocks(c) {
      if (!ends) return c;
      var hasRoom = roomChecker(c), item;
      function isOnlyChild(item) { var p = par[item]; return p >= 0 && cs[p + 1] - cs[p] === 1; }
      var moved = [];
      // The item and the chain of only children it ends (level with it) moved to y where each has room; the chain's head, or -1.
      function moveChain(item, y) {
        var head = item, length = 1, member;
        while (isOnlyChild(head) && Math.abs(c[par[head]] - c[item]) <= 0.01 && length < LEVELLED_CHAIN) { head = par[head]; length++; }
        for (member = head; ; member = cs[member]) { if (!hasRoom(member, y)) return -1; if (member === item) break; }
        for (member = head; ; member = cs[member]) { moved.push(member, c[member]); c[member] = y; if (member === item) break; }
        return head;
      }
      for (var block = 0; block < count; block++) {
        if ((ends.first[block] === 0 && ends.last[block] === 0) || !isOnlyChild(block)) continue;
        var parent = par[block], target = c[block] + (ends.first[block] + ends.last[block]) / 2;
        if (Math.abs(target - c[parent]) <= 0.01 || Math.abs(c[parent] - c[block]) > 0.01) continue;
        moved.length = 0;
        var head = moveChain(parent, target);
        if (head < 0) continue;
        // A parent further up taken out of its children's span follows to their middle where it has room, else nothing moves.
        var followed = true, levels = 0;
        for (var above = par[head]; above >= 0; above = par[head]) {
          var f = cs[above], l = cs[above + 1] - 1, low = c[f] + ends.first[f], high = c[l] + ends.last[l];
          if (c[above] >= low - 1e-9 && c[above] <= high + 1e-9) break;
          if (++levels > LEVELLED_CHAIN) { followed = false; break; }
          head = moveChain(above, (low + high) / 2);
          if (head < 0) { followed = false; break; }
        }
        if (!followed) for (var m = moved.length - 2; m >= 0; m -= 2) c[moved[m]] = moved[m + 1];
      }
      return c;
    }

    // CompactPlacement.levelNearlyLevelPairs: a parent and a child nearer than
    // LEVEL_STUB_DISTANCE made level where their columns leave room.
    function levelNearlyLevelPairs(c) {
      var hasRoom = roomChecker(c), item;
      function isNear(a, b) { var d = Math.abs(a - b); return d > 0.01 && d < LEVEL_STUB_DISTANCE; }
      // The item and its chain of only children level with it (at most LEVELLED_CHAIN), where each has room.
      function moveWithOnlyChildren(item, y) {
        var member = item, length = 1;
        while (true) {
          if (!hasRoom(member, y)) return false;
          if (cs[member + 1] - cs[member] !== 1 || !(Math.abs(c[cs[member]] - c[member]) <= 0.01)) break;
          member = cs[member];
          if (++length > LEVELLED_CHAIN) return false;
        }
        member = item;
        for (var step = 0; step < length; step++) { c[member] = y; if (step + 1 < length) member = cs[member]; }
        return true;
      }
      for (var parent = 0; parent < count; parent++) {
        var first = cs[parent], end = cs[parent + 1];
        if (first >= end) continue;
        var child = first;
        for (var other = first + 1; other < end; other++) if (Math.abs(c[other] - c[parent]) < Math.abs(c[child] - c[parent])) child = other;
        if (!isNear(c[child], c[parent])) continue;
        if (ends && (ends.first[child] !== 0 || ends.last[child] !== 0)) continue;
        var grandparent = par[parent];
        var parentMoves = grandparent >= 0 && Math.abs(c[grandparent] - c[parent]) > 0.01
          && !isNear(c[grandparent], c[child]);
        if (!(parentMoves && moveWithOnlyChildren(parent, c[child]))) moveWithOnlyChildren(child, c[parent]);
      }
      return c;
    }

    // CompactPlacement.straightenBentLinks: a parent and its only child a bend left apart made
    // level where the columns now leave room (the parent moves, else the child's chain).
    function straightenBentLinks(c) {
      if (!c) return c;
      var hasRoom = roomChecker(c), item;
      function isInsideSpan(item, y) {
        var first = cs[item], end = cs[item + 1];
        return first === end || (y >= c[first] - 1e-9 && y <= c[end - 1] + 1e-9);
      }
      for (var parent = 0; parent < count; parent++) {
        if (cs[parent + 1] - cs[parent] !== 1) continue;
        var child = cs[parent], target = c[child];
        if (!(Math.abs(target - c[parent]) >= LEVEL_STUB_DISTANCE)) continue;
        if (ends && (ends.first[child] !== 0 || ends.last[child] !== 0)) continue;
        var grandparent = par[parent];
        if (grandparent >= 0 && Math.abs(c[grandparent] - c[parent]) > 0.01 && !(Math.abs(c[grandparent] - target) < LEVEL_STUB_DISTANCE)
            && hasRoom(parent, target)) {
          var old = c[parent];
          c[parent] = target;
          if (isInsideSpan(grandparent, c[grandparent])) continue;
          c[parent] = old;
        }
        var y = c[parent], member = child, length = 1;
        while (true) {
          if (!hasRoom(member, y)) break;
          if (cs[member + 1] - cs[member] !== 1 || !(Math.abs(c[cs[member]] - c[member]) <= 0.01)) {
            if (isInsideSpan(member, y)) {
              var moving = child;
              for (var step = 0; step < length; step++) { c[moving] = y; if (step + 1 < length) moving = cs[moving]; }
            }
            break;
          }
          member = cs[member];
          if (++length > LEVELLED_CHAIN) break;
        }
      }
      return c;
    }
  }


"""#
}
