"""Motion, layout shift, network, long text, image height, and screenshots for people to look at."""

from __future__ import annotations

import pytest

from conftest import SAMPLES, TEST_FONT_FAMILY
from helpers import INSTANT, assert_at, go_to, settled

CLICK_NEXT_AND_READ = """() => {
  const box = document.getElementById('onboarding-slides');
  document.querySelector('.onboarding-next').click();
  return [box.scrollLeft, box.clientWidth];
}"""


def test_reduced_motion_moves_instantly(carousel):
    page = carousel("builders", reduced_motion="reduce")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    left, width = page.evaluate(CLICK_NEXT_AND_READ)
    assert left == width, "with reduced motion the move is instant"
    assert_at(page, 1)
    page.focus("#onboarding-dot-2")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.getElementById('onboarding-slides').scrollLeft") == 2 * width
    styles = page.evaluate("""() => [getComputedStyle(document.getElementById('onboarding-slides')).scrollBehavior,
        getComputedStyle(document.querySelector('.onboarding-dot'), '::before').transitionDuration]""")
    assert styles[0] == "auto"
    assert all(float(d.rstrip("s")) == 0 for d in styles[1].split(",")), styles


def test_motion_is_smooth_when_allowed(carousel):
    """The control for the test above: without the preference, Next animates."""
    page = carousel("builders", reduced_motion="no-preference")
    left, width = page.evaluate(CLICK_NEXT_AND_READ)
    assert left < width
    assert page.evaluate("getComputedStyle(document.getElementById('onboarding-slides')).scrollBehavior") == "smooth"
    assert_at(page, 1)


LAYOUT_SHIFT = """() => new Promise((resolve) => {
  let total = 0; const sources = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      total += entry.value;
      for (const s of entry.sources || []) sources.push(s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?');
    }
  });
  observer.observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => { observer.disconnect(); resolve({ total, sources }); }, 100);
})"""


@pytest.mark.webkit_lacks("WebKit has no Layout Instability API (no 'layout-shift' entries for a PerformanceObserver)")
@pytest.mark.parametrize("name", list(SAMPLES))
def test_no_layout_shift(carousel, name):
    page = carousel(name)
    assert page.evaluate("PerformanceObserver.supportedEntryTypes.includes('layout-shift')")
    assert page.evaluate(LAYOUT_SHIFT) == {"total": 0, "sources": []}
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    assert page.evaluate(LAYOUT_SHIFT) == {"total": 0, "sources": []}


@pytest.mark.parametrize("name", list(SAMPLES))
def test_no_foreign_requests(carousel, samples, name):
    page = carousel(name)
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    origin = samples[name].origin + "/"
    foreign = [url for url in page.watch.requests if not url.startswith(origin)]
    assert foreign == []
    assert any(url.endswith("/onboarding.js") for url in page.watch.requests)


@pytest.mark.parametrize("page_name", ["index.html", "screens/1.html"])
def test_no_page_asks_for_an_icon_the_app_does_not_have(open_page, samples, served_paths, page_name):
    """Without an icon of its own, a page makes the browser ask for /favicon.ico, which the PWA
    does not have: a wasted round trip on a slow network, an error offline."""
    page = open_page(samples["builders"].url(page=page_name), wait_ready=False)
    page.wait_for_load_state("networkidle")
    assert any(path.endswith(page_name) for path in served_paths)
    assert [path for path in served_paths if "favicon" in path] == []


