#!/usr/bin/env bash
# make fuzz: builds the readers with libFuzzer instrumentation (swiftc -sanitize=fuzzer) and
# fuzzes each reader for FUZZ_SECONDS, seeded from samples/ and the regression corpus in
# Tests/FuzzCorpus/READER. SwiftPM compiles; the link is done here, because SwiftPM renames an
# executable's entry point and libFuzzer must bring its own main. New crashes are saved under
# .build-fuzz/crashes/READER; add them to Tests/FuzzCorpus/READER as regression tests.
set -euo pipefail
seconds=${FUZZ_SECONDS:-60}
scratch=.build-fuzz
swift build -c release --product SchematicFuzz --scratch-path $scratch \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING > $scratch.log 2>&1 || true   # the link step fails; objects remain
objects=$(find $scratch/x86_64-unknown-linux-gnu/release/{Hierarchy,HierarchyReaders,Graphviz,SchematicFuzz}.build -name '*.swift.o')
swiftc -sanitize=fuzzer -O $objects -o $scratch/reader-fuzzer \
    -L/usr/lib/x86_64-linux-gnu -lgvc -lcgraph -lcdt -lyaml
mkdir -p $scratch/crashes
status=0
for reader in outline json yaml csv tsv markdown dot; do
    corpus=$scratch/corpus/$reader
    mkdir -p "$corpus" "$scratch/crashes/$reader"
    case $reader in
        outline) cp samples/*.txt samples/*.tree samples/formats/animals.txt "$corpus"/ ;;
        json) cp samples/forest.json samples/org-chart.json samples/formats/animals.json "$corpus"/ ;;
        yaml) cp samples/formats/animals.yaml "$corpus"/ ;;
        csv) cp samples/formats/animals.csv "$corpus"/ ;;
        tsv) cp samples/formats/animals.tsv "$corpus"/ ;;
        markdown) cp samples/formats/animals.md README.md "$corpus"/ ;;
        dot) cp samples/formats/animals.dot samples/talk.dot "$corpus"/ ;;
    esac
    [ -d Tests/FuzzCorpus/$reader ] && cp Tests/FuzzCorpus/$reader/* "$corpus"/ 2>/dev/null || true
    log=$scratch/fuzz-$reader.log
    if SWIFT_BACKTRACE=enable=no SCHEMATIC_FUZZ_READER=$reader $scratch/reader-fuzzer "$corpus" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$scratch/crashes/$reader/" -print_final_stats=1 > "$log" 2>&1; then
        result=ok
    else
        result=CRASH; status=1
    fi
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "fuzz $reader: $result, ${runs:-?} executions in ${seconds}s, crashes saved: $(ls $scratch/crashes/$reader | wc -l)"
done
exit $status
