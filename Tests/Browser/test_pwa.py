"""The whole flow in a stand-in of the SAB PWA (pwa_shell.py): a sub-directory, hash routes, a
service worker that precaches the onboarding, the gate on the first page, and the PWA's own
theme and language settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import PACKAGE_ROOT, build_onboarding, build_once
from helpers import INSTANT, assert_at, go_to
from pwa_shell import PWAShell
from test_contrast import contrast, parse

BUILDERS = PACKAGE_ROOT / "Samples/builders/builders.appDef"
MULTILINGUAL = PACKAGE_ROOT / "Samples/multilingual/multilingual.appDef"

# An app without onboarding screens, as almost every real appDef is.
NO_SCREENS = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <app-name lang="default">Without an introduction</app-name>
  <package>org.example.sab.noscreens</package>
  <translation-mappings default-lang="en"/>
</app-definition>
"""

# localStorage throws, as it does with storage blocked (a SecurityError on access).
NO_STORAGE = """
(() => {
  const fail = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  Object.defineProperty(window, "localStorage", { configurable: true, get: fail });
})();
"""

READY = "html.onboarding-ready .onboarding-controls"


@pytest.fixture(scope="module")
def pwa(site_root, origin):
    """The apps of the stand-in, by name: each at its own sub-directory of one origin (built once
    for the run)."""
    no_screens = site_root / "_projects" / "no-screens" / "NoScreens.appDef"
    stand_ins = [
        ("builders", BUILDERS, "/Wise-Builders/"),
        ("multilingual", MULTILINGUAL, "/Morning-Light/"),
        ("no-screens", no_screens, "/No-Introduction/"),
    ]
    shells = {name: PWAShell(site_root, base, title=f"The {name} app") for name, _, base in stand_ins}

    def build():
        no_screens.parent.mkdir(parents=True, exist_ok=True)
        no_screens.write_text(NO_SCREENS, encoding="utf-8")
        for name, app_def, _ in stand_ins:
            build_onboarding(app_def, shells[name].onboarding_folder)
            shells[name].write()

    build_once(site_root / "_projects", "pwa", build)
    apps = {}
    for name, _, base in stand_ins:
        shell = shells[name]
        manifest = json.loads((shell.onboarding_folder / "onboarding.json").read_text(encoding="utf-8"))
        apps[name] = App(origin + base, manifest)
    return apps


class App:
    def __init__(self, url: str, manifest: dict):
        self.url = url
        self.manifest = manifest
        self.onboarding = url + "onboarding/index.html"

    @property
    def count(self) -> int:
        return len(self.manifest["screens"])


def open_app(open_page, url: str, init_scripts=()):
    """Opens a page of the app in a new browser (a first-time visitor unless init_scripts say)."""
    return open_page(url, init_scripts=init_scripts, wait_ready=False, **INSTANT)


def wait_for_app(page, url: str):
    page.wait_for_selector("#app")
    assert page.url == url, f"at {page.url}, expected {url}"


def wait_for_onboarding(page, app: App):
    page.wait_for_selector(READY, state="visible")
    assert page.url.split("#")[0] == app.onboarding, page.url


def test_first_visit_goes_through_the_onboarding_and_skip_opens_the_app(open_page, pwa):
    app = pwa["builders"]
    page = open_app(open_page, app.url)
    wait_for_onboarding(page, app)
    page.click(".onboarding-next")
    assert_at(page, 1)
    with page.expect_navigation():
        page.click(".onboarding-skip")
    wait_for_app(page, app.url + "#/text")
    assert page.text_content("#route") == "#/text"


def test_start_on_the_last_screen_opens_the_app_where_the_visitor_was_going(open_page, pwa):
    """A first visit by a shared link (a verse) ends at that verse, not at the app's first page."""
    app = pwa["builders"]
    link = app.url + "#/text/MAT.7.24"
    page = open_app(open_page, link)
    wait_for_onboarding(page, app)
    go_to(page, app.count - 1)
    with page.expect_navigation():
        page.click(".onboarding-start")
    wait_for_app(page, link)
    assert page.text_content("#route") == "#/text/MAT.7.24"


def test_a_second_visit_goes_straight_to_the_app(open_page, pwa):
    app = pwa["builders"]
    page = open_app(open_page, app.url)
    wait_for_onboarding(page, app)
    with page.expect_navigation():
        page.click(".onboarding-skip")
    wait_for_app(page, app.url + "#/text")
    page.goto(app.url + "#/text/JHN.3")
    wait_for_app(page, app.url + "#/text/JHN.3")
    assert not any("/onboarding/index.html" in url for url in page.watch.requests[-5:])


def test_the_flag_is_kept_per_app_on_a_shared_host(open_page, pwa):
    """Two PWAs on one origin share localStorage: seeing one's onboarding must not hide the other's."""
    first, second = pwa["builders"], pwa["multilingual"]
    page = open_app(open_page, first.url)
    wait_for_onboarding(page, first)
    with page.expect_navigation():
        page.click(".onboarding-skip")
    wait_for_app(page, first.url + "#/text")
    page.goto(second.url)
    wait_for_onboarding(page, second)


def service_worker_ready(page):
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")


