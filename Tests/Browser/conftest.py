"""Fixtures of the browser suite: the samples built by the tool, served over HTTP, and two
browser engines at a phone and a desktop size: Debian's Chromium driven by Playwright, and
WebKitGTK (Safari's engine) driven by Selenium through WebKit's own WebDriver (webkit.py).

Every test that opens a page runs in each engine (`engine`, ids [chromium] and [webkit]), through
one page interface (pages.py). A test that needs what WebKitGTK's WebDriver does not have is
marked `@pytest.mark.webkit_lacks("why")`: its WebKit run is reported as skipped, with that reason.
A defect the pages show in WebKit and that is not fixed yet is marked `webkit_defect("why")`: its
WebKit run is expected to fail (a strict xfail), and is reported with that reason.
SAB_WEBKIT=carousel (what `make test` runs) leaves out the WebKit runs of the tests marked
`webkit_optional("why")`, whose outcome does not depend on the engine, and the WebKit run at
the desktop size of the tests that run at both sizes (`size`), each reported as skipped with
its reason; SAB_WEBKIT=all (the default) runs them.
SAB_BROWSERS=chromium (or webkit) runs one engine alone.

The samples are built once for the whole run, also when pytest-xdist runs the two engines in
several processes (`build_once`).

The site served on 127.0.0.1 is laid out as a PWA would be:

    /favicon.ico                     the PWA's icon (so the browser's own request finds it)
    /blank.html                      an empty page on the same origin (history set-up)
    /<sample>/index.html             the PWA's first page, which includes the gate script
    /<sample>/onboarding/...         the output of `sab-onboarding build` for the sample

so the default start URL `../` of the carousel leads to the sample's app page.
"""

from __future__ import annotations

import base64
import fcntl
import functools
import json
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from pages import WEBKIT_RECORDER, ChromiumPage, WebKitPage
from webkit import Launch, WebKitBrowsers

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = PACKAGE_ROOT / "build" / "screenshots"
CHROMIUM = os.environ.get("SAB_CHROMIUM", "/usr/bin/chromium")

ENGINES = ("chromium", "webkit")

# The only fonts the browsers see (Debian's fonts-noto-core, which run.sh installs): what the tests
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

# In WebKitGTK, whose WebDriver has no touch or mobile emulation, a phone is its viewport alone.
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}

