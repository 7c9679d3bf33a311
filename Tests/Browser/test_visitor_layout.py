"""The carousel at the settings visitors use: large text, a phone on its side, a long text that
scrolls, a desktop window, hover and focus, no script.

Built from a real appDef of ../shared (Sango's project file, with German and Arabic turned on)
with three screens added in its own form, each translated into its interface languages: the
first with a photo-like image made here, the second with a long text and the image, the third
with a title only. Large text is the browser's own setting: the default font size at 32 px
(Chromium's `webkit.webprefs.default_font_size`, set through CDP's Page.setFontSizes)."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from conftest import PACKAGE_ROOT
from helpers import INSTANT, assert_at, go_to

SANGO = PACKAGE_ROOT.parent / "shared" / "appdef-samples" / "Sango_Transition_Guide.appDef"
LANGUAGES = ["en", "fr", "de"]

needs_real_appdefs = pytest.mark.skipif(
    not SANGO.exists(),
    reason="the real appDefs are third-party data the project does not carry: ../shared/appdef-samples is not beside this clone")

LONG_TEXT = ("Every morning the reader opens the book again and finds the story where it was left. "
             "The words were written long ago, in another language, for people who lived in other "
             "villages; translators carried them across, one sentence after another, checking each "
             "with the people who would read it. ") * 3


def picture() -> bytes:
    """A 1200x800 landscape photo-like PNG: sky, hills and a sun."""
    image = Image.new("RGB", (1200, 800), (120, 170, 220))
    draw = ImageDraw.Draw(image)
    draw.ellipse((850, 90, 1010, 250), fill=(250, 210, 90))
    draw.polygon([(0, 800), (0, 520), (300, 420), (650, 560), (1200, 380), (1200, 800)], fill=(70, 130, 70))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def with_screens(text: str, languages: list[str]) -> str:
    """Sango's appDef with German and Arabic offered, and three screens before its end."""
    for code in ("de", "ar"):
        text = text.replace(f'<writing-system code="{code}" type="interface" enabled="false">',
                            f'<writing-system code="{code}" type="interface">')

    def title(kind: str, words: str) -> str:
        return (f'<title type="{kind}"><translation>{words}</translation>'
                + "".join(f'<translation lang="{lang}">{words} [{lang}]</translation>' for lang in languages)
                + "</title>")

    image = '<onboarding-screen-image lang="default"><image>C:\\Users\\me\\Pictures\\hills.png</image></onboarding-screen-image>'
    screens = [
        title("top-title", "Welcome to the app") + title("bottom-subtitle", "Read every day") + image,
        title("top-title", "The story so far") + image + title("bottom-subtitle", LONG_TEXT),
        title("top-title", "Ready"),
    ]
    block = "\n".join(["<onboarding-screens>"] + [f"<onboarding-screen>{s}</onboarding-screen>" for s in screens]
                      + ["</onboarding-screens>"])
    end = text.rindex("</app-definition>")
    return text[:end] + block + "\n" + text[end:]


@pytest.fixture(scope="module")
def sango(app_from_text):
    if not SANGO.exists():
        pytest.skip("the real appDefs are not beside this clone")
    return app_from_text("visitor-sango", with_screens(SANGO.read_text(encoding="utf-8"), LANGUAGES + ["ar", "ckb"]),
                         images={"hills.png": picture()})


# WebKit's stand-in for the browser's default font size: WebKitGTK's MiniBrowser takes no font
# size setting, so the root's font size is set before the page's own scripts run. The pages size
# everything in rem and em, which follow it; only media queries in rem still read 16 px there.
ROOT_AT_32PX = "document.documentElement.style.fontSize = '32px';"


def open_large_text(open_page, engine: str, url: str, width: int, height: int, **options):
    """The page with the text at 200%, set before it loads: the browser's default font size at
    32 px in Chromium (DevTools' Page.setFontSizes), the root's font size in WebKit."""
    if engine == "webkit":
        page = open_page(None, viewport={"width": width, "height": height}, init_scripts=[ROOT_AT_32PX], **options)
    else:
        page = open_page(None, viewport={"width": width, "height": height}, **options)
        cdp = page.playwright.context.new_cdp_session(page.playwright)
        cdp.send("Page.enable")
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(url)
    page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px"
    return page


def next_frame(page):
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")


