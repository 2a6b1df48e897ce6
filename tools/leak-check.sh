#!/usr/bin/env bash
# make leak-check: runs the schematic binary under valgrind on every path that goes through
# Graphviz, HarfBuzz, FreeType or fontconfig, and fails on any definite leak or memory error
# (leaks inside those libraries' own caches are suppressed in tools/valgrind-graphviz.supp).
# Uses of undefined bits are not checked: Swift reads multi-payload enum tags from spare bits
# that memcheck's definedness tracking cannot follow, which it reports as false positives;
# invalid reads and writes, and leaks, are what this check is for.
set -u
binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'Root\n  Käse 日本語 🧀\n  B\n' > "$work/old.txt"
printf 'Root\n  Käse 日本語 🧀\n  C\n' > "$work/new.txt"
failed=0
run() {
    if valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --undef-value-errors=no --error-exitcode=97 \
        --suppressions=tools/valgrind-graphviz.supp "$binary" "$@" > "$work/out" 2> "$work/log"; then
        echo "leak-check ok: $*"
    else
        echo "leak-check FAILED: $*"; cat "$work/log"; failed=1
    fi
}
run render samples/talk.txt -o "$work/talk.png"
run render samples/org-chart.json -o "$work/org.pdf"
run render samples/package.tree --format gv:svg -o "$work/package.svg"
run compare samples/org-chart.json -o "$work/compare.svg"
run compare samples/taxonomy.txt --engine twopi --json
run render /usr/share/doc/graphviz/examples/graphs/directed/unix.gv --extra-parents drop -o "$work/unix.svg"
run render "$work/old.txt" --embed-font -o "$work/embedded.svg"
run diff "$work/old.txt" "$work/new.txt" -o "$work/diff.json"
# Written in place (a device), through zlib (gzip input), and a PNG scaled down to fit cairo.
run render samples/talk.txt -o /dev/null
gzip -c /usr/share/doc/graphviz/examples/graphs/directed/unix.gv > "$work/unix.gv.gz"
run render "$work/unix.gv.gz" --extra-parents drop -o "$work/unix-gz.svg"
{ echo 'id,parent'; echo 'n0,'; for i in $(seq 1 999); do echo "n$i,n$((i - 1))"; done; } > "$work/chain.csv"
run render "$work/chain.csv" -o "$work/chain.png"
run render samples/formats/animals.yaml -o "$work/animals.html"
run render samples/formats/animals.csv --align tidy --connectors curved --orientation tb -o "$work/animals.svg"
printf 'a: [1, 2\n' > "$work/bad.yaml"
valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --undef-value-errors=no --error-exitcode=97 \
    --suppressions=tools/valgrind-graphviz.supp "$binary" render "$work/bad.yaml" > /dev/null 2> "$work/log"
if [ $? -eq 97 ]; then echo "leak-check FAILED: render bad.yaml"; cat "$work/log"; failed=1; else echo "leak-check ok: render bad.yaml (a syntax error)"; fi
printf 'digraph {\n a -> \n}' > "$work/bad.dot"
valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --undef-value-errors=no --error-exitcode=97 \
    --suppressions=tools/valgrind-graphviz.supp "$binary" render "$work/bad.dot" > /dev/null 2> "$work/log"
if [ $? -eq 97 ]; then echo "leak-check FAILED: render bad.dot"; cat "$work/log"; failed=1; else echo "leak-check ok: render bad.dot (a syntax error)"; fi
exit $failed