# Records the carousel's events in sessionStorage, which survives the move to the app page, and
# reports CSP violations and error events as console errors.
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
  // What the page's own error reporting (window.onerror) gets and Chromium does not log, such as
  // ResizeObserver's "loop completed with undelivered notifications" (an exception is reported
  // as such already).
  addEventListener("error", (event) => {
    if (event.target === window && !event.error) console.error("error event: " + event.message);
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

# Its icon link keeps a browser from asking for /favicon.ico (WebKitGTK does), which would show
# in `served_paths` of a test whose window started here.
BLANK_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Blank</title><link rel="icon" href="data:,"></head><body></body></html>
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


class SiteControl:
    """What a test changes on the test server while it runs (one server per test process)."""

    def __init__(self):
        # Every path asked for, in order (the `served_paths` fixture clears it): what the browser
        # asks for by itself, such as an icon, reaches no page event.
        self.paths: list[str] = []
        # No answer at all, as where the network is gone (WebKit's `set_offline`).
        self.offline = False
        # Seconds to wait before answering, by the end of the path (".css"): a slow network's
        # order of arrival, the same in both engines (open_page resets it after each test).
        self.delays: dict[str, float] = {}
        # A test's own answer to a request: answer(path) -> (status, headers) sends that with no
        # body, None lets the request be served (open_page resets it after each test).
        self.answer = None
        # WebKit's stand-in for Playwright's init scripts: served at INIT_PATH, and named first in
        # every HTML page while it is set (only while a WebKit page is open).
        self.init_script: str | None = None


INIT_PATH = "/__test__/init.js"
INIT_TAG = f'<script src="{INIT_PATH}"></script>'
# Where the init script goes, in order of preference: it must come before the page's own scripts.
OPENING_TAGS = [re.compile(pattern, re.IGNORECASE) for pattern in (r"<head\b[^>]*>", r"<html\b[^>]*>", r"<!DOCTYPE[^>]*>")]


def with_init_script(page: str) -> str:
    """The page with INIT_TAG first in it: just after <head>, else <html>, else the doctype."""
    for tag in OPENING_TAGS:
        found = tag.search(page)
        if found:
            return page[:found.end()] + INIT_TAG + page[found.end():]
    return INIT_TAG + page


class _SiteHandler(SimpleHTTPRequestHandler):
    def __init__(self, *args, control: SiteControl, **kwargs):
        self.control = control
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_GET(self):
        if self.control.offline:
            self.close_connection = True
            return
        path = self.path.split("?")[0]
        for ending, seconds in list(self.control.delays.items()):
            if path.endswith(ending):
                time.sleep(seconds)
        answer = self.control.answer and self.control.answer(self.path)
        if answer:
            status, headers = answer
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        script = self.control.init_script
        if script is not None:
            if self.path == INIT_PATH:
                return self._send("text/javascript; charset=utf-8", script)
            page = self._html_file()
            if page is not None:
                return self._send("text/html; charset=utf-8", with_init_script(page.read_text(encoding="utf-8")))
        super().do_GET()

    def _html_file(self) -> Path | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return None  # the base class redirects to the folder's address
            path = path / "index.html"
        return path if path.suffix == ".html" and path.is_file() else None

    def _send(self, content_type: str, text: str):
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_response(self, code, message=None):
        if not self.path.startswith("/__test__/"):
            self.control.paths.append(self.path)
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


def build_once(root: Path, name: str, build) -> None:
    """Calls `build()` once for the whole run: pytest-xdist's processes share `root`, and the first
    to get here builds while the others wait, then use what it wrote. A build that fails leaves
    no mark, so the next process tries again (and fails its tests in turn)."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = root / f".{name}.built"
        if not built.exists():
            build()
            built.touch()


@pytest.fixture(scope="session")
def shared_tmp(tmp_path_factory) -> Path:
    """A temporary folder of the whole run: pytest-xdist's workers each have a folder of their own
    in the run's, which is the one they share."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def site_root(shared_tmp) -> Path:
    root = shared_tmp / "site"

    def build():
        for name, app_def in SAMPLES.items():
            build_onboarding(PACKAGE_ROOT / app_def, root / name / "onboarding")
            (root / name / "index.html").write_text(APP_PAGE, encoding="utf-8")
        (root / "favicon.ico").write_bytes(FAVICON)
        (root / "blank.html").write_text(BLANK_PAGE, encoding="utf-8")

    build_once(root, "samples", build)
    return root


@pytest.fixture(scope="session")
def site() -> SiteControl:
    return SiteControl()


class _SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that leaves a page while its images load closes their connections: not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def origin(site_root, site) -> str:
    handler = functools.partial(_SiteHandler, directory=str(site_root), control=site)
    server = _SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def served_paths(site) -> list[str]:
    """The paths the test server is asked for from now on, in order."""
    site.paths.clear()
    return site.paths


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
    """A fontconfig configuration that gives the browsers the test fonts and nothing else."""
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
        out = site_root / name / "onboarding"

        def build_project():
            project = site_root / "_projects" / name
            (project / "images" / "onboarding").mkdir(parents=True, exist_ok=True)
            for file_name, content in (images or {}).items():
                (project / "images" / "onboarding" / file_name).write_bytes(content)
            (project / "fonts").mkdir(exist_ok=True)
            for file_name, content in (fonts or {}).items():
                (project / "fonts" / file_name).write_bytes(content)
            app_def = project / "app.appDef"
            app_def.write_text(text, encoding="utf-8")
            build_onboarding(app_def, out)
            (site_root / name / "index.html").write_text(APP_PAGE, encoding="utf-8")

        build_once(site_root / "_projects", name, build_project)
        manifest = json.loads((out / "onboarding.json").read_text(encoding="utf-8"))
        return Sample(name, out, origin, manifest)

    return build


def pytest_configure(config):
    # Selenium's own WebKitGTK driver class sets up its connection in a way Selenium itself
    # deprecates; nothing the suite can change.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")
    config.addinivalue_line(
        "markers", "webkit_lacks(reason): the test needs what WebKitGTK's WebDriver does not have; "
        "it runs in Chromium alone, and its WebKit run is reported as skipped with the reason")
    config.addinivalue_line(
        "markers", "webkit_optional(reason): what the test checks does not depend on the engine (the DOM and CSS "
        "the build writes); SAB_WEBKIT=carousel leaves its WebKit run out, reported as skipped with the reason")
    config.addinivalue_line(
        "markers", "webkit_defect(reason): a defect of the pages in WebKit, not yet fixed: the test runs in "
        "both engines, its WebKit run is expected to fail (strict: once it passes, the suite fails until "
        "the mark goes) and is reported as xfailed with the reason")


def selected_engines() -> list[str]:
    """The engines to test in: SAB_BROWSERS (comma-separated), else both."""
    names = [name.strip() for name in os.environ.get("SAB_BROWSERS", ",".join(ENGINES)).split(",") if name.strip()]
    unknown = sorted(set(names) - set(ENGINES))
    if unknown or not names:
        raise pytest.UsageError(f"SAB_BROWSERS names {', '.join(ENGINES)}; not {unknown or 'nothing'}")
    return names


def webkit_scope() -> str:
    """Which WebKit runs there are: SAB_WEBKIT=all (every test) or carousel (not the optional ones)."""
    scope = os.environ.get("SAB_WEBKIT", "all")
    if scope not in ("all", "carousel"):
        raise pytest.UsageError(f"SAB_WEBKIT is all or carousel, not {scope!r}")
    return scope


def pytest_generate_tests(metafunc):
    """Every test that opens a page gets an `engine`: chromium and webkit."""
    if "engine" not in metafunc.fixturenames:
        return
    lacking = metafunc.definition.get_closest_marker("webkit_lacks")
    optional = metafunc.definition.get_closest_marker("webkit_optional")
    defect = metafunc.definition.get_closest_marker("webkit_defect")
    params = []
    for name in selected_engines():
        if name == "webkit" and lacking:
            params.append(pytest.param(name, marks=pytest.mark.skip(reason=f"WebKitGTK: {lacking.args[0]}")))
        elif name == "webkit" and optional and webkit_scope() == "carousel":
            reason = f"left out by SAB_WEBKIT=carousel (SAB_WEBKIT=all runs it): {optional.args[0]}"
            params.append(pytest.param(name, marks=pytest.mark.skip(reason=reason)))
        elif name == "webkit" and defect:
            params.append(pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=f"WebKit defect: {defect.args[0]}")))
        else:
            params.append(name)
    metafunc.parametrize("engine", params)


