#!/usr/bin/env bash
# Counts the instructions `lint` spends on the 40 MB document, with valgrind's callgrind
# (repeatable, unlike times on a shared machine), and prints the functions that cost most.
#   bash Tests/Benchmarks/profile.sh [FILE]      (default build/bench/doc-40mb.xml)
# Profiles the release binary users install (`make release`): its `main` is synchronous, so
# valgrind runs it as it is. Takes about 2 minutes.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
export LC_ALL=C
document="${1:-build/bench/doc-40mb.xml}"
out=build/bench/callgrind.out

command -v valgrind >/dev/null || bash .ci/apt-install "the profile needs" valgrind
[ -f "$document" ] || python3 Tests/Benchmarks/make_documents.py build/bench 40

echo "== make release"
make --no-print-directory release >/dev/null

echo "== callgrind: sab-onboarding lint $document"
valgrind --tool=callgrind --callgrind-out-file="$out" .build/release/sab-onboarding lint "$document" >/dev/null 2>"$out.log" || true
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
