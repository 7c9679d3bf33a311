#!/usr/bin/env bash
# make fuzz: builds the libFuzzer target and runs it for FUZZ_SECONDS (default 60) over a corpus
# seeded from the samples, the fixtures and every crash found before (Tests/Fuzz/crashes/).
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
binary=$(swift build "${flags[@]}" --show-bin-path)/FuzzLintAndBuild
[ -x "$binary" ] || { echo "fuzz: the target did not build" >&2; exit 1; }

corpus=build/fuzz/corpus
mkdir -p "$corpus" build/fuzz/artifacts
cp Samples/*/*.appDef Samples/*/appdef.xml Tests/OnboardingKitTests/Fixtures/invalid/*.xml Tests/OnboardingKitTests/Fixtures/encodings/*.xml ../shared/appdef-samples*/*.xml ../shared/appdef-samples*/*.appDef "$corpus"/ 2>/dev/null || true
cp Tests/Fuzz/crashes/* "$corpus"/ 2>/dev/null || true
export FUZZ_APPDEF_PATH="$PWD/Samples/builders/fuzz.appDef"
"$binary" "$corpus" -max_total_time="$seconds" -max_len=262144 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=build/fuzz/artifacts/ -print_final_stats=1 2>&1 | tee build/fuzz/last-run.log | grep -E "^#|stat::|ERROR|SUMMARY|Done" | tail -20
status=${PIPESTATUS[0]}
if ls build/fuzz/artifacts/crash-* build/fuzz/artifacts/timeout-* build/fuzz/artifacts/oom-* >/dev/null 2>&1; then
    echo "fuzz: found crashes in build/fuzz/artifacts: add each to Tests/Fuzz/crashes/ and fix it" >&2
    exit 1
fi
exit "$status"