# Why SAB_WEBKIT=carousel runs WebKit at the phone size alone, in the tests written for any size.
WEBKIT_AT_THE_PHONE_SIZE = (
    "left out by SAB_WEBKIT=carousel (SAB_WEBKIT=all runs it): WebKit runs at the phone size, an iPhone's "
    "Safari, the tests written for any size; their desktop run is Chromium's, and the tests written for the "
    "desktop run in WebKit too")


def sizes_set_by_the_test(item) -> bool:
    """Whether the test chooses its sizes itself (`@pytest.mark.parametrize("size", ...)`), rather
    than taking every size of the `size` fixture."""
    def names(argnames) -> list[str]:
        return argnames.replace(" ", "").split(",") if isinstance(argnames, str) else list(argnames)
    return any(marker.args and "size" in names(marker.args[0]) for marker in item.iter_markers("parametrize"))


def pytest_collection_modifyitems(items):
    """Under pytest-xdist with --dist loadgroup, WebKit's tests run in one process, in turn: its
    browsers take seconds to start and are kept for the run, and its windows share one display.
    Chromium's, each in a context of its own, go to whichever process is free, as do the tests
    without a browser: the process that ends WebKit's share takes on Chromium's.

    With SAB_WEBKIT=carousel, a test that takes every size of the `size` fixture runs in WebKit
    at the phone size alone (the WebKit process is the longer of the two)."""
    carousel_scope = webkit_scope() == "carousel"
    for item in items:
        params = getattr(item, "callspec", None) and item.callspec.params or {}
        if params.get("engine") != "webkit":
            continue
        item.add_marker(pytest.mark.xdist_group("webkit"))
        if carousel_scope and params.get("size") == "desktop" and not sizes_set_by_the_test(item):
            item.add_marker(pytest.mark.skip(reason=WEBKIT_AT_THE_PHONE_SIZE))


