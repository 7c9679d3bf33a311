#!/usr/bin/env bash
# The digest that lets make test skip the rule registry generator's tests changes with every
# input of those tests: a rule added in a category folder, a rule edited, a rule moved, the
# committed registry edited, the generator's sources or tests edited. Checked on a copy of the
# tree, so that the sources are never touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
fail() { echo "rule registry digest check: $*" >&2; exit 1; }

mkdir -p "$copy/Sources/Linting" "$copy/Tests/RuleRegistry"
cp -R Sources/Linting/Rules "$copy/Sources/Linting/"
# The generator's package without a build folder a contributor may have left in it.
mkdir -p "$copy/Sources/generate-rule-registry"
cp -R Sources/generate-rule-registry/Package.swift Sources/generate-rule-registry/Sources \
    Sources/generate-rule-registry/Tests Sources/generate-rule-registry/inputs-digest.sh \
    "$copy/Sources/generate-rule-registry/"
digest() { bash "$copy/Sources/generate-rule-registry/inputs-digest.sh"; }

original=$(digest)
[ "$original" = "$(bash Sources/generate-rule-registry/inputs-digest.sh)" ] \
    || fail "the copy's digest is not the tree's: the digest depends on where the tree is"
[[ "$original" =~ ^[0-9a-f]{64}$ ]] || fail "not a SHA-256: $original"

# Each change below must give a digest of its own.
seen=("$original")
changed() {
    local now
    now=$(digest)
    for earlier in "${seen[@]}"; do
        [ "$now" != "$earlier" ] || fail "the digest did not change when $1"
    done
    seen+=("$now")
}
rules="$copy/Sources/Linting/Rules"
category=$(find "$rules" -mindepth 1 -maxdepth 1 -type d | LC_ALL=C sort | head -n 1)
printf 'internal struct UnlistedRule: Rule {}\n' >"$category/UnlistedRule.swift"
changed "a rule was added in $(basename "$category")/"
mkdir -p "$rules/Elsewhere" && mv "$category/UnlistedRule.swift" "$rules/Elsewhere/"
changed "a rule was moved to another folder"
printf '// edited\n' >>"$rules/Elsewhere/UnlistedRule.swift"
changed "a rule was edited"
printf '// edited\n' >>"$rules/RuleRegistry+Generated.swift"
changed "the committed registry was edited"
printf '// edited\n' >>"$copy/Sources/generate-rule-registry/Sources/RuleDiscovery/RuleDiscovery.swift"
changed "the generator was edited"
printf '// edited\n' >>"$(find "$copy/Sources/generate-rule-registry/Tests" -name '*.swift' | head -n 1)"
changed "the generator's tests were edited"
printf '// edited\n' >>"$copy/Sources/generate-rule-registry/Package.swift"
changed "the generator's manifest was edited"
echo "rule registry digest check: 1 passed, 0 failed"