# Each word of each shown button, with the number of boxes it is drawn in (more than one: the
# word breaks inside), and the boxes of the controls.
CONTROLS = """() => {
  const rect = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
  const words = [];
  const buttons = {};
  for (const button of document.querySelectorAll('.onboarding-controls .onboarding-button')) {
    if (!button.checkVisibility({ visibilityProperty: true })) continue;
    buttons[button.dataset.action] = rect(button);
    const text = button.firstChild;
    for (const match of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      words.push({ word: match[0], lines: lines.size });
    }
  }
  const controls = document.querySelector('.onboarding-controls');
  const style = getComputedStyle(controls);
  return { words, buttons, controls: rect(controls), padding: [parseFloat(style.paddingLeft), parseFloat(style.paddingRight)],
           layout: controls.className, viewport: [innerWidth, innerHeight],
           dots: [...document.querySelectorAll('.onboarding-dot')].map(rect) };
}"""


@needs_real_appdefs
@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("viewport", [(360, 740), (390, 844)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_large_text_controls(open_page, engine, sango, screenshot_file, size, viewport, lang):
    """At 200% text no word breaks inside a button; Skip and Next side by side only when they fit,
    else stacked the whole width with Next (or Start) on top; the controls take at most a quarter
    of a 360x740 screen, and the same room on every screen (the content does not jump)."""
    width, height = viewport
    page = open_large_text(open_page, engine, sango.url(f"?lang={lang}"), width, height, **INSTANT)
    heights = []
    for index in range(sango.count):
        go_to(page, index)
        next_frame(page)
        c = page.evaluate(CONTROLS)
        where = f"{lang} {width}x{height} screen {index + 1}: {c}"
        assert c["words"] and all(w["lines"] == 1 for w in c["words"]), where
        for name, box in c["buttons"].items():
            assert box["left"] >= 0 and box["right"] <= width and box["bottom"] <= height, where
            assert box["height"] >= 44, where
        for dot in c["dots"]:
            assert dot["width"] >= 44 and dot["height"] >= 44, where
        main = c["buttons"].get("next") or c["buttons"]["start"]
        skip = c["buttons"].get("skip")
        if "onboarding-controls-column" in c["layout"]:
            inner = c["controls"]["width"] - sum(c["padding"])
            assert abs(main["width"] - inner) <= 1, f"the main action is not the whole width: {where}"
            if skip:
                assert main["bottom"] <= skip["top"], f"the main action is not on top: {where}"
                assert abs(skip["width"] - inner) <= 1, where
        elif skip:
            assert skip["right"] <= main["left"] or main["right"] <= skip["left"], where
        if (width, height) == (360, 740):
            assert c["controls"]["height"] <= 0.25 * height, where
        heights.append((c["controls"]["top"], c["controls"]["height"],
                        page.evaluate("getComputedStyle(document.getElementById('onboarding-slide-1'), '::after').height")))
        page.screenshot(path=str(screenshot_file(f"visitor-text200-{width}x{height}-{lang}-screen{index + 1}")))
    assert all(h == heights[0] for h in heights), f"the controls change size from screen to screen: {heights}"


BUTTON_LANGUAGES = """() => Object.fromEntries([...document.querySelectorAll('.onboarding-controls .onboarding-button')]
  .map((b) => [b.dataset.action, [b.textContent, b.getAttribute('lang'), b.getAttribute('dir')]]))"""


@needs_real_appdefs
@pytest.mark.parametrize("size,width,height,large", [
    ("phone", 360, 740, False), ("phone", 360, 740, True), ("phone", 740, 360, False), ("desktop", 1440, 900, False)])
def test_english_buttons_on_a_right_to_left_page(open_page, engine, sango, screenshot_file, size, width, height, large):
    """Sorani Kurdish, right to left, has no button words in the appDef or the built-in table:
    the English ones show, marked English and left to right, whole and inside the screen, in the
    controls mirrored as the page is (Next at the left)."""
    url = sango.url("?lang=ckb")
    if large:
        page = open_large_text(open_page, engine, url, width, height, **INSTANT)
    else:
        page = open_page(url, viewport={"width": width, "height": height}, **INSTANT)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ckb", "rtl"]
    assert page.evaluate(BUTTON_LANGUAGES) == {
        "skip": ["Skip", "en", "ltr"], "next": ["Next", "en", "ltr"], "start": ["Start", "en", "ltr"]}
    for index in (0, sango.count - 1):
        go_to(page, index)
        next_frame(page)
        c = page.evaluate(CONTROLS)
        where = f"{width}x{height}{' at 200% text' if large else ''}, screen {index + 1}: {c}"
        assert c["words"] and all(w["lines"] == 1 for w in c["words"]), where
        for box in c["buttons"].values():
            assert box["left"] >= 0 and box["right"] <= width and box["bottom"] <= height, where
        main, skip = c["buttons"].get("next") or c["buttons"]["start"], c["buttons"].get("skip")
        if skip and "onboarding-controls-column" not in c["layout"]:
            assert main["right"] <= skip["left"], f"the controls are not mirrored: {where}"
        page.screenshot(path=str(screenshot_file(f"visitor-english-buttons-{width}x{height}{'-text200' if large else ''}-ckb-screen{index + 1}")))


@needs_real_appdefs
def test_the_controls_use_one_row_at_default_text(open_page, sango, size):
    """The control for the above: at the default text size, one row, the dots in the middle."""
    page = open_page(sango.url("?lang=en"), **INSTANT)
    c = page.evaluate(CONTROLS)
    assert c["layout"] == "onboarding-controls", c
    assert abs((c["dots"][0]["left"] + c["dots"][-1]["right"]) / 2 - c["viewport"][0] / 2) <= 1, c


# The long text's box and the slide's, the controls' top, and the text's line height.
LONG_TEXT_BOXES = """(n) => {
  const slide = document.getElementById('onboarding-slide-' + n);
  const text = slide.querySelector('[data-field=bottomSubtitle]');
  const image = slide.querySelector('img');
  const r = (e) => e.getBoundingClientRect();
  return { text: { left: r(text).left, right: r(text).right, top: r(text).top, bottom: r(text).bottom },
           image: { left: r(image).left, right: r(image).right, top: r(image).top, bottom: r(image).bottom, height: r(image).height },
           slideTop: r(slide).top, controlsTop: r(document.querySelector('.onboarding-controls')).top,
           line: parseFloat(getComputedStyle(text).lineHeight), scrollTop: slide.scrollTop };
}"""


@needs_real_appdefs
@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("viewport", [(740, 360), (844, 390)])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_landscape_puts_the_image_beside_the_text(open_page, sango, screenshot_file, size, viewport, lang):
    width, height = viewport
    page = open_page(sango.url(f"?lang={lang}"), viewport={"width": width, "height": height}, **INSTANT)
    go_to(page, 1)
    b = page.evaluate(LONG_TEXT_BOXES, 2)
    page.screenshot(path=str(screenshot_file(f"visitor-landscape-{width}x{height}-{lang}")))
    rtl = lang == "ar"
    beside = b["image"]["left"] >= b["text"]["right"] - 1 if rtl else b["image"]["right"] <= b["text"]["left"] + 1
    assert beside, f"the image is not beside the text: {b}"
    assert b["image"]["height"] >= 0.4 * height, b
    # All of the picture in view, above the controls, however long the text beside it.
    assert b["image"]["top"] >= b["slideTop"] - 1 and b["image"]["bottom"] <= b["controlsTop"] + 1, \
        f"the image is not all in view above the controls: {b}"
    visible = min(b["controlsTop"], height) - max(b["text"]["top"], b["slideTop"])
    assert b["scrollTop"] == 0 and visible >= 3 * b["line"], f"fewer than three lines of the text show: {b}"


MORE_CUE = "(n) => Number(getComputedStyle(document.getElementById('onboarding-slide-' + n), '::before').opacity)"


@needs_real_appdefs
@pytest.mark.parametrize("size", ["phone"])
def test_a_long_text_shows_that_more_is_below_and_scrolls_by_keyboard(open_page, engine, sango, screenshot_file, size):
    page = open_large_text(open_page, engine, sango.url("?lang=fr"), 360, 740, **INSTANT)
    assert page.evaluate(MORE_CUE, 1) == 0 or page.evaluate(
        "document.getElementById('onboarding-slide-1').scrollHeight > document.getElementById('onboarding-slide-1').clientHeight")
    go_to(page, 1)
    slide = page.locator("#onboarding-slide-2")
    assert slide.evaluate("s => s.scrollHeight > s.clientHeight + 100"), "the long text needs scrolling"
    assert page.evaluate(MORE_CUE, 2) > 0.9, "no cue that more text is below"
    page.screenshot(path=str(screenshot_file("visitor-text200-360x740-fr-long-top")))
    # The scrolling screen is reached by Tab, named for screen readers, and scrolled by keys.
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "onboarding-slide-2":
            break
    else:
        pytest.fail("Tab never reaches the scrolling screen")
    assert slide.get_attribute("tabindex") == "0"
    assert slide.get_attribute("role") == "tabpanel" and slide.get_attribute("aria-label"), "named, in the tabs' pattern"
    page.keyboard.press("PageDown")
    # The engine may animate a key's scroll even with reduced motion; on a loaded machine one
    # frame showed 30 px of it. Wait for the scroll to pass 40 px, a second at most.
    for _ in range(10):
        if slide.evaluate("s => s.scrollTop") > 40:
            break
        page.wait_for_timeout(100)
    assert slide.evaluate("s => s.scrollTop") > 40, "PageDown does not scroll the screen"
    at_end = "s => s.scrollTop >= s.scrollHeight - s.clientHeight - 1"
    for _ in range(30):
        if slide.evaluate(at_end):
            break
        page.keyboard.press("PageDown")
        page.wait_for_timeout(100)
    assert slide.evaluate(at_end), "the end is not reached by keys"
    # The cue follows the scroll at the engine's next frame (a loaded CI machine's WebKit read
    # 0.86 at once): it must be gone within a second.
    for _ in range(10):
        if page.evaluate(MORE_CUE, 2) < 0.1:
            break
        page.wait_for_timeout(100)
    assert page.evaluate(MORE_CUE, 2) < 0.1, "the cue stays at the end of the text"
    # At the end, the text's last line is above the controls.
    last = page.evaluate("""() => { const t = document.querySelector('#onboarding-slide-2 [data-field=bottomSubtitle]');
        return [t.getBoundingClientRect().bottom, document.querySelector('.onboarding-controls').getBoundingClientRect().top]; }""")
    assert last[0] <= last[1], last
    page.screenshot(path=str(screenshot_file("visitor-text200-360x740-fr-long-end")))
    assert_at(page, 1)


@needs_real_appdefs
@pytest.mark.parametrize("size", ["phone"])
def test_a_short_screen_shows_no_cue(open_page, sango, size):
    page = open_page(sango.url(), **INSTANT)
    go_to(page, 2)
    assert page.evaluate("(s => s.scrollHeight <= s.clientHeight)(document.getElementById('onboarding-slide-3'))")
    assert page.evaluate(MORE_CUE, 3) == 0


DESKTOP = {"viewport": {"width": 1440, "height": 900}}

# Every element that draws a focus ring now.
RINGS = """() => [...document.querySelectorAll('*')].filter((e) => {
  const c = getComputedStyle(e);
  return c.outlineStyle !== 'none' && parseFloat(c.outlineWidth) > 0;
}).map((e) => e.id || e.className)"""


@needs_real_appdefs
@pytest.mark.parametrize("size", ["desktop"])
def test_desktop_column_type_and_keys(open_page, sango, screenshot_file, size):
    page = open_page(sango.url(), **DESKTOP)
    page.screenshot(path=str(screenshot_file("visitor-desktop-1440x900")))
    layout = page.evaluate("""() => {
      const r = (s) => document.querySelector(s).getBoundingClientRect();
      const content = r('#onboarding-slide-1 .onboarding-content'), controls = r('.onboarding-controls');
      return { content: [content.left, content.right], controls: [controls.left, controls.right],
               title: parseFloat(getComputedStyle(document.querySelector('#onboarding-slide-1 [role=heading]')).fontSize),
               text: parseFloat(getComputedStyle(document.querySelector('#onboarding-slide-1 [data-field=bottomSubtitle]')).fontSize) };
    }""")
    left, right = layout["content"]
    assert right - left <= 42 * 16 + 1 and abs((left + right) / 2 - 720) <= 1, f"not a readable centred column: {layout}"
    assert layout["controls"][0] >= left - 1 and layout["controls"][1] <= right + 1, f"controls outside the column: {layout}"
    assert 17 < layout["text"] <= 22 and 24 < layout["title"] <= 36, f"the type does not grow with the window: {layout}"
    assert page.evaluate(RINGS) == [], "a focus ring on load"
    page.keyboard.press("ArrowRight")
    assert_at(page, 1)
    page.keyboard.press("ArrowRight")
    assert_at(page, 2)


@needs_real_appdefs
@pytest.mark.parametrize("size", ["desktop"])
def test_no_ring_round_the_page_on_a_link_to_a_screen_and_the_pwa_ring_on_keys(open_page, sango, size):
    page = open_page(sango.url("#onboarding-slide-2"), **DESKTOP)
    assert_at(page, 1)
    assert page.evaluate(RINGS) == [], "a focus ring on a link to a screen"
    page.keyboard.press("ArrowLeft")
    assert_at(page, 0)
    page.keyboard.press("Tab")
    ring = page.evaluate("""() => { const e = document.activeElement; const c = getComputedStyle(e);
        const accent = getComputedStyle(document.querySelector('.onboarding-controls')).getPropertyValue('--onboarding-accent');
        const probe = document.createElement('i'); probe.style.color = accent; document.body.append(probe);
        const colour = getComputedStyle(probe).color; probe.remove();
        return { focused: e.className, visible: e.matches(':focus-visible'), style: c.outlineStyle, width: c.outlineWidth,
                 colour: c.outlineColor, accent: colour, offset: parseFloat(c.outlineOffset) }; }""")
    assert ring["visible"] and ring["style"] == "solid" and ring["width"] == "2px", ring
    assert ring["colour"] == ring["accent"] and ring["offset"] > 0, ring
    # The slide's own ring is drawn round its content, not round the window.
    page.focus("#onboarding-slide-1")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "onboarding-slide-1"
    assert page.evaluate(RINGS) == ["onboarding-content"], page.evaluate(RINGS)


@needs_real_appdefs
@pytest.mark.parametrize("size", ["desktop"])
def test_hover_and_pressed_states_and_start_as_the_main_action(open_page, sango, size):
    page = open_page(sango.url(), **DESKTOP, **INSTANT)
    look = "(s) => { const c = getComputedStyle(document.querySelector(s)); return [c.textDecorationLine, c.transform, c.fontWeight]; }"
    for selector in (".onboarding-next", ".onboarding-skip"):
        assert page.evaluate(look, selector)[0] == "none"
        page.hover(selector)
        assert page.evaluate(look, selector)[0] == "underline", selector
        page.mouse.down()
        assert page.evaluate(look, selector)[1] != "none", f"{selector} pressed"
        page.mouse.move(0, 0)
        page.mouse.up()
    ring = "(n) => getComputedStyle(document.getElementById('onboarding-dot-' + n), '::before').borderTopWidth"
    assert page.evaluate(ring, 2) == "2px"
    page.hover("#onboarding-dot-2")
    assert page.evaluate(ring, 2) == "3px"
    go_to(page, sango.count - 1)
    start, nxt = page.evaluate(look, ".onboarding-start"), page.evaluate(look, ".onboarding-next")
    assert int(start[2]) > int(nxt[2]), (start, nxt)


@needs_real_appdefs
@pytest.mark.parametrize("size", ["phone"])
def test_the_controls_are_transparent_over_the_slides(open_page, sango, size):
    """Mid-swipe what is behind the controls is the slides', moving with them."""
    page = open_page(sango.url(), **INSTANT)
    colours = page.evaluate("""() => {
      const controls = document.querySelector('.onboarding-controls');
      const slide = document.getElementById('onboarding-slide-1');
      const r = controls.getBoundingClientRect();
      const under = document.elementsFromPoint(r.left + 2, r.top + 2).map((e) => e.id || e.className);
      return { controls: getComputedStyle(controls).backgroundColor, foot: getComputedStyle(slide, '::after').backgroundColor,
               slide: getComputedStyle(slide).backgroundColor, under };
    }""")
    assert colours["controls"] == "rgba(0, 0, 0, 0)", colours
    assert colours["foot"] == colours["slide"], colours
    assert "onboarding-slide-1" in colours["under"], colours


@needs_real_appdefs
def test_hyphens_on_the_text(open_page, sango, size):
    page = open_page(sango.url("?lang=de"), **INSTANT)
    text = page.evaluate("""() => { const e = document.querySelector('#onboarding-slide-1 [data-field=bottomSubtitle]');
        return [getComputedStyle(e).hyphens, e.closest('[lang]').lang,
                getComputedStyle(document.querySelector('.onboarding-next')).hyphens]; }""")
    assert text == ["auto", "de", "manual"], text


@needs_real_appdefs
def test_without_script_a_start_link_leads_to_the_app(open_page, sango, size):
    page = open_page(sango.url(), wait_ready=False, java_script_enabled=False)
    link = page.locator("a.onboarding-no-script")
    assert link.is_visible()
    box = link.bounding_box()
    assert box["height"] >= 44 and box["y"] + box["height"] <= page.viewport_size["height"], box
    assert not page.locator(".onboarding-controls").is_visible()
    link.click()
    # Polled from outside the page: its scripts are off, the test's too in WebKit.
    deadline = time.monotonic() + 10
    while page.url != sango.app_url and time.monotonic() < deadline:
        time.sleep(0.05)
    assert page.url == sango.app_url
