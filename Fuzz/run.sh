#!/usr/bin/env bash
# Builds the fuzz targets and runs each for a fixed time (issues 31 and 38).
#
#   bash Fuzz/run.sh [SECONDS] [TARGET...]     # default: 40 s each of state-file, deep-link, plan-merge, tree-blob
#   bash Fuzz/run.sh --seeds                   # rewrites Fuzz/corpus/tree-blob from real trees (those adding coverage)
#
# Two binaries, built with libFuzzer and AddressSanitizer in .build-fuzz/ (`swiftc
# -sanitize=fuzzer,address -parse-as-library`: libFuzzer brings `main`, so each harness is
# compiled as a library into the module it fuzzes, not as a SwiftPM product):
#   restack-fuzz        the Restack module's sources and Fuzz/*.swift; RESTACK_FUZZ_TARGET picks
#                       what the bytes are read as (state-file, deep-link, plan-merge);
#   restack-fuzz-store  the RestackStore module's sources and Fuzz/Store/*.swift (target
#                       tree-blob: the store's tree blob, read and judged by `check`), against the
#                       Restack module compiled the same way and GRDB, swift-log, swift-metrics and
#                       the migrations built by SwiftPM, instrumented, in .build-fuzz/spm.
# Seeds: Fuzz/corpus/TARGET (read only; `python3 Fuzz/seeds.py` writes the first three, `--seeds`
# the last); what a run finds goes to .build-fuzz/corpus/TARGET and a crash to
# .build-fuzz/artifacts/. Exits non-zero on the first crash or broken invariant.
# RESTACK_BUILD_LOCK, when set, is a command each compile runs under (a machine's build lock).
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=false
if [ "${1:-}" = "--seeds" ]; then seeds=true; shift; fi
seconds="${1:-40}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(state-file deep-link plan-merge tree-blob)
$seeds && targets=(tree-blob)

out=.build-fuzz
mkdir -p "$out/artifacts"
lock=()
[ -n "${RESTACK_BUILD_LOCK:-}" ] && read -r -a lock <<< "$RESTACK_BUILD_LOCK"
quiet() { grep -v "Cannot export local symbol '__asan" || true; }   # ld.gold's noise about ASan's own symbols
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name restack)
mapfile -t restack < <(find Sources/Restack -name "*.swift" | sort)
mapfile -t harness < <(find Fuzz -maxdepth 1 -name "*.swift" | sort)
# Each binary is rebuilt only when one of its sources changed.
stale() { [ ! -x "$1" ] || [ -n "$(find "${@:2}" -newer "$1" -print -quit)" ]; }

if [[ " ${targets[*]} " != " tree-blob " ]] && stale "$out/restack-fuzz" "${restack[@]}" "${harness[@]}"; then
    echo "building $out/restack-fuzz"
    "${lock[@]}" swiftc "${flags[@]}" -module-name Restack "${restack[@]}" "${harness[@]}" -o "$out/restack-fuzz" 2>&1 | quiet
fi
if [[ " ${targets[*]} " == *" tree-blob "* ]]; then
    mapfile -t store < <(find Sources/RestackStore Fuzz/Store -name "*.swift" | sort)
    if stale "$out/restack-fuzz-store" "${store[@]}" "${restack[@]}" Package.swift; then
        echo "building $out/restack-fuzz-store"
        spm="$out/spm"
        "${lock[@]}" swift build --scratch-path "$spm" --target RestackStore -Xswiftc -sanitize=fuzzer,address 2>&1 | tail -1
        bin=$(swift build --scratch-path "$spm" --show-bin-path)
        mkdir -p "$out/modules"
        "${lock[@]}" swiftc "${flags[@]}" -wmo -module-name Restack "${restack[@]}" -emit-module-path "$out/modules/Restack.swiftmodule" \
            -emit-object -o "$out/modules/Restack.o" 2>&1 | quiet
        "${lock[@]}" swiftc "${flags[@]}" -module-name RestackStore "${store[@]}" -I "$out/modules" -I "$bin/Modules" \
            -Xcc -fmodule-map-file="$spm/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap" \
            "$out/modules/Restack.o" "$bin"/{GRDB,Logging,CoreMetrics,Metrics,RestackMigrations}.build/*.o -lsqlite3 \
            -o "$out/restack-fuzz-store" 2>&1 | quiet
    fi
fi
if $seeds; then
    # Every real tree, then only those that add an edge (libFuzzer's merge, hit counts ignored), the
    # smallest first: a few dozen files, not one per fixture.
    rm -rf "$out/seeds" Fuzz/corpus/tree-blob
    mkdir -p Fuzz/corpus/tree-blob
    RESTACK_FUZZ_SEEDS="$out/seeds" "$out/restack-fuzz-store"
    "$out/restack-fuzz-store" -merge=1 -use_counters=0 Fuzz/corpus/tree-blob "$out/seeds" 2>&1 | grep -E '^MERGE-OUTER: [0-9]+ new files' || true
    echo "wrote $(ls Fuzz/corpus/tree-blob | wc -l) of $(ls "$out/seeds" | wc -l) real trees to Fuzz/corpus/tree-blob"
    exit 0
fi
for target in "${targets[@]}"; do
    mkdir -p "$out/corpus/$target"
    echo "fuzzing $target for $seconds s"
    binary="$out/restack-fuzz"
    [ "$target" = tree-blob ] && binary="$out/restack-fuzz-store"
    RESTACK_FUZZ_TARGET="$target" "$binary" "$out/corpus/$target" "Fuzz/corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$target-" 2>&1 | grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse)|^\s+NEW_FUNC|^"|Recommended dictionary|End of recommended dictionary' || {
        echo "fuzz target $target failed: see $out/artifacts/" >&2
        exit 1
    }
done
