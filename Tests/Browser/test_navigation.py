"""Moving through the screens: dots, buttons, keyboard, touch and mouse."""

from __future__ import annotations

import pytest

from conftest import SAMPLES
from helpers import INSTANT, TOUCH, assert_at, event_summary, events, go_to, mouse_drag, pen_drag, state, touch_swipe, visible


def controls_shown(page) -> dict:
    return {name: visible(page, f".onboarding-{name}") for name in ("skip", "next", "start")}


@pytest.mark.parametrize("name", list(SAMPLES))
def test_dots_and_buttons_per_screen(carousel, samples, name):
    sample = samples[name]
    # Smooth moves on the four-screen sample; instant ones on the others, to save time.
    page = carousel(name) if name == "builders" else carousel(name, **INSTANT)
    count = sample.count
    tablist = page.locator(".onboarding-dots")
    assert tablist.get_attribute("role") == "tablist"
    dots = tablist.locator(".onboarding-dot")
    assert dots.count() == count
    slides = page.locator(".onboarding-slide")
    assert slides.count() == count
    for i in range(count):
        dot = dots.nth(i)
        assert dot.get_attribute("role") == "tab"
        assert dot.get_attribute("aria-label") == f"{i + 1} of {count}"
        controlled = dot.get_attribute("aria-controls")
        assert controlled == f"onboarding-slide-{i + 1}"
        assert slides.nth(i).get_attribute("id") == controlled
        assert slides.nth(i).get_attribute("aria-label") == f"{i + 1} of {count}"
        # The slides are the tabs' panels, and each is announced as a slide (the APG's tabbed
        # carousel may leave the roledescription out; screen readers are clearer with it).
        assert slides.nth(i).get_attribute("role") == "tabpanel"
        assert slides.nth(i).get_attribute("aria-roledescription") == "slide"
    assert page.locator("#onboarding-container").get_attribute("aria-roledescription") == "carousel"

    for i in range(count):
        if i > 0:
            page.click(".onboarding-next")
        assert_at(page, i, count)
        selected = [dots.nth(j).get_attribute("aria-selected") for j in range(count)]
        assert selected == ["true" if j == i else "false" for j in range(count)]
        last = i == count - 1
        assert controls_shown(page) == {"skip": not last, "next": not last, "start": last}, f"screen {i + 1}"


def test_next_advances_one_screen_and_dots_jump(carousel):
    page = carousel("builders")
    assert_at(page, 0, 4)
    page.click(".onboarding-next")
    assert_at(page, 1)
    page.click(".onboarding-next")
    assert_at(page, 2)
    page.click("#onboarding-dot-1")
    assert_at(page, 0)
    page.click("#onboarding-dot-4")
    assert_at(page, 3)
    assert controls_shown(page) == {"skip": False, "next": False, "start": True}
    page.click("#onboarding-dot-2")
    assert_at(page, 1)
    assert controls_shown(page) == {"skip": True, "next": True, "start": False}


# Keeps the page busy for 300 ms at every scroll event, as a slow phone's main thread can be:
# frames, and so scroll events, come that far apart.
BUSY_AT_EVERY_SCROLL = """() => {
  document.getElementById("onboarding-slides").addEventListener("scroll", () => {
    const end = performance.now() + 300;
    while (performance.now() < end) { /* busy */ }
  });
}"""


def test_a_move_on_a_busy_page_ends_where_it_goes(carousel):
    """Frames far apart are no end of a move (Safari has no scrollend: a pause in the scroll
    events is all it has): the screens a dot's move passes are neither announced nor counted."""
    page = carousel("builders")
    page.evaluate(BUSY_AT_EVERY_SCROLL)
    page.click("#onboarding-dot-4")
    assert_at(page, 3)
    assert event_summary(page) == [("started", None), ("pageview", 0), ("pageview", 3)]
    assert page.locator("#onboarding-announcer").text_content().startswith("4 of 4: ")


def test_polite_announcement_of_the_slide(carousel):
    page = carousel("builders")
    announcer = page.locator("#onboarding-announcer")
    assert announcer.get_attribute("aria-live") == "polite"
    assert announcer.text_content() == ""  # nothing is announced on load
    page.click(".onboarding-next")
    assert_at(page, 1)
    assert announcer.text_content() == "2 of 4: The rain came down"