@pytest.fixture(scope="session")
def chromium_browser(fontconfig_file):
    if not Path(CHROMIUM).exists():
        pytest.exit(f"Chromium is missing at {CHROMIUM}", 2)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox"],
            env={**os.environ, "FONTCONFIG_FILE": str(fontconfig_file)})
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def webkit_browsers(fontconfig_file, tmp_path_factory):
    """WebKitGTK's MiniBrowser through WebKitWebDriver, one browser per launch setting (webkit.py).
    The locales it needs are compiled once into build/test-locales."""
    try:
        browsers = WebKitBrowsers(tmp_path_factory.mktemp("webkit"), fontconfig_file, PACKAGE_ROOT / "build" / "test-locales")
    except RuntimeError as error:
        pytest.exit(str(error), 2)
    yield browsers
    browsers.close()


@pytest.fixture(params=list(SIZES))
def size(request) -> str:
    """The viewport size; a test that makes sense at one size only parametrises `size` itself."""
    return request.param


@pytest.fixture
def open_page(engine, size, origin, site, request):
    """open_page(url, size_name=None, init_scripts=(), wait_ready=True, **context_options) -> page
    (pages.py) of the test's engine, in a new context (Chromium) or a window at a blank page of
    the test origin, whose storage, service workers and caches were emptied (WebKit). Context options are Playwright's: reduced_motion, locale, java_script_enabled,
    device_scale_factor; WebKit refuses any other.

    Every page records its console errors and uncaught exceptions; the test fails if there were any.
    The page's `watch` holds them and the requests the page made."""
    opened = []
    errors = []

    def retire(page):
        """Takes the page's errors; a WebKit page's window is left on about:blank, so that nothing
        of it goes on running (its window is closed when its browser opens the next)."""
        if page.engine == "chromium":
            errors.extend(page.watch.errors)
            page.playwright.context.close()
        else:
            try:
                errors.extend(page.watch.errors)
            finally:
                page.driver.get("about:blank")

    def open_chromium(url, settings, init_scripts):
        context = request.getfixturevalue("chromium_browser").new_context(**settings)
        context.add_init_script(EVENT_RECORDER)
        for script in init_scripts:
            context.add_init_script(script)
        page = ChromiumPage(context.new_page())
        opened.append(page)
        return page

    def open_webkit(url, settings, init_scripts):
        viewport = settings.pop("viewport")
        launch, unknown = Launch.from_options(settings)
        if unknown:
            raise ValueError(f"WebKitGTK cannot be started with {sorted(unknown)}")
        browsers = request.getfixturevalue("webkit_browsers")
        while opened:
            retire(opened.pop())
        site.init_script = None
        driver = browsers.window(launch, viewport["width"], viewport["height"], f"{origin}/blank.html")
        site.init_script = "\n".join([WEBKIT_RECORDER, EVENT_RECORDER, *init_scripts])
        page = WebKitPage(driver, viewport["width"], viewport["height"], site, origin, launch.javascript)
        opened.append(page)
        return page

    def open_(url: str | None = None, size_name: str | None = None, init_scripts=(), wait_ready=True, **options):
        settings = dict(SIZES[size_name or size])
        if engine == "webkit":
            # WebKitGTK's WebDriver has no touch or mobile emulation: a phone is its viewport there.
            settings.pop("has_touch", None)
            settings.pop("is_mobile", None)
        settings.update(options)
        page = (open_chromium if engine == "chromium" else open_webkit)(url, settings, init_scripts)
        if url is not None:
            page.goto(url)
            if wait_ready:
                page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
        return page

    yield open_
    try:
        while opened:
            retire(opened.pop())
    finally:
        site.init_script = None
        site.offline = False
        site.delays.clear()
        site.answer = None
    if errors:
        pytest.fail("the page reported errors:\n" + "\n".join(errors))


@pytest.fixture
def carousel(open_page, samples):
    """carousel(sample_name, query="", **options) -> page showing that sample's carousel, ready."""

    def open_(name: str, query: str = "", **options):
        return open_page(samples[name].url(query), **options)

    return open_


@pytest.fixture
def screenshot_file(engine, shared_tmp):
    """screenshot_file(stem) -> build/screenshots/<stem>.<engine>.png, for people to look at: each
    engine's beside the other's. Each engine's old ones go once per run (they would mislead),
    whichever process takes its first screenshot (`build_once`)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def clear():
        for old in SCREENSHOTS.glob("*.png"):
            if old.name.endswith(f".{engine}.png") or not any(old.name.endswith(f".{e}.png") for e in ENGINES):
                old.unlink(missing_ok=True)

    build_once(shared_tmp, f"screenshots-{engine}", clear)
    return lambda stem: SCREENSHOTS / f"{stem}.{engine}.png"
