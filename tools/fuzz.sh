#!/usr/bin/env bash
# make fuzz: builds SchematicFuzz with libFuzzer instrumentation (swiftc -sanitize=fuzzer) and
# fuzzes the whole pipeline (reader → label sizing with HarfBuzz → layout → SVG) once per
# reader, FUZZ_SECONDS each, with inputs up to FUZZ_MAX_LEN bytes (1 MB); an input that takes
# longer than FUZZ_TIMEOUT seconds is a failure, so a quadratic step shows up as a timeout.
# Seeds: the samples and Tests/FuzzCorpus/READER. Everything it writes stays under .build-fuzz/
# (ignored by git): the build log, one log per reader, the growing corpus, and the inputs that
# crashed or timed out (.build-fuzz/crashes/READER/); add those to Tests/FuzzCorpus/READER.
set -euo pipefail
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
max_len=${FUZZ_MAX_LEN:-1048576}
readers=${FUZZ_READERS:-outline json yaml csv tsv markdown org dot newick}
scratch=.build-fuzz
mkdir -p $scratch

# SchematicFuzz's own main starts libFuzzer (LLVMFuzzerRunDriver), so SwiftPM links it like any
# executable; lld, because ld.gold stops with an internal error on this link.
if ! swift build -c release --product SchematicFuzz --scratch-path $scratch \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
    > $scratch/build.log 2>&1; then
    tail -20 $scratch/build.log
    echo "make fuzz: the build failed (whole log: $scratch/build.log)"
    exit 1
fi
fuzzer=$scratch/release/SchematicFuzz

status=0
for reader in $readers; do
    corpus=$scratch/corpus/$reader
    artifacts=$scratch/crashes/$reader
    mkdir -p "$corpus" "$artifacts"
    case $reader in
        outline) cp samples/*.txt samples/*.tree samples/formats/animals.txt "$corpus"/ ;;
        json) cp samples/forest.json samples/org-chart.json samples/formats/animals.json "$corpus"/ ;;
        yaml) cp samples/formats/animals.yaml "$corpus"/ ;;
        csv) cp samples/formats/animals.csv "$corpus"/ ;;
        tsv) cp samples/formats/animals.tsv "$corpus"/ ;;
        markdown) cp samples/formats/animals.md README.md "$corpus"/ ;;
        org) ;;  # its seeds are all in Tests/FuzzCorpus/org
        dot) cp samples/formats/animals.dot samples/talk.dot "$corpus"/ ;;
        newick) cp samples/real/*.nwk "$corpus"/ ;;
        *) echo "make fuzz: unknown reader $reader"; exit 64 ;;
    esac
    if ! compgen -G "Tests/FuzzCorpus/$reader/*" > /dev/null; then
        echo "make fuzz: Tests/FuzzCorpus/$reader/ is missing or empty"; exit 1
    fi
    cp Tests/FuzzCorpus/$reader/* "$corpus"/
    log=$scratch/fuzz-$reader.log
    before=$(ls "$artifacts" | wc -l)
    if SWIFT_BACKTRACE=enable=no SCHEMATIC_FUZZ_READER=$reader $fuzzer "$corpus" \
        -max_total_time="$seconds" -timeout="$timeout" -max_len="$max_len" -rss_limit_mb=4096 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 > "$log" 2>&1; then
        result=ok
    else
        status=1
        if grep -q 'ALARM: working on the last Unit' "$log"; then result=TIMEOUT
        elif grep -q 'out-of-memory' "$log"; then result=OUT-OF-MEMORY
        else result=CRASH; fi
    fi
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
    [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    found=$(( $(ls "$artifacts" | wc -l) - before ))
    echo "fuzz $reader: $result, ${runs:-?} executions in at most ${seconds}s, new inputs saved in $artifacts: $found (log: $log)"
done
exit $status