def test_keyboard_on_the_dots(carousel):
    page = carousel("builders")
    page.focus("#onboarding-dot-1")
    page.keyboard.press("ArrowRight")
    s = assert_at(page, 1)
    assert s["focused"] == "onboarding-dot-2"
    page.keyboard.press("ArrowRight")
    assert assert_at(page, 2)["focused"] == "onboarding-dot-3"
    page.keyboard.press("ArrowLeft")
    assert assert_at(page, 1)["focused"] == "onboarding-dot-2"
    page.keyboard.press("End")
    assert assert_at(page, 3)["focused"] == "onboarding-dot-4"
    page.keyboard.press("ArrowRight")  # no moving past the last
    assert assert_at(page, 3)["focused"] == "onboarding-dot-4"
    page.keyboard.press("Home")
    assert assert_at(page, 0)["focused"] == "onboarding-dot-1"
    page.keyboard.press("ArrowLeft")  # nor before the first
    assert assert_at(page, 0)["focused"] == "onboarding-dot-1"


def test_keyboard_on_a_focused_slide_keeps_focus(carousel):
    """Arrow keys on the (focusable, scrollable) slide move the carousel; focus must not be lost
    to the body when the slide it was on becomes inert, so a second key press still works."""
    page = carousel("builders")
    page.focus("#onboarding-slide-1")
    page.keyboard.press("ArrowRight")
    s = assert_at(page, 1)
    assert s["focused"] == "onboarding-slide-2"
    page.keyboard.press("ArrowRight")
    assert assert_at(page, 2)["focused"] == "onboarding-slide-3"
    page.keyboard.press("ArrowLeft")
    assert assert_at(page, 1)["focused"] == "onboarding-slide-2"


