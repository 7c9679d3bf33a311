"""Fixtures of the browser suite: the samples built by the tool, served over HTTP, and
Debian's Chromium driven by Playwright at a phone and a desktop size.

The site served on 127.0.0.1 is laid out as a PWA would be:

    /favicon.ico                     the PWA's icon (so the browser's own request finds it)
    /blank.html                      an empty page on the same origin (history set-up)
    /<sample>/index.html             the PWA's first page, which includes the gate script
    /<sample>/onboarding/...         the output of `sab-onboarding build` for the sample

so the default start URL `../` of the carousel leads to the sample's app page.
"""

from __future__ import annotations

import base64
import functools
import json
import os
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = PACKAGE_ROOT / "build" / "screenshots"
CHROMIUM = os.environ.get("SAB_CHROMIUM", "/usr/bin/chromium")

# The only fonts Chromium sees (Debian's fonts-noto-core, which run.sh installs): what the tests
# measure must not depend on the fonts a machine happens to have. Every generic family the pages
# can fall back to (system-ui, sans-serif, serif, monospace) is one of them.
TEST_FONTS = Path("/usr/share/fonts/truetype/noto")
TEST_FONT_FAMILY = "Noto Sans"
FONTCONFIG = """<?xml version="1.0"?>
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <alias binding="same"><family>system-ui</family><prefer><family>Noto Sans</family></prefer></alias>
  <alias binding="same"><family>sans-serif</family><prefer><family>Noto Sans</family></prefer></alias>
  <alias binding="same"><family>serif</family><prefer><family>Noto Serif</family></prefer></alias>
  <alias binding="same"><family>monospace</family><prefer><family>Noto Sans</family></prefer></alias>
</fontconfig>
"""

SAMPLES = {
    "builders": "Samples/builders/builders.appDef",
    "multilingual": "Samples/multilingual/multilingual.appDef",
    "one-line-export": "Samples/one-line-export/appdef.xml",
}

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}

# Records the carousel's events in sessionStorage, which survives the move to the app page.
EVENT_RECORDER = """
(() => {
  for (const name of ["started", "pageview", "skipped", "completed"]) {
    document.addEventListener("onboarding:" + name, (event) => {
      const log = JSON.parse(sessionStorage.getItem("test:events") || "[]");
      log.push({ type: event.type, detail: event.detail });
      sessionStorage.setItem("test:events", JSON.stringify(log));
    });
  }
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI);
  });
})();
"""

# A 1x1 PNG, served as the PWA's favicon.
FAVICON = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)

APP_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The app</title>
<script src="onboarding/onboarding-gate.js"></script>
</head>
<body><h1 id="app">The app</h1></body>
</html>
"""

BLANK_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body></body></html>
"""


@dataclass
class Sample:
    name: str
    out: Path
    origin: str
    manifest: dict

    @property
    def app_url(self) -> str:
        return f"{self.origin}/{self.name}/"

    def url(self, query: str = "", page: str = "index.html") -> str:
        return f"{self.origin}/{self.name}/onboarding/{page}{query}"

    @property
    def count(self) -> int:
        return len(self.manifest["screens"])

    @property
    def storage_key(self) -> str:
        return self.manifest["storageKey"]

    def html_files(self) -> list[Path]:
        return sorted(self.out.rglob("*.html"))


class _QuietHandler(SimpleHTTPRequestHandler):
    # Every path asked for, in order (the `served_paths` fixture clears it): what the browser
    # asks for by itself, such as an icon, reaches no page event.
    paths: list[str] = []

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def send_response(self, code, message=None):
        _QuietHandler.paths.append(self.path)
        super().send_response(code, message)

    def end_headers(self):
        # Web fonts are cached, as their content-hashed names allow and the PWA's service worker
        # does: the pages say `font-display: optional`, so Chromium draws with a web font only
        # when it has it at hand when the text is laid out, and a font fetched anew every time
        # would never be drawn. Everything else is fetched anew.
        cached = "/fonts/" in self.path and self.path.endswith(".woff2")
        self.send_header("Cache-Control", "max-age=31536000, immutable" if cached else "no-store")
        super().end_headers()


def _tool() -> Path:
    tool = Path(os.environ.get("SAB_ONBOARDING", ".build/debug/sab-onboarding"))
    if not tool.is_absolute():
        tool = PACKAGE_ROOT / tool
    if not tool.exists():
        pytest.exit(f"the tool is missing at {tool}: build it (swift build) or set SAB_ONBOARDING", 2)
    return tool


