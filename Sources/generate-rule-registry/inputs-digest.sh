#!/usr/bin/env bash
# Prints one SHA-256 of everything the rule registry generator's tests read or run: the rules'
# sources with the committed registry, and the generator's own package (its manifest, sources
# and tests). Each file counts by its path and its bytes, so that a rule added, renamed, moved
# or edited, or a generator changed, gives another digest.
# `make rules-registry-test` writes it to tested-inputs.sha256 when the tests pass; `make test`
# runs the tests again (building swift-syntax, minutes in CI) only when it differs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
find Sources/Linting/Rules Sources/generate-rule-registry/Package.swift \
    Sources/generate-rule-registry/Sources Sources/generate-rule-registry/Tests -type f -name '*.swift' \
    | LC_ALL=C sort \
    | while IFS= read -r path; do
        printf '%s %s\n' "$(sha256sum <"$path" | cut -c1-64)" "$path"
    done \
    | sha256sum | cut -c1-64