def test_tab_order_and_visible_focus(carousel):
    page = carousel("builders")
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(state(page)["focused"])
    # The current slide (scrollable text), Skip, the current dot (roving tabindex), Next.
    assert order == ["onboarding-slide-1", "onboarding-button onboarding-skip", "onboarding-dot-1",
                     "onboarding-button onboarding-next"]
    page.keyboard.press("Shift+Tab")
    assert state(page)["focused"] == "onboarding-dot-1"
    for selector in ("#onboarding-dot-1", ".onboarding-skip", ".onboarding-next", "#onboarding-slide-1"):
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for _ in range(8):
            page.keyboard.press("Tab")
            if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
                break
        else:
            pytest.fail(f"Tab never reached {selector}")
        # A slide's ring is drawn round its content (the slide is the whole window).
        ring = page.evaluate("""(s) => { const e = document.querySelector(s);
            const c = getComputedStyle(e.matches('.onboarding-slide') ? e.querySelector('.onboarding-content') : e);
            return { visible: e.matches(':focus-visible'), style: c.outlineStyle, width: parseFloat(c.outlineWidth) }; }""",
                             selector)
        assert ring["visible"], selector
        assert ring["style"] == "solid", f"{selector}: {ring}"
        assert ring["width"] >= 2, f"{selector}: {ring}"
    # Tab then Enter on Next moves on, and focus follows to Start on the last screen.
    page.focus(".onboarding-next")
    for i in range(1, 4):
        page.keyboard.press("Enter")
        assert_at(page, i)
    assert state(page)["focused"] == "onboarding-button onboarding-start"


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
def test_touch_swipe_both_ways(carousel, size):
    page = carousel("builders")
    touch_swipe(page, -220)
    assert_at(page, 1)
    touch_swipe(page, -220)
    assert_at(page, 2)
    touch_swipe(page, 220)
    assert_at(page, 1)
    touch_swipe(page, 220)
    assert_at(page, 0)


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
def test_touch_swipe_past_either_end_stays(carousel, samples, size):
    """Swiping back on the first screen or on past the last leaves the carousel where it is,
    and the browser does not take the swipe for history navigation (there is history both ways)."""
    sample = samples["builders"]
    page = carousel("builders")
    url = page.url
    navigations = []
    page.playwright.on("framenavigated", lambda frame: frame == page.playwright.main_frame and navigations.append(frame.url))
    # history: blank.html, the carousel, blank.html; back to the carousel so both ways are open.
    page.goto(f"{sample.origin}/blank.html")
    page.go_back()
    page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
    assert page.url == url
    navigations.clear()
    touch_swipe(page, 220)
    assert_at(page, 0)
    touch_swipe(page, 300, steps=4, step_ms=8)
    assert_at(page, 0)
    assert navigations == [] and page.url == url
    go_to(page, 3)
    touch_swipe(page, -220)
    assert_at(page, 3)
    touch_swipe(page, -300, steps=4, step_ms=8)
    assert_at(page, 3)
    assert navigations == [] and page.url == url


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("slowdown", [1, 8])
def test_touch_fling_moves_exactly_one_screen(carousel, size, slowdown):
    """A fast fling moves one screen, every time, on a fast phone and on one eight times slower
    (Chromium's CPU throttling). When the browser scrolled by itself, its fling carried on two
    screens in about one run of six flings in ten on the slow phone (the page learned of the
    touch late, the slides already on their way), and now and then on the fast one."""
    page = carousel("builders")
    cdp = page.playwright.context.new_cdp_session(page.playwright)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    for _ in range(5):  # the first flings on a fresh page, still busy, went wrong most often
        page.reload()
        page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
        assert_at(page, 0)
        touch_swipe(page, -360, steps=3, step_ms=5)
        assert_at(page, 1)
    for expected in (2, 3, 2, 1, 0, 1):
        before = state(page)["selected"][0]
        touch_swipe(page, -360 if expected > before else 360, steps=3, step_ms=5)
        assert_at(page, expected)


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
def test_two_quick_flings_move_two_screens(carousel, size):
    """A second fling while the first still moves goes on one more screen (when the browser
    scrolled by itself, it ended where the first did, about two times in three)."""
    page = carousel("builders")
    for _ in range(3):
        page.reload()
        page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
        for dx, expected in ((-360, 2), (360, 0)):
            touch_swipe(page, dx, steps=3, step_ms=5)
            touch_swipe(page, dx, steps=3, step_ms=5)
            assert_at(page, expected)


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
def test_pen_drag_moves_one_screen(carousel, size):
    page = carousel("builders")
    pen_drag(page, -250)
    assert_at(page, 1)
    pen_drag(page, 250)
    assert_at(page, 0)
    pen_drag(page, -40, steps=8, step_ms=40)  # a slow short move: back where it began
    assert_at(page, 0)


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("drift", [0, 100])
def test_a_finger_moved_up_scrolls_the_screen_not_the_carousel(carousel, size, drift):
    """The browser still scrolls a screen's long text (at 200% text) under a finger moved up,
    straight or slanted (a stroke 100 px sideways in 300 scrolled nothing: the carousel took it
    for a drag and kept the browser from scrolling)."""
    page = carousel("builders", "?text-size=200")
    go_to(page, 3)
    slide = "document.getElementById('onboarding-slide-4')"
    assert page.evaluate(f"{slide}.scrollHeight > {slide}.clientHeight")
    touch_swipe(page, drift, dy=-300, steps=10, step_ms=16, hold_ms=100)
    assert page.evaluate(f"{slide}.scrollTop") > 100
    assert_at(page, 3)


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
def test_small_touch_move_snaps_back(carousel, size):
    page = carousel("builders")
    touch_swipe(page, -30, steps=5, step_ms=30, hold_ms=150)  # a short move, then still: no fling
    assert_at(page, 0)
    touch_swipe(page, -150, steps=10, step_ms=30, hold_ms=150)  # under half a screen
    assert_at(page, 0)


@pytest.mark.parametrize("size", ["desktop"])
def test_mouse_drag_moves_one_screen(carousel, size):
    page = carousel("builders")
    mouse_drag(page, -500)
    assert_at(page, 1)
    mouse_drag(page, -1000)  # a long drag still moves one screen
    assert_at(page, 2)
    mouse_drag(page, 500)
    assert_at(page, 1)
    mouse_drag(page, 40)  # too short: back where it was
    assert_at(page, 1)
    page.click("#onboarding-dot-1")
    assert_at(page, 0)
    mouse_drag(page, 500)  # nothing before the first
    assert_at(page, 0)


