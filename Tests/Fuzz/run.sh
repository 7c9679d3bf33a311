#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets and runs each for FUZZ_SECONDS (default 60):
# - FuzzLintAndBuild, lint and an in-memory build of an appDef, over a corpus seeded from the
#   samples, the fixtures and every crash found before (Tests/Fuzz/crashes/);
# - FuzzPreviewRequest, the preview's request parser and Host check, seeded from
#   Tests/Fuzz/seeds/requests/;
# - FuzzSVG, an image file as lint reads it and an SVG as the build publishes it (nothing that
#   runs, and the same bytes when published again), seeded from Tests/Fuzz/seeds/svg/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
export PATH="$PATH:/opt/swift/usr/bin"
libfuzzer=$(find "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -1)
[ -n "$libfuzzer" ] || { echo "fuzz: libFuzzer is not in this Swift toolchain" >&2; exit 1; }
flags=(-c release --package-path Tests/Fuzz --scratch-path .build-fuzz
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
    -Xlinker "$libfuzzer" -Xlinker -lstdc++)
swift build "${flags[@]}" 2>&1 | grep -E "error|warning: .*Sources|Build complete" || true
bin=$(swift build "${flags[@]}" --show-bin-path)

# fuzz TARGET MAX_LEN: runs TARGET over build/fuzz/TARGET/corpus (seeded by the caller) and
# fails when it found a crash, a hang or a leak.
fuzz() {
    local target=$1 max_len=$2 folder=build/fuzz/$1
    [ -x "$bin/$target" ] || { echo "fuzz: $target did not build" >&2; return 1; }
    echo "fuzz: $target for $seconds s"
    "$bin/$target" "$folder/corpus" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$folder/artifacts/" -print_final_stats=1 2>&1 | tee "$folder/last-run.log" \
        | grep -E "^#|stat::|ERROR|SUMMARY|Done" | tail -20
    local status=${PIPESTATUS[0]}
    if ls "$folder"/artifacts/crash-* "$folder"/artifacts/timeout-* "$folder"/artifacts/oom-* >/dev/null 2>&1; then
        echo "fuzz: $target found crashes in $folder/artifacts: keep each (see Tests/Fuzz/crashes/README.md) and fix it" >&2
        return 1
    fi
    return "$status"
}

for target in FuzzLintAndBuild FuzzPreviewRequest FuzzSVG; do mkdir -p "build/fuzz/$target/corpus" "build/fuzz/$target/artifacts"; done

corpus=build/fuzz/FuzzLintAndBuild/corpus
cp Samples/*/*.appDef Samples/*/appdef.xml Tests/OnboardingKitTests/Fixtures/invalid/*.xml Tests/OnboardingKitTests/Fixtures/encodings/*.xml ../shared/appdef-samples*/*.xml ../shared/appdef-samples*/*.appDef "$corpus"/ 2>/dev/null || true
cp Tests/Fuzz/crashes/* "$corpus"/ 2>/dev/null || true
export FUZZ_APPDEF_PATH="$PWD/Samples/builders/fuzz.appDef"
status=0
fuzz FuzzLintAndBuild 262144 || status=1

cp Tests/Fuzz/seeds/requests/* build/fuzz/FuzzPreviewRequest/corpus/
fuzz FuzzPreviewRequest 4096 || status=1

cp Tests/Fuzz/seeds/svg/* build/fuzz/FuzzSVG/corpus/
fuzz FuzzSVG 65536 || status=1
exit "$status"
