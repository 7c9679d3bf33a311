"""What the tests read from and do to a carousel page."""

from __future__ import annotations

import json
import time

from axe_playwright_python.sync_playwright import Axe

# axe-core's axe.min.js, as axe-playwright-python bundles it; run the same way in both engines.
AXE_SCRIPT = Axe().axe_script

STATE = """() => {
  const box = document.getElementById("onboarding-slides");
  const slides = [...box.querySelectorAll(".onboarding-slide")];
  const dots = [...document.querySelectorAll(".onboarding-dot")];
  const boxLeft = box.getBoundingClientRect().left;
  const active = document.activeElement;
  return {
    scrollLeft: box.scrollLeft,
    width: box.clientWidth,
    inView: slides.map((s, i) => Math.abs(s.getBoundingClientRect().left - boxLeft) < 1 ? i : -1).filter(i => i >= 0),
    selected: dots.map((d, i) => d.getAttribute("aria-selected") === "true" ? i : -1).filter(i => i >= 0),
    tabbable: dots.map((d, i) => d.tabIndex === 0 ? i : -1).filter(i => i >= 0),
    inert: slides.map(s => s.inert),
    focused: active ? (active.id || active.className || active.tagName) : null,
    dir: document.documentElement.dir,
    controlsScreen: document.querySelector(".onboarding-controls").getAttribute("data-screen"),
  };
}"""

# Resolves once the slides have not scrolled for 12 animation frames (about 0.2 s), or 4 frames
# where the reader asked for reduced motion (moves are instant there).
STILL = """() => new Promise((resolve) => {
  const box = document.getElementById("onboarding-slides");
  const need = matchMedia("(prefers-reduced-motion: reduce)").matches ? 4 : 12;
  let last = box.scrollLeft, still = 0, frames = 0;
  function tick() {
    frames += 1;
    if (box.scrollLeft === last) still += 1; else { still = 0; last = box.scrollLeft; }
    if (still >= need || frames > 600) resolve(frames); else requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})"""


# Context options for tests where moving between screens is incidental: moves are instant.
INSTANT = {"reduced_motion": "reduce"}

# Why axe-core's checks need not run in WebKit in every run (a `webkit_optional` reason).
AXE_IN_ANY_ENGINE = ("axe-core reads the DOM, the ARIA and the computed colours the build's HTML and CSS give, "
                     "the same in both engines")

# Why the touch tests run in Chromium alone (a `webkit_lacks` reason).
TOUCH = "its WebDriver has no touch input: a touch pointer action arrives as mouse events, and there is no CDP"


def state(page) -> dict:
    return page.evaluate(STATE)


def settled(page) -> dict:
    """The state once scrolling has stopped and the carousel has taken in where it stopped."""
    page.evaluate(STILL)
    return state(page)


def assert_at(page, index: int, count: int | None = None) -> dict:
    """Asserts that screen `index` (from 0) is the one in view, selected and the only one not inert."""
    s = settled(page)
    rtl = s["dir"] == "rtl"
    expected_left = (-1 if rtl else 1) * index * s["width"]
    assert s["inView"] == [index], f"screen in view {s['inView']}, expected [{index}]: {s}"
    assert abs(s["scrollLeft"] - expected_left) < 1, f"scrollLeft {s['scrollLeft']}, expected {expected_left}: {s}"
    assert s["selected"] == [index], f"aria-selected on {s['selected']}, expected [{index}]: {s}"
    assert s["tabbable"] == [index], f"tabindex=0 on dots {s['tabbable']}, expected [{index}]"
    assert s["inert"] == [i != index for i in range(len(s["inert"]))], f"inert slides {s['inert']}"
    assert s["controlsScreen"] == str(index + 1), f"controls take the colours of screen {s['controlsScreen']}"
    if count is not None:
        assert len(s["inert"]) == count
    return s


def visible(page, selector: str) -> bool:
    return page.locator(selector).is_visible()


def events(page) -> list[dict]:
    return json.loads(page.evaluate("sessionStorage.getItem('test:events') || '[]'"))


def event_summary(page) -> list[tuple]:
    """The recorded events as (type, index) pairs, index None where the event has none."""
    return [(e["type"].removeprefix("onboarding:"), (e.get("detail") or {}).get("index")) for e in events(page)]


def touch_swipe(page, dx: float, steps: int = 10, step_ms: float = 16, y: float | None = None, hold_ms: float = 0,
                dy: float = 0):
    """A one-finger swipe by dx CSS px sideways (negative: the finger moves left) and dy down,
    through CDP (Chromium alone: WebKitGTK's WebDriver turns a touch pointer into mouse events);
    hold_ms: the finger rests that long before it lifts (no fling)."""
    width = page.viewport_size["width"]
    y = y if y is not None else page.viewport_size["height"] * 0.45
    x0, y0 = width / 2 - dx / 2, y - dy / 2
    cdp = page.playwright.context.new_cdp_session(page.playwright)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for step in range(1, steps + 1):
            time.sleep(step_ms / 1000)
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x0 + dx * step / steps, "y": y0 + dy * step / steps}]})
        if hold_ms:
            time.sleep(hold_ms / 1000)
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x0 + dx, "y": y0 + dy}]})
            time.sleep(hold_ms / 1000)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def pen_drag(page, dx: float, steps: int = 8, step_ms: float = 16):
    """A pen drawn sideways by dx CSS px on the screen, through CDP (Chromium alone)."""
    width = page.viewport_size["width"]
    y = page.viewport_size["height"] * 0.45
    x0 = width / 2 - dx / 2
    cdp = page.playwright.context.new_cdp_session(page.playwright)
    pen = {"pointerType": "pen", "button": "left", "y": y}
    try:
        cdp.send("Input.dispatchMouseEvent", {**pen, "type": "mousePressed", "x": x0, "buttons": 1, "clickCount": 1})
        for step in range(1, steps + 1):
            time.sleep(step_ms / 1000)
            cdp.send("Input.dispatchMouseEvent", {**pen, "type": "mouseMoved", "x": x0 + dx * step / steps, "buttons": 1})
        cdp.send("Input.dispatchMouseEvent", {**pen, "type": "mouseReleased", "x": x0 + dx, "buttons": 0, "clickCount": 1})
    finally:
        cdp.detach()


def mouse_drag(page, dx: float, steps: int = 12):
    width = page.viewport_size["width"]
    y = page.viewport_size["height"] * 0.45
    x0 = width / 2 - dx / 2
    page.mouse.move(x0, y)
    page.mouse.down()
    page.mouse.move(x0 + dx, y, steps=steps)
    page.mouse.up()


def go_to(page, index: int):
    """Moves to screen `index` with its dot, and waits until it is there."""
    page.click(f"#onboarding-dot-{index + 1}")
    return assert_at(page, index)


def run_axe(page, options: dict | None = None) -> dict:
    """axe-core's results for the page as it is (its violations alone unless `options` say)."""
    page.run_script(AXE_SCRIPT)
    return page.evaluate("(options) => axe.run(document, options)", options or {"resultTypes": ["violations"]})


def serious(results: dict) -> list[str]:
    """The serious and critical violations of axe-core's results, each with where it is."""
    found = []
    for violation in results["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            targets = [node["target"] for node in violation["nodes"]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found
