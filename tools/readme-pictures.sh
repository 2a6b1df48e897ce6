#!/bin/bash
# Takes the README's two screenshots of the browser views again, with the binaries just built,
# so that the pictures show today's drawing (they are not byte-stable, so not part of `make samples`):
#   samples/real/python-classes.page.png     the HTML page of Python's classes, opened on the root
#   samples/real/python-exceptions.serve.png `schematic serve` after a bad edit of the file
# Usage (from the repository root): tools/readme-pictures.sh [BIN]   (default .build/release/schematic)
set -euo pipefail
bin=$(readlink -f "${1:-.build/release/schematic}")
browser=$(command -v chromium || command -v chromium-browser)
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server"; rm -rf "$work"' EXIT
shoot() {  # URL OUT WIDTH HEIGHT
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$3,$4" \
        --virtual-time-budget=3000 --screenshot="$2" "$1" > /dev/null 2>&1
    echo "wrote $2"
}

"$bin" render samples/real/python-classes.txt -o "$work/classes.html"
shoot "file://$work/classes.html" samples/real/python-classes.page.png 1200 800

# The live preview: serve a copy, break its indentation, take the page with the message above
# the last good drawing.
cp samples/real/python-exceptions.txt "$work/exceptions.txt"
(cd "$work" && exec "$bin" serve exceptions.txt > serve.log 2>&1) &
server=$!
for _ in $(seq 50); do grep -q '^http' "$work/serve.log" && break; sleep 0.1; done
url=$(grep -m1 '^http' "$work/serve.log")
sed -i '6s/^            /              /' "$work/exceptions.txt"  # FloatingPointError two deeper
for _ in $(seq 50); do grep -q 'inconsistent indentation' "$work/serve.log" && break; sleep 0.1; done
grep -q 'inconsistent indentation' "$work/serve.log" || { echo "serve did not report the bad edit:" >&2; cat "$work/serve.log" >&2; exit 1; }
shoot "$url" samples/real/python-exceptions.serve.png 1200 700