@pytest.mark.parametrize("size", ["phone"])
def test_long_text_is_fully_readable_with_200_percent_text(carousel, screenshot_file, size):
    page = carousel("builders", **INSTANT)
    # Text zoom: the root font size at 200%, through the CSSOM (the page's CSP forbids inline styles).
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    go_to(page, 3)
    report = page.evaluate("""() => {
      const slide = document.getElementById('onboarding-slide-4');
      const text = slide.querySelector('[data-field=bottomSubtitle]');
      const title = slide.querySelector('[data-field=topTitle]');
      const clipping = [];
      for (let e = text; e && e !== slide.parentElement; e = e.parentElement) {
        const c = getComputedStyle(e);
        if (e !== slide && (c.overflowY !== 'visible' || c.overflowX !== 'visible')) clipping.push(e.className + ':' + c.overflow);
      }
      const slideStyle = getComputedStyle(slide);
      const out = { clipping, slideOverflowY: slideStyle.overflowY, fontSize: parseFloat(getComputedStyle(text).fontSize),
                    scrollHeight: slide.scrollHeight, clientHeight: slide.clientHeight };
      slide.scrollTop = 0;
      const s0 = slide.getBoundingClientRect();
      out.titleTop = title.getBoundingClientRect().top - s0.top;
      out.textTop = text.getBoundingClientRect().top - s0.top;
      slide.scrollTop = slide.scrollHeight;
      out.maxScroll = slide.scrollTop;
      const s1 = slide.getBoundingClientRect();
      out.textBottom = s1.bottom - text.getBoundingClientRect().bottom;
      out.textOwnClip = text.scrollHeight - text.clientHeight;
      return out;
    }""")
    assert report["fontSize"] >= 34, report  # 1.0625rem at a 32px root
    assert report["clipping"] == [], report
    assert report["slideOverflowY"] in ("auto", "scroll"), report
    assert report["scrollHeight"] > report["clientHeight"], "the long text at 200% needs scrolling; " + str(report)
    assert report["maxScroll"] == report["scrollHeight"] - report["clientHeight"], report
    assert report["titleTop"] >= 0, f"the top of the screen is cut off: {report}"
    assert report["textBottom"] >= -1, f"the end of the text cannot be reached: {report}"
    assert report["textOwnClip"] <= 0, report
    # Scrolling the slide does not move the carousel.
    assert_at(page, 3)
    page.screenshot(path=str(screenshot_file("builders-phone-text200-last-scrolled")))


@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("screen", [1, 2, 3])
def test_no_screen_overlaps_at_200_percent_text(carousel, screenshot_file, size, screen):
    """With large text the parts of a screen (titles, image, subtitles) still do not overlap."""
    page = carousel("builders", **INSTANT)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    go_to(page, screen - 1)
    rects = page.evaluate("""(n) => [...document.querySelectorAll(`#onboarding-slide-${n} .onboarding-content > *`)]
        .flatMap(block => block.matches('.onboarding-image-block') ? [...block.querySelectorAll('img')] : [...block.children])
        .map(e => { const r = e.getBoundingClientRect(); return [e.getAttribute('data-field'), r.top, r.bottom]; })""", screen)
    page.screenshot(path=str(screenshot_file(f"builders-phone-text200-screen{screen}")))
    for (a, _, a_bottom), (b, b_top, _) in zip(rects, rects[1:]):
        assert a_bottom <= b_top + 0.5, f"{a} overlaps {b}: {rects}"


@pytest.mark.parametrize("name", list(SAMPLES))
def test_image_max_height(carousel, samples, name, size):
    page = carousel(name, **INSTANT)
    screens = samples[name].manifest["screens"]
    limited = [(i, s["imageMaxHeightPercent"]) for i, s in enumerate(screens) if "image" in s and "imageMaxHeightPercent" in s]
    assert limited, "the sample has a screen with image-max-height"
    for index, percent in limited:
        go_to(page, index)
        image = page.evaluate("""(n) => { const i = document.querySelector(`#onboarding-slide-${n} img`);
            const r = i.getBoundingClientRect(); return { height: r.height, width: r.width, natural: i.naturalWidth,
            complete: i.complete, viewport: innerHeight }; }""", index + 1)
        assert image["complete"] and image["natural"] > 0 and image["height"] > 40, image
        assert image["height"] <= image["viewport"] * percent / 100 + 1, f"screen {index + 1} ({percent}%): {image}"


def test_builders_screen_1_image_at_most_45_percent(carousel, size):
    page = carousel("builders")
    height, viewport = page.evaluate("""() => [document.querySelector('#onboarding-slide-1 img').getBoundingClientRect().height,
        innerHeight]""")
    assert 40 < height <= viewport * 0.45 + 1


@pytest.mark.parametrize("name", list(SAMPLES))
def test_screenshots(carousel, samples, screenshot_file, name, size):
    page = carousel(name, **INSTANT)
    settled(page)
    first = screenshot_file(f"{name}-{size}-first")
    page.screenshot(path=str(first))
    go_to(page, samples[name].count - 1)
    last = screenshot_file(f"{name}-{size}-last")
    page.screenshot(path=str(last))
    assert first.stat().st_size > 1000 and last.stat().st_size > 1000


CONTROL_BOXES = """() => [...document.querySelectorAll('.onboarding-controls button')]
  .filter(b => b.checkVisibility({ visibilityProperty: true }))
  .map(b => { const r = b.getBoundingClientRect();
              return { name: b.id || b.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                       overflow: Math.max(b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight) }; })"""


