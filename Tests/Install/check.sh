#!/usr/bin/env bash
# Installs into a temporary PREFIX as a user would, checks what landed works, and uninstalls.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "install check: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$prefix" >/dev/null
for file in bin/sab-onboarding share/man/man1/sab-onboarding.1 share/bash-completion/completions/sab-onboarding \
    share/zsh/site-functions/_sab-onboarding share/fish/vendor_completions.d/sab-onboarding.fish; do
    [ -s "$prefix/$file" ] || fail "$file is missing or empty"
done
"$prefix/bin/sab-onboarding" --version | grep -q '^sab-onboarding [0-9]' || fail "the installed binary does not run"
# Captured first: `cmd | grep -q` under pipefail fails when grep stops reading early, which
# would hide exactly the match these checks look for.
libraries=$(ldd "$prefix/bin/sab-onboarding") || fail "ldd cannot read the installed binary"
if grep -q 'libswift' <<<"$libraries"; then fail "the installed binary needs Swift's shared libraries"; fi
# libvips and the font libraries are loaded when first needed, never at start (nor by lint).
if grep -q -E 'libvips|harfbuzz|woff2' <<<"$libraries"; then fail "the installed binary links libvips or a font library at start"; fi
# Not all of Foundation: with its copy of ICU it is 50 MB more and slower to start.
# FoundationEssentials is allowed (swift-argument-parser imports it).
symbols=$(nm "$prefix/bin/sab-onboarding") || fail "nm cannot read the installed binary"
if grep -q -E '\$s10Foundation|uloc_|ucol_open' <<<"$symbols"; then fail "the installed binary links all of Foundation"; fi
"$prefix/bin/sab-onboarding" lint --strict Samples/builders/builders.appDef 2>/dev/null || fail "the installed binary does not lint"
grep -q '^\.Dt SAB-ONBOARDING 1' "$prefix/share/man/man1/sab-onboarding.1" || fail "the man page has no title"
for command in lint build preview review manifest schema rules templates list export; do
    grep -q "^\.It Em $command\$" "$prefix/share/man/man1/sab-onboarding.1" || fail "the man page does not describe $command"
done
warnings=$(groff -mandoc -Tutf8 -ww -z "$prefix/share/man/man1/sab-onboarding.1" 2>&1) || fail "groff cannot format the man page"
[ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
bash -n "$prefix/share/bash-completion/completions/sab-onboarding" || fail "the bash completion is not valid bash"
zsh -n "$prefix/share/zsh/site-functions/_sab-onboarding" || fail "the zsh completion is not valid zsh"
grep -q '^#compdef sab-onboarding$' "$prefix/share/zsh/site-functions/_sab-onboarding" || fail "the zsh completion has no #compdef line"
fish -n "$prefix/share/fish/vendor_completions.d/sab-onboarding.fish" || fail "the fish completion is not valid fish"
# fish offers the subcommands, with the installed binary on PATH as a user would have it.
offered=$(PATH="$prefix/bin:$PATH" fish -c "source '$prefix/share/fish/vendor_completions.d/sab-onboarding.fish'; complete -C 'sab-onboarding '")
for command in lint build review manifest schema rules templates; do
    grep -q "^$command"$'\t' <<<"$offered" || fail "fish completion does not offer '$command' (got: $offered)"
done
# and the rule ids after `rules`.
offered=$(PATH="$prefix/bin:$PATH" fish -c "source '$prefix/share/fish/vendor_completions.d/sab-onboarding.fish'; complete -C 'sab-onboarding rules invalid-co'")
[ "$offered" = "invalid-color" ] || fail "fish completion does not complete the rule id invalid-color (got: $offered)"
# The bash completion offers the subcommands.
words=$(bash -c "source '$prefix/share/bash-completion/completions/sab-onboarding'; COMP_WORDS=(sab-onboarding ''); COMP_CWORD=1; COMP_LINE='sab-onboarding '; COMP_POINT=\${#COMP_LINE}; _sab-onboarding 2>/dev/null; echo \"\${COMPREPLY[*]}\"")
for command in lint build review manifest schema rules templates; do
    [[ " $words " == *" $command "* ]] || fail "bash completion does not offer '$command' (got: $words)"
done
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
[ -z "$(find "$prefix" -type f)" ] || fail "uninstall left files: $(find "$prefix" -type f)"
echo "install check: 1 passed, 0 failed"
