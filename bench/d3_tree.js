// Peer benchmark: lay out a nested JSON tree with d3-hierarchy's tidy tree.
// Reads the file, builds d3.hierarchy(data), runs d3.tree().nodeSize([80, 180])
// and prints the node count. Uses Debian's node-d3-hierarchy package.
//
//     node bench/d3_tree.js bench/work/tree-1000.json
'use strict';
const fs = require('fs');
const d3 = require('/usr/share/nodejs/d3-hierarchy/dist/d3-hierarchy.js');

const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const root = d3.tree().nodeSize([80, 180])(d3.hierarchy(data));
let count = 0;
root.each(() => { count++; });
console.log(count);
