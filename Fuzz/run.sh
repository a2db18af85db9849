#!/usr/bin/env bash
# Builds the fuzz targets and runs each for a fixed time (issue 31).
#
#   bash Fuzz/run.sh [SECONDS] [TARGET...]     # default: 40 s each of state-file, deep-link, plan-merge
#
# One binary, built with libFuzzer and AddressSanitizer from the Restack module's sources and the
# harness in Fuzz/ (`swiftc -sanitize=fuzzer,address -parse-as-library`: libFuzzer brings `main`,
# so the harness is compiled as a library into the module, not as a SwiftPM product), in
# .build-fuzz/. RESTACK_FUZZ_TARGET picks what the bytes are read as. Seeds: Fuzz/corpus/TARGET
# (read only; `python3 Fuzz/seeds.py` writes them); what a run finds goes to .build-fuzz/corpus/TARGET
# and a crash to .build-fuzz/artifacts/. Exits non-zero on the first crash or broken invariant.
# RESTACK_BUILD_LOCK, when set, is a command the compile runs under (a machine's build lock).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-40}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(state-file deep-link plan-merge)

out=.build-fuzz
mkdir -p "$out/artifacts"
lock=()
[ -n "${RESTACK_BUILD_LOCK:-}" ] && lock=("$RESTACK_BUILD_LOCK")
mapfile -t sources < <(find Sources/Restack Fuzz -name "*.swift" | sort)
# Rebuilt only when a source changed.
if [ ! -x "$out/restack-fuzz" ] || [ -n "$(find "${sources[@]}" -newer "$out/restack-fuzz" -print -quit)" ]; then
    echo "building $out/restack-fuzz"
    "${lock[@]}" swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 \
        -module-name Restack -package-name restack "${sources[@]}" -o "$out/restack-fuzz" 2>&1 |
        { grep -v "Cannot export local symbol '__asan" || true; }   # ld.gold's noise about ASan's own symbols
fi
for target in "${targets[@]}"; do
    mkdir -p "$out/corpus/$target"
    echo "fuzzing $target for $seconds s"
    RESTACK_FUZZ_TARGET="$target" "$out/restack-fuzz" "$out/corpus/$target" "Fuzz/corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$target-" 2>&1 | grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse)|^\s+NEW_FUNC|^"|Recommended dictionary|End of recommended dictionary' || {
        echo "fuzz target $target failed: see $out/artifacts/" >&2
        exit 1
    }
done