@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("query", ["", "?lang=fr", "?lang=es"])
def test_controls_fit_and_do_not_overlap_at_200_percent_text(carousel, samples, screenshot_file, size, query):
    """Resize text: with the root font at 200% every control is on the screen, none covers another,
    and each can still be clicked (Playwright refuses to click a covered element)."""
    page = carousel("builders", query, **INSTANT)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for index in range(samples["builders"].count):
        page.click(f"#onboarding-dot-{index + 1}", timeout=2000)
        assert_at(page, index)
        boxes = page.evaluate(CONTROL_BOXES)
        assert len(boxes) == 4 + (1 if index == 3 else 2)
        for box in boxes:
            assert box["left"] >= 0 and box["right"] <= width and box["top"] >= 0 and box["bottom"] <= height, box
            assert box["overflow"] <= 0, f"the words of {box['name']} do not fit in it: {box}"
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                apart = a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5 or \
                    a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5
                assert apart, f"{a} overlaps {b}"
    page.screenshot(path=str(screenshot_file(f"builders-phone-text200-controls{query.replace('?lang=', '-')}")))
    go_to(page, 0)
    page.click(".onboarding-next", timeout=2000)
    assert_at(page, 1)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_dots_stay_centred_on_every_screen(carousel, samples, name, size):
    page = carousel(name, **INSTANT)
    width = page.viewport_size["width"]
    for index in range(samples[name].count):
        go_to(page, index)
        box = page.locator(".onboarding-dots").bounding_box()
        assert abs(box["x"] + box["width"] / 2 - width / 2) <= 1, f"screen {index + 1}: {box}"


def platform_fonts(page, selector: str) -> list[str]:
    """The font files Chromium really drew the element's text with (CDP CSS.getPlatformFontsForNode)."""
    cdp = page.playwright.context.new_cdp_session(page.playwright)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        document = cdp.send("DOM.getDocument")
        node = cdp.send("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector})
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
        return sorted({font["familyName"] for font in fonts})
    finally:
        cdp.detach()


@pytest.mark.webkit_lacks("its WebDriver cannot tell which font file drew a text (Chromium: CDP CSS.getPlatformFontsForNode); "
                          "WebKitGTK is given the same fontconfig all the same")
@pytest.mark.parametrize("size", ["phone"])
def test_the_suite_measures_with_its_own_fonts(carousel, size):
    """What the layout tests measure does not depend on the machine's fonts: Chromium draws with
    the fonts the suite installs and configures (conftest.py), whatever else is installed."""
    page = carousel("builders", **INSTANT)
    assert platform_fonts(page, "#onboarding-slide-1 [data-field=topTitle]") == [TEST_FONT_FAMILY]
    assert platform_fonts(page, ".onboarding-next") == [TEST_FONT_FAMILY]
    arabic = carousel("multilingual", "?lang=ar", **INSTANT)
    used = platform_fonts(arabic, "#onboarding-slide-1 [data-field=topTitle]")
    assert used and all(family.startswith("Noto ") for family in used), used


CONTROLS_LAYOUT = """() => {
  const box = (selector) => { const r = document.querySelector(selector).getBoundingClientRect();
                              return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  return { dots: box('.onboarding-dots'), controls: box('.onboarding-controls'), width: innerWidth };
}"""


@pytest.mark.parametrize("words", [("S", "N", "A much longer start"), ("Überspringen", "N", "S"), ("S", "Next", "Start")])
def test_dots_are_centred_whatever_the_words_on_the_buttons(carousel, samples, size, words):
    """The dots sit in the middle of the screen, and the controls keep one layout, on every screen,
    however wide each button's words are (Skip disappears on the last screen, Start replaces Next)."""
    page = carousel("builders", **INSTANT)
    page.evaluate("""([skip, next, start]) => {
      document.querySelector('.onboarding-skip').textContent = skip;
      document.querySelector('.onboarding-next').textContent = next;
      document.querySelector('.onboarding-start').textContent = start;
    }""", list(words))
    layouts = []
    for index in range(samples["builders"].count):
        go_to(page, index)
        page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
        layout = page.evaluate(CONTROLS_LAYOUT)
        dots = layout["dots"]
        centre = (dots["left"] + dots["right"]) / 2
        assert abs(centre - layout["width"] / 2) <= 0.5, f"screen {index + 1}: dots centred at {centre}: {layout}"
        assert layout["controls"]["left"] >= 0 and layout["controls"]["right"] <= layout["width"] + 0.5, layout
        layouts.append(layout)
    assert all(layout == layouts[0] for layout in layouts), f"the controls move between screens: {layouts}"
