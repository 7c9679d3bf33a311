#!/usr/bin/env bash
# Counts the instructions `lint` spends on the 40 MB document, with valgrind's callgrind
# (repeatable, unlike times on a shared machine), and prints the functions that cost most.
#   bash Tests/Benchmarks/profile.sh [FILE]      (default build/bench/doc-40mb.xml)
# The CLI's async main cannot run under valgrind 3.19 (it dies in libdispatch's signal thread),
# so this builds, in build/bench/profile-package/, a copy of the package with one more
# executable, `lintprof`, that runs the same `Linter().lint(paths:)` as `sab-onboarding lint`
# without the command line. The project itself is not touched. Takes about 3 minutes.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
export LC_ALL=C
document="${1:-build/bench/doc-40mb.xml}"
copy=build/bench/profile-package
out=build/bench/callgrind.out

command -v valgrind >/dev/null || {
  echo "installing valgrind (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
}
[ -f "$document" ] || python3 Tests/Benchmarks/make_documents.py build/bench 40

# The package's sources and resolved dependencies (no network needed), plus the harness.
mkdir -p "$copy/.build"
tar --exclude=./.build --exclude=./build --exclude=./Tests --exclude=./.git -cf - . | (cd "$copy" && tar xf -)
for item in checkouts repositories workspace-state.json; do
  [ -e ".build/$item" ] && [ ! -e "$copy/.build/$item" ] && cp -a ".build/$item" "$copy/.build/"
done
mkdir -p "$copy/Sources/lintprof"
cat >"$copy/Sources/lintprof/main.swift" <<'SWIFT'
import OnboardingKit

// `sab-onboarding lint FILE...` without the command line: the same reading and rules.
let diagnostics = Linter().lint(paths: Array(CommandLine.arguments.dropFirst()))
print("\(diagnostics.count) diagnostics")
SWIFT
python3 - "$copy/Package.swift" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = re.sub(r"\n        \.testTarget\(.*?\n        \),", "", text, flags=re.S)
if '"lintprof"' not in text:
    text = text.replace(
        '        .executableTarget(name: "sab-onboarding"',
        '        .executableTarget(name: "lintprof", dependencies: ["OnboardingKit"]),\n'
        '        .executableTarget(name: "sab-onboarding"', 1)
open(path, "w").write(text)
PY
echo "== building the profiling copy (swift build -c release --product lintprof)"
(cd "$copy" && swift build -c release --product lintprof 2>&1 | tail -1)

echo "== callgrind: lintprof $document"
valgrind --tool=callgrind --callgrind-out-file="$out" "$copy/.build/release/lintprof" "$document" 2>"$out.log"
grep -E "refs" "$out.log"
echo
echo "== most instructions, inclusive (what each part costs with what it calls)"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E \
  'PROGRAM TOTALS|Linter.swift:.*lint_6images|AppDefReader.swift:.*AppDefReaderO4read|xmlParseChunk |MarkupScanner.swift:.*scanySiSWF|XMLStreamReader.swift:.*readElement.*VyF \[|trimmedText.*\[|screenLanguages.*\[' \
  | grep -v '=>' | sed -E 's/\[\/.*\]//' | cut -c1-160
echo
echo "== most instructions, exclusive (top 15)"
callgrind_annotate "$out" 2>/dev/null | sed -n '/file:function/,$p' | sed -n '3,17p' | sed -E 's/\[\/.*\]//' | cut -c1-160
echo
echo "full report: callgrind_annotate $out"
