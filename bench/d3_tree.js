// Peer benchmark: lay out a nested JSON tree with d3-hierarchy's tidy tree and write the
// result, as schematic writes its drawing. Reads the file, builds d3.hierarchy(data), runs
// d3.tree().nodeSize([80, 180]), writes one "name<TAB>x<TAB>y" line per node to OUT and
// prints the node count. Uses Debian's node-d3-hierarchy package.
//
//     node bench/d3_tree.js bench/work/tree-1000.json bench/work/out-1000.d3.tsv
'use strict';
const fs = require('fs');
const d3 = require('/usr/share/nodejs/d3-hierarchy/dist/d3-hierarchy.js');

const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const root = d3.tree().nodeSize([80, 180])(d3.hierarchy(data));
const lines = [];
root.each((node) => { lines.push(`${node.data.name}\t${node.x}\t${node.y}\n`); });
fs.writeFileSync(process.argv[3], lines.join(''));
console.log(lines.length);