@pytest.mark.parametrize("size", ["desktop"])
def test_a_mouse_let_go_off_the_slides_drags_nothing(carousel, size):
    """A press on the slides let go on the controls, after a move too small to drag: the mouse
    moved on over the slides, no button down, and they followed it, stuck between screens (round
    42); a later press on Next moved over the slides took the drag on (round 43)."""
    page = carousel("builders")
    top = page.evaluate("document.querySelector('.onboarding-controls').getBoundingClientRect().top")
    x = page.viewport_size["width"] / 2
    page.mouse.move(x, top - 20)
    page.mouse.down()
    page.mouse.move(x + 3, top + 20, steps=4)
    page.mouse.up()
    page.mouse.move(x + 3, top - 200, steps=4)
    page.mouse.move(x - 300, top - 200, steps=8)
    assert_at(page, 0)
    assert not page.evaluate("document.getElementById('onboarding-slides').classList.contains('onboarding-dragging')")
    # Then Next twice, and a press on Next let go on the slides (a click taken back): the press
    # let go off the slides before is over, and the slides stay (they went back two screens).
    page.click(".onboarding-next")
    page.click(".onboarding-next")
    assert_at(page, 2)
    button = page.evaluate("(({x, y, width, height}) => [x + width / 2, y + height / 2])"
                           "(document.querySelector('.onboarding-next').getBoundingClientRect())")
    page.mouse.move(*button)
    page.mouse.down()
    page.mouse.move(button[0] - 60, button[1] - 120, steps=6)
    page.mouse.up()
    assert_at(page, 2)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_targets_at_least_44px(carousel, samples, name):
    page = carousel(name, **INSTANT)
    count = samples[name].count
    boxes = {}
    for i in range(count):
        boxes[f"dot {i + 1}"] = page.locator(f"#onboarding-dot-{i + 1}").bounding_box()
    boxes["skip"] = page.locator(".onboarding-skip").bounding_box()
    boxes["next"] = page.locator(".onboarding-next").bounding_box()
    go_to(page, count - 1)
    boxes["start"] = page.locator(".onboarding-start").bounding_box()
    for what, box in boxes.items():
        assert box is not None, f"{what} is not shown"
        assert box["width"] >= 44 and box["height"] >= 44, f"{what}: {box['width']}x{box['height']}"


# Where the slides were scrolled when the carousel was first shown (observed on the document,
# as an init script may run before <html> is there).
SCROLL_WHEN_SHOWN = """
new MutationObserver((changes, observer) => {
  if (!document.documentElement.classList.contains("onboarding-ready")) return;
  observer.disconnect();
  sessionStorage.setItem("test:scroll-when-shown", String(document.getElementById("onboarding-slides").scrollLeft));
}).observe(document, { attributes: true, attributeFilter: ["class"], subtree: true });
"""


def test_link_to_a_slide_opens_there(open_page, samples):
    """At once: the carousel is not shown sliding there from the first screen (where frames come
    slowly, as in WebKit while the page loads, the slide was taken for a stop: the first screen
    was announced and counted, and then the third again)."""
    sample = samples["builders"]
    page = open_page(sample.url("#onboarding-slide-3"), init_scripts=[SCROLL_WHEN_SHOWN])
    s = assert_at(page, 2)
    assert float(page.evaluate("sessionStorage.getItem('test:scroll-when-shown')")) == 2 * s["width"]
    assert [(e["type"], (e["detail"] or {}).get("index")) for e in events(page)] == \
        [("onboarding:started", None), ("onboarding:pageview", 2)]
    assert controls_shown(page) == {"skip": True, "next": True, "start": False}


def test_without_script_the_screens_are_still_there(open_page, samples):
    """No script: native scrolling shows every screen's text; the controls, which need script, are
    hidden, and a plain link leads to the app instead."""
    sample = samples["builders"]
    page = open_page(sample.url(), wait_ready=False, java_script_enabled=False)
    assert page.locator("#onboarding-slide-1 [data-field=topTitle]").is_visible()
    assert page.locator(".onboarding-slide").count() == sample.count
    assert not page.locator(".onboarding-next").is_visible()
    start_url = page.evaluate("JSON.parse(document.getElementById('onboarding-data').textContent).startURL")
    assert page.locator("a.onboarding-no-script").is_visible()
    assert page.locator("a.onboarding-no-script").get_attribute("href") == start_url
    page.locator("#onboarding-slide-4").scroll_into_view_if_needed()
    assert page.locator("#onboarding-slide-4 [data-field=topTitle]").is_visible()