def build_onboarding(app_def: Path, out: Path, *options: str) -> subprocess.CompletedProcess:
    """Runs `sab-onboarding build` (with SAB_TEMPLATES when set); fails the test when it fails."""
    command = [str(_tool()), "build", str(app_def), "--out", str(out), "--quiet", *options]
    templates = os.environ.get("SAB_TEMPLATES")
    if templates:
        command += ["--templates", templates]
    run = subprocess.run(command, cwd=PACKAGE_ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.fail(f"building {app_def} failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
    return run


@pytest.fixture(scope="session")
def site_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("site")
    for name, app_def in SAMPLES.items():
        build_onboarding(PACKAGE_ROOT / app_def, root / name / "onboarding")
        (root / name / "index.html").write_text(APP_PAGE, encoding="utf-8")
    (root / "favicon.ico").write_bytes(FAVICON)
    (root / "blank.html").write_text(BLANK_PAGE, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def origin(site_root) -> str:
    handler = functools.partial(_QuietHandler, directory=str(site_root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def served_paths(origin) -> list[str]:
    """The paths the test server is asked for from now on, in order."""
    _QuietHandler.paths.clear()
    return _QuietHandler.paths


@pytest.fixture(scope="session")
def samples(site_root, origin) -> dict[str, Sample]:
    result = {}
    for name in SAMPLES:
        out = site_root / name / "onboarding"
        manifest = json.loads((out / "onboarding.json").read_text(encoding="utf-8"))
        result[name] = Sample(name, out, origin, manifest)
    return result


@pytest.fixture(scope="session")
def fontconfig_file(tmp_path_factory) -> Path:
    """A fontconfig configuration that gives Chromium the test fonts and nothing else."""
    if not (TEST_FONTS / "NotoSans-Regular.ttf").exists():
        pytest.exit(f"the test fonts are missing in {TEST_FONTS}: install fonts-noto-core (run.sh does)", 2)
    folder = tmp_path_factory.mktemp("fontconfig")
    # Links to the test fonts, not their folder: other packages put fonts there too (libvips-dev
    # brings fonts-noto-mono, whose "Noto Sans Mono" then won the match for "Noto Sans").
    fonts = folder / "fonts"
    fonts.mkdir()
    for font in sorted(TEST_FONTS.iterdir()):
        if font.suffix in (".ttf", ".otf", ".ttc") and "Mono" not in font.name:
            (fonts / font.name).symlink_to(font)
    config = folder / "fonts.conf"
    config.write_text(FONTCONFIG.format(fonts=fonts, cache=folder / "cache"), encoding="utf-8")
    return config


@pytest.fixture(scope="session")
def app_from_text(site_root, origin):
    """app_from_text(name, appdef_text, images={}, fonts={}) -> Sample: an appDef written by a test,
    with the files of its images and fonts folders, built and served as the samples are (its app
    page at /<name>/, the onboarding at /<name>/onboarding/)."""

    def build(name: str, text: str, images: dict[str, bytes] | None = None, fonts: dict[str, bytes] | None = None) -> Sample:
        project = site_root / "_projects" / name
        (project / "images" / "onboarding").mkdir(parents=True, exist_ok=True)
        for file_name, content in (images or {}).items():
            (project / "images" / "onboarding" / file_name).write_bytes(content)
        (project / "fonts").mkdir(exist_ok=True)
        for file_name, content in (fonts or {}).items():
            (project / "fonts" / file_name).write_bytes(content)
        app_def = project / "app.appDef"
        app_def.write_text(text, encoding="utf-8")
        out = site_root / name / "onboarding"
        build_onboarding(app_def, out)
        (site_root / name / "index.html").write_text(APP_PAGE, encoding="utf-8")
        manifest = json.loads((out / "onboarding.json").read_text(encoding="utf-8"))
        return Sample(name, out, origin, manifest)

    return build


@pytest.fixture(scope="session")
def browser(fontconfig_file):
    if not Path(CHROMIUM).exists():
        pytest.exit(f"Chromium is missing at {CHROMIUM}", 2)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox"],
            env={**os.environ, "FONTCONFIG_FILE": str(fontconfig_file)})
        yield browser
        browser.close()


@pytest.fixture(params=list(SIZES))
def size(request) -> str:
    """The viewport size; a test that makes sense at one size only parametrises `size` itself."""
    return request.param


@dataclass
class Watch:
    """What a page did that a test may not allow: console errors, uncaught exceptions, requests."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


@pytest.fixture
def open_page(browser, size, origin):
    """open_page(url, size=None, init_scripts=(), **context_options) -> Page, in a new context.

    Every page records its console errors and uncaught exceptions; the test fails if there were any.
    The page's `watch` attribute holds them and every request the page made."""
    contexts = []
    watches = []

    def open_(url: str | None = None, size_name: str | None = None, init_scripts=(), wait_ready=True, **options):
        settings = dict(SIZES[size_name or size])
        settings.update(options)
        context = browser.new_context(**settings)
        contexts.append(context)
        context.add_init_script(EVENT_RECORDER)
        for script in init_scripts:
            context.add_init_script(script)
        page = context.new_page()
        watch = Watch()
        watches.append(watch)
        page.on("console", lambda message: message.type == "error" and watch.errors.append(
            f"console error: {message.text} ({message.location.get('url')})"))
        page.on("pageerror", lambda error: watch.errors.append(f"uncaught exception: {error}"))
        page.on("request", lambda request: watch.requests.append(request.url))
        page.watch = watch
        page.set_default_timeout(5000)
        if url is not None:
            page.goto(url)
            if wait_ready:
                page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
        return page

    yield open_
    for context in contexts:
        context.close()
    errors = [error for watch in watches for error in watch.errors]
    if errors:
        pytest.fail("the page reported errors:\n" + "\n".join(errors))


@pytest.fixture
def carousel(open_page, samples):
    """carousel(sample_name, query="", **options) -> Page showing that sample's carousel, ready."""

    def open_(name: str, query: str = "", **options):
        return open_page(samples[name].url(query), **options)

    return open_


@pytest.fixture(scope="session")
def screenshots_dir() -> Path:
    """build/screenshots, emptied once per session that takes screenshots (old ones would mislead)."""
    if SCREENSHOTS.exists():
        shutil.rmtree(SCREENSHOTS)
    SCREENSHOTS.mkdir(parents=True)
    return SCREENSHOTS