def test_offline_after_the_first_visit_the_app_and_a_replay_still_work(open_page, pwa):
    app = pwa["builders"]
    page = open_app(open_page, app.url)
    wait_for_onboarding(page, app)
    with page.expect_navigation():
        page.click(".onboarding-skip")
    wait_for_app(page, app.url + "#/text")
    service_worker_ready(page)
    page.reload()  # once through the service worker, as any later visit is
    wait_for_app(page, app.url + "#/text")
    page.set_offline(True)
    try:
        page.reload()
        wait_for_app(page, app.url + "#/text")
        with page.expect_navigation():
            page.click("#show-onboarding-again")
        wait_for_onboarding(page, app)
        go_to(page, app.count - 1)
        assert page.evaluate("[...document.images].every((image) => image.complete && image.naturalWidth > 0)")
        with page.expect_navigation():
            page.click(".onboarding-start")
        wait_for_app(page, app.url + "#/text")
    finally:
        page.set_offline(False)


def test_with_storage_blocked_the_app_opens(open_page, pwa):
    app = pwa["builders"]
    page = open_app(open_page, app.url, init_scripts=[NO_STORAGE])
    wait_for_app(page, app.url + "#/text")
    assert not any("/onboarding/index.html" in url for url in page.watch.requests)


def test_without_screens_the_app_opens_at_once(open_page, pwa):
    app = pwa["no-screens"]
    assert app.count == 0
    page = open_app(open_page, app.url)
    wait_for_app(page, app.url + "#/text")
    assert not any("/onboarding/index.html" in url for url in page.watch.requests)


@pytest.mark.parametrize("address", ["index.html", "index.html#replay", "index.html?replay"])
def test_without_screens_the_carousel_page_goes_straight_on(open_page, pwa, address):
    app = pwa["no-screens"]
    page = open_app(open_page, app.url + "onboarding/" + address)
    wait_for_app(page, app.url + "#/text")


@pytest.mark.parametrize("javascript_enabled", [True, False])
def test_without_screens_the_carousel_page_goes_on_even_without_script(open_page, pwa, javascript_enabled):
    app = pwa["no-screens"]
    page = open_page(app.onboarding, wait_ready=False, java_script_enabled=javascript_enabled)
    page.wait_for_selector("#app")
    assert page.url.startswith(app.url)


PWA_THEMES = ["Normal", "Sage", "Rose", "Sepia", "Charcoal", "Dark"]

SCREEN_COLOURS = """() => {
  const style = (e) => getComputedStyle(e);
  const slide = document.querySelector(".onboarding-slide:not([inert])");
  const title = slide.querySelector("[role=heading]");
  const text = slide.querySelector("[data-field$=Subtitle]") || title;
  const controls = document.querySelector(".onboarding-controls");
  const button = [...controls.querySelectorAll(".onboarding-next, .onboarding-start")].find((b) => !b.hidden);
  return { theme: document.documentElement.dataset.theme, background: style(slide).backgroundColor,
           title: title && style(title).color, text: text && style(text).color,
           // The controls have no background of their own: they are drawn over the slide's foot.
           controls: getComputedStyle(slide, "::after").backgroundColor, button: style(button).backgroundColor,
           currentDot: getComputedStyle(document.querySelector('.onboarding-dot[aria-selected=true]'), '::before').backgroundColor };
}"""


def css_hex(colour: str) -> str:
    """rgb()/rgba() as Chromium computes it, in the manifest's form: #rrggbb, or #rrggbbaa."""
    numbers = [float(part) for part in re.findall(r"[\d.]+", colour)]
    text = "#" + "".join(f"{round(channel):02x}" for channel in numbers[:3])
    return text + (f"{round(numbers[3] * 255):02x}" if len(numbers) > 3 and numbers[3] < 1 else "")


@pytest.mark.parametrize("theme", PWA_THEMES)
@pytest.mark.parametrize("size", ["phone"])
def test_every_pwa_theme_gives_readable_colours_and_the_manifests_backgrounds(open_page, pwa, theme, size):
    """The PWA keeps its theme in localStorage.theme; every name it has gives readable text and
    controls, and each screen's background is the one the manifest states for that theme."""
    for name in ("builders", "multilingual"):
        app = pwa[name]
        page = open_app(open_page, app.onboarding, init_scripts=[f"localStorage.setItem('theme', {json.dumps(theme)});"])
        wait_for_onboarding(page, app)
        for index, screen in enumerate(app.manifest["screens"]):
            go_to(page, index)
            colours = page.evaluate(SCREEN_COLOURS)
            where = f"{name} screen {index + 1}, {theme}: {colours}"
            assert colours["theme"] == theme.lower(), where
            background = parse(colours["background"])
            assert css_hex(colours["background"]) == screen["background"][theme.lower()], where
            for field in ("title", "text"):
                if colours[field]:
                    assert contrast(parse(colours[field], background), background) >= 4.5, f"{field}: {where}"
            controls = parse(colours["controls"])
            assert contrast(parse(colours["button"], controls), controls) >= 3, f"button: {where}"
            assert contrast(parse(colours["currentDot"], controls), controls) >= 3, f"current dot: {where}"
