"""One page interface over two browser engines, so that each test is written once.

`ChromiumPage` is a Playwright page of Debian's Chromium; `WebKitPage` a window of WebKitGTK
driven by Selenium (webkit.py). Both offer what the tests use, with Playwright's names:

    page.engine                      "chromium" or "webkit"
    page.goto(url) / reload() / go_back() / url / viewport_size
    page.evaluate(expression_or_function, arg=None)   promises are awaited
    page.run_script(source)          a script's statements (axe-core), whatever the page's CSP
    page.click(selector) / focus(selector) / text_content(selector) / get_attribute(selector, name)
    page.select_option(selector, value)
    page.eval_on_selector(selector, function, arg=None) / eval_on_selector_all(...)
    page.query_selector_all(selector)  elements: .get_attribute(name) .scroll_into_view_if_needed()
                                     .content_frame()
    frame.url / frame.evaluate(script, arg=None) / frame.text_content(selector)
    page.keyboard.press("Shift+Tab")
    page.mouse.move(x, y, steps=1) / down() / up() / click(x, y)
    page.locator(selector)           .get_attribute .text_content .count .nth .first .locator
                                     .bounding_box .is_visible .element_handle .evaluate
                                     .scroll_into_view_if_needed .screenshot() (PNG bytes)
    page.wait_for_selector(selector, state="visible") / wait_for_function(script)
    page.wait_for_timeout(ms) / wait_for_load_state("load" | "networkidle")
    with page.expect_navigation(url=None): ...
    page.screenshot(path=...)
    page.set_offline(True)
    page.dialogs                     the messages of the dialogs the page opened, each dismissed
    page.watch.errors / page.watch.requests / page.forget_errors(url=None)

A test that needs what only Chromium has (CDP: touch input, network throttling, the fonts used)
reaches Playwright itself through `page.playwright`, and is marked `webkit_lacks` with the reason.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field

DEFAULT_TIMEOUT_MS = 5000
# A page and its frames loading (the review page's eighteen) on a machine running both engines;
# WebKit's page load timeout is the same (webkit.py).
NAVIGATION_TIMEOUT_MS = 30_000


@dataclass
class Watch:
    """What a page did that a test may not allow: console errors, uncaught exceptions, requests."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


# Chromium ---------------------------------------------------------------------------------------


class ChromiumPage:
    """A Playwright page: the interface above is Playwright's own, passed through."""

    engine = "chromium"

    def __init__(self, page):
        self.playwright = page
        self.watch = Watch()
        page.on("console", lambda message: message.type == "error" and self.watch.errors.append(
            f"console error: {message.text} ({message.location.get('url')})"))
        page.on("pageerror", lambda error: self.watch.errors.append(f"uncaught exception: {error}"))
        page.on("request", lambda request: self.watch.requests.append(request.url))
        self.dialogs: list[str] = []
        page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        page.set_default_timeout(DEFAULT_TIMEOUT_MS)
        page.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)

    @property
    def url(self) -> str:
        return self.playwright.url

    @property
    def viewport_size(self) -> dict:
        return self.playwright.viewport_size

    @property
    def keyboard(self):
        return self.playwright.keyboard

    @property
    def mouse(self):
        return self.playwright.mouse

    def goto(self, url: str):
        self.playwright.goto(url)

    def reload(self):
        self.playwright.reload()

    def go_back(self):
        self.playwright.go_back()

    def evaluate(self, script: str, arg=None):
        return self.playwright.evaluate(script, arg)

    def run_script(self, source: str):
        self.playwright.evaluate(source)

    def click(self, selector: str, timeout: float | None = None):
        self.playwright.click(selector, timeout=timeout)

    def focus(self, selector: str):
        self.playwright.focus(selector)

    def hover(self, selector: str):
        self.playwright.hover(selector)

    def text_content(self, selector: str):
        return self.playwright.text_content(selector)

    def get_attribute(self, selector: str, name: str):
        return self.playwright.get_attribute(selector, name)

    def select_option(self, selector: str, value: str):
        return self.playwright.select_option(selector, value)

    def eval_on_selector(self, selector: str, script: str, arg=None):
        return self.playwright.eval_on_selector(selector, script, arg)

    def eval_on_selector_all(self, selector: str, script: str, arg=None):
        return self.playwright.eval_on_selector_all(selector, script, arg)

    def query_selector_all(self, selector: str):
        return self.playwright.query_selector_all(selector)

    def locator(self, selector: str):
        return self.playwright.locator(selector)

    def wait_for_selector(self, selector: str, state: str = "visible", timeout: float | None = None):
        self.playwright.wait_for_selector(selector, state=state, timeout=timeout)

    def wait_for_function(self, script: str, timeout: float | None = None):
        self.playwright.wait_for_function(script, timeout=timeout)

    def wait_for_timeout(self, milliseconds: float):
        self.playwright.wait_for_timeout(milliseconds)

    def wait_for_load_state(self, state: str = "load"):
        self.playwright.wait_for_load_state(state)

    def expect_navigation(self, url: str | None = None):
        return self.playwright.expect_navigation(url=url) if url else self.playwright.expect_navigation()

    def screenshot(self, path: str):
        self.playwright.screenshot(path=path)

    def set_offline(self, offline: bool):
        self.playwright.context.set_offline(offline)

    def forget_errors(self, url: str | None = None):
        """Forgets the errors so far: all of them, or those of the document or resource at `url`."""
        self.watch.errors[:] = [] if url is None else [error for error in self.watch.errors if not error.endswith(f"({url})")]


# WebKit -----------------------------------------------------------------------------------------

# What WebKitGTK's WebDriver cannot report by itself (it has no console log and no request events),
# recorded by the page: console errors, uncaught exceptions, failed loads, and the documents and
# resources it loaded, in sessionStorage, which lasts as long as the window on the test's origin.
# The test server puts it first in every HTML page (conftest.py), as Playwright's init scripts run.
# A page of another server (the preview) or of a file gets it from `goto` and `reload` once it has
# loaded: what that page reported before is not seen, nor anything in its frames.
WEBKIT_RECORDER = """
(() => {
  if (window.__testRecorder) return;
  window.__testRecorder = true;
  const append = (key, text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || "[]");
      list.push(text);
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch (e) { /* no session storage: nothing to keep it in */ }
  };
  append("test:requests", location.href);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.name.includes("/__test__/")) append("test:requests", entry.name);
  }).observe({ type: "resource", buffered: true });
  const consoleError = console.error;
  console.error = function (...args) {
    append("test:errors", `console error: ${args.map(String).join(" ")} (${location.href})`);
    return consoleError.apply(this, args);
  };
  // WebKit also reports a load that its document gave up as it left (a frame sent to another
  // address while its style sheet loads) as failed, where Chromium reports nothing: a failed load
  // is kept here a second, and goes with a document that goes. READ_WATCH takes what is kept.
  const kept = [];
  const keep = () => { while (kept.length) append("test:errors", kept.shift()); };
  window.__testKeep = keep;
  addEventListener("error", (event) => {
    const target = event.target;
    if (target && target.nodeType === 1) {
      kept.push(`failed to load ${target.currentSrc || target.src || target.href} (${location.href})`);
      setTimeout(keep, 1000);
    } else {
      append("test:errors", `uncaught exception: ${event.message} (${event.filename}:${event.lineno})`);
    }
  }, true);
  addEventListener("unhandledrejection", (event) => append("test:errors", `uncaught exception: ${event.reason} (${location.href})`));
})();
"""

READ_WATCH = """
const keep = (view) => {
  try {
    if (view.__testKeep) view.__testKeep();
    for (let i = 0; i < view.frames.length; i++) keep(view.frames[i]);
  } catch (e) { /* a frame of another origin */ }
};
keep(window);
try { return [sessionStorage.getItem("test:errors"), sessionStorage.getItem("test:requests")]; }
catch (e) { return [null, null]; /* no session storage (a file's page may have none): nothing kept */ }"""

# A Playwright script is an expression or a function (called with the argument); the same test
# text must mean the same in both engines.
FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")

# Runs a script's source; a promise it gives is kept to be awaited by a second, asynchronous call
# (an asynchronous call alone never returns where the page's JavaScript is off).
CALL = """
const value = (function () { %s }).apply(null, arguments);
if (value && typeof value.then === "function") {
  window.__testPending = Promise.resolve(value).then((v) => ({ value: v }), (e) => ({ error: String(e && e.stack || e) }));
  return { pending: true };
}
return { value: value === undefined ? null : value };
"""
AWAIT = """const done = arguments[arguments.length - 1]; window.__testPending.then(done);"""

# The elements a locator's chain of (selector, index) steps finds, each step inside the one
# element the step before found.
RESOLVE = """
const resolve = (chain) => {
  let elements = [document];
  for (const [selector, index] of chain) {
    if (elements.length !== 1) throw new Error(`strict mode violation: ${elements.length} elements before ${selector}`);
    let found = [...elements[0].querySelectorAll(selector)];
    if (index !== null) found = index < found.length ? [found[index]] : [];
    elements = found;
  }
  return elements;
};
"""

# Visible as Playwright means it: a box that is not empty, and not visibility: hidden.
VISIBLE = """
const visible = (e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility === "visible"; };
"""

# Resolves once the element's box is the same in three animation frames in a row: a change of
# size reaches a ResizeObserver after the frame's animation callbacks, and the carousel refits its
# controls in the frame after that (two frames alone let a click land on a control that moved).
STABLE = """(selector) => new Promise((resolve) => {
  const element = document.querySelector(selector);
  const box = () => JSON.stringify(element.getBoundingClientRect());
  let last = box(), same = 0;
  const check = () => {
    const now = box();
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 2) resolve(true);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})"""

# Chooses the option of a value in a <select>, as a person does (Playwright's select_option).
SELECT = """
const select = document.querySelector(arguments[0]);
const option = [...select.options].find((each) => each.value === arguments[1]);
if (!option) return null;
option.selected = true;
select.dispatchEvent(new Event("input", { bubbles: true }));
select.dispatchEvent(new Event("change", { bubbles: true }));
return option.value;
"""

# Playwright's key names, as WebDriver's keys.
KEY_NAMES = {
    "ArrowRight": "\ue014", "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowDown": "\ue015",
    "Home": "\ue011", "End": "\ue010", "PageUp": "\ue00e", "PageDown": "\ue00f",
    "Tab": "\ue004", "Enter": "\ue007", "Escape": "\ue00c",
    "Space": " ", "Shift": "\ue008", "Control": "\ue009", "Alt": "\ue00a", "Meta": "\ue03d",
}


class WebKitPage:
    """A WebKitGTK window driven by Selenium, with the interface of `ChromiumPage`."""

    engine = "webkit"

    def __init__(self, driver, width: int, height: int, site, origin: str, javascript: bool = True):
        self.driver = driver
        self._viewport = {"width": width, "height": height}
        # Whether the page's scripts run: where they do not, neither do animation frames or
        # promises, in the test's scripts too.
        self.javascript = javascript
        # The test server: it goes offline for `set_offline`.
        self.site = site
        # The test server's origin: its pages have the recorder from the start.
        self.origin = origin
        self._dialogs: list[str] = []
        self.keyboard = _WebKitKeyboard(driver)
        self.mouse = _WebKitMouse(driver)

    # Reading the page ---------------------------------------------------------------------------

    @property
    def url(self) -> str:
        from selenium.common.exceptions import UnexpectedAlertPresentException

        try:
            return self.driver.current_url
        except UnexpectedAlertPresentException as alert:  # WebDriver dismissed it to answer
            self._dialogs.append(alert.alert_text or "")
            return self.driver.current_url

    @property
    def dialogs(self) -> list[str]:
        """The messages of the dialogs the page opened, each dismissed: one open now is read and
        dismissed here (WebDriver answers nothing else while one is open)."""
        from selenium.common.exceptions import NoAlertPresentException

        try:
            alert = self.driver.switch_to.alert
            self._dialogs.append(alert.text)
            alert.dismiss()
        except NoAlertPresentException:
            pass
        return list(self._dialogs)

    @property
    def viewport_size(self) -> dict:
        return dict(self._viewport)

    def evaluate(self, script: str, arg=None):
        """As Playwright's; an element (`element_handle()`) can be the argument itself, but not
        inside a list or object (WebKitGTK's WebDriver passes it there as a plain object)."""
        return self._call(script, *([] if arg is None else [arg]))

    def _call(self, script: str, *arguments):
        body = f"return ({script}).apply(null, arguments);" if FUNCTION.match(script) else f"return ({script});"
        result = self.driver.execute_script(CALL % body, *arguments)
        if result.get("pending"):
            result = self.driver.execute_async_script(AWAIT)
            if "error" in result:
                raise RuntimeError(f"the page's promise was rejected: {result['error']}")
        return result.get("value")

    def run_script(self, source: str):
        self.driver.execute_script(source)

    def text_content(self, selector: str):
        return self.locator(selector).text_content()

    def get_attribute(self, selector: str, name: str):
        return self.locator(selector).get_attribute(name)

    def eval_on_selector(self, selector: str, script: str, arg=None):
        """`script` called with the first element `selector` finds (waited for) and `arg`."""
        self.wait_for_selector(selector, "attached")
        return self._call(f"(selector, arg) => ({script})(document.querySelector(selector), arg)", selector, arg)

    def eval_on_selector_all(self, selector: str, script: str, arg=None):
        """`script` called with every element `selector` finds, in a list, and `arg`."""
        return self._call(f"(selector, arg) => ({script})([...document.querySelectorAll(selector)], arg)", selector, arg)

    def query_selector_all(self, selector: str) -> list["WebKitElement"]:
        from selenium.webdriver.common.by import By

        return [WebKitElement(self, element) for element in self.driver.find_elements(By.CSS_SELECTOR, selector)]

    def locator(self, selector: str) -> "WebKitLocator":
        return WebKitLocator(self, ((selector, None),))

    @property
    def watch(self) -> Watch:
        errors, requests = self._retry(lambda: self.driver.execute_script(READ_WATCH))
        return Watch(json.loads(errors or "[]"), json.loads(requests or "[]"))

    def forget_errors(self, url: str | None = None):
        """Forgets the errors so far: all of them, or those of the document or resource at `url`."""
        self.driver.execute_script("""
            const url = arguments[0];
            if (url === null) { sessionStorage.removeItem('test:errors'); return; }
            const kept = JSON.parse(sessionStorage.getItem('test:errors') || '[]').filter((error) => !error.endsWith(`(${url})`));
            sessionStorage.setItem('test:errors', JSON.stringify(kept));""", url)

    # Acting on it -------------------------------------------------------------------------------

    def goto(self, url: str):
        self.driver.get(url)
        self._record_off_the_test_server()

    def reload(self):
        self.driver.refresh()
        self._record_off_the_test_server()

    def _record_off_the_test_server(self):
        """The recorder, in a page the test server did not serve (it is in those it did)."""
        if self.javascript and not self.driver.current_url.startswith(self.origin + "/"):
            self.driver.execute_script(WEBKIT_RECORDER)

    def go_back(self):
        self.driver.back()

    def click(self, selector: str, timeout: float | None = None):
        """As Playwright's: once the element is visible and stable (the same box in three frames
        in a row, see STABLE), so that a layout still settling does not take the click to another
        element, or the press and the release to two (which makes no click)."""
        self.wait_for_selector(selector, "visible", timeout)
        if self.javascript:
            self._call(STABLE, selector)
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def hover(self, selector: str):
        """As Playwright's: the mouse moved to the middle of the element, once it is visible and
        still; `mouse.down()` then presses it there."""
        self.wait_for_selector(selector, "visible")
        if self.javascript:
            self._call(STABLE, selector)
        box = self.locator(selector).bounding_box()
        self.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def select_option(self, selector: str, value: str) -> list[str]:
        """As Playwright's: the option of that value chosen, then the `input` and `change` events a
        person's choice fires."""
        self.wait_for_selector(selector, "visible")
        chosen = self.driver.execute_script(SELECT, selector, value)
        if chosen is None:
            raise ValueError(f"{selector} has no option of the value {value!r}")
        return [chosen]

    def focus(self, selector: str):
        self.wait_for_selector(selector, "attached")
        self.driver.execute_script("document.querySelector(arguments[0]).focus()", selector)

    def screenshot(self, path: str):
        if not self.driver.save_screenshot(path):
            raise RuntimeError(f"WebKitGTK gave no screenshot for {path}")

    def set_offline(self, offline: bool):
        """The test server stops answering (it closes every connection at once), as a network that
        is gone: WebKitGTK's WebDriver cannot take the browser offline, and navigator.onLine stays true."""
        self.site.offline = offline

    # Waiting ------------------------------------------------------------------------------------

    def wait_for_selector(self, selector: str, state: str = "visible", timeout: float | None = None):
        if state not in ("visible", "attached"):
            raise ValueError(state)
        script = VISIBLE + "const e = document.querySelector(arguments[0]); return !!e && (arguments[1] || visible(e));"
        self._poll(f"{selector} {state}", lambda: self.driver.execute_script(script, selector, state == "attached"), timeout)

    def wait_for_function(self, script: str, timeout: float | None = None):
        self._poll(script, lambda: self.evaluate(script), timeout)

    def wait_for_timeout(self, milliseconds: float):
        time.sleep(milliseconds / 1000)

    def wait_for_load_state(self, state: str = "load"):
        self._poll("the load event", lambda: self.driver.execute_script("return document.readyState === 'complete'"), None)
        if state == "networkidle":
            # As Playwright means it: no new request for 500 ms.
            count = lambda: self.driver.execute_script("return performance.getEntriesByType('resource').length")  # noqa: E731
            last, since = count(), time.monotonic()
            while time.monotonic() - since < 0.5:
                time.sleep(0.1)
                now = count()
                if now != last:
                    last, since = now, time.monotonic()
        elif state != "load":
            raise ValueError(state)

    @contextmanager
    def expect_navigation(self, url: str | None = None):
        """Waits, after the block, until another document has loaded (at `url` when given)."""
        token = uuid.uuid4().hex
        self.driver.execute_script("window.__testDocument = arguments[0]", token)
        yield

        def arrived():
            document, state, address = self.driver.execute_script(
                "return [window.__testDocument || null, document.readyState, location.href]")
            return document != token and state == "complete" and (url is None or address == url)

        self._poll(f"a navigation{' to ' + url if url else ''}", arrived, None)

    def _poll(self, what: str, check, timeout: float | None):
        from selenium.common.exceptions import WebDriverException

        deadline = time.monotonic() + (timeout or DEFAULT_TIMEOUT_MS) / 1000
        failure = None
        while True:
            try:
                value = check()
                if value:
                    return value
            except WebDriverException as error:  # a document going away while the check ran
                failure = error
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited in vain for {what}" + (f" (last: {failure.msg})" if failure else ""))
            time.sleep(0.05)

    def _retry(self, call):
        """`call`, again for a moment while a navigation leaves no document to run in."""
        result = []
        self._poll("a document to read", lambda: result.append(call()) or True, None)
        return result[0]


class WebKitLocator:
    """Playwright's Locator, as far as the tests use it, over Selenium."""

    def __init__(self, page: WebKitPage, chain: tuple):
        self.page = page
        self.chain = chain

    def _steps(self) -> list:
        return [list(step) for step in self.chain]

    def _run(self, action: str, *arguments):
        """Runs `action` (a function body with `element` and `arguments[1:]`) on the one element
        found; waits for it as Playwright does, and refuses several (Playwright's strict mode)."""
        script = RESOLVE + f"""
const elements = resolve(arguments[0]);
if (elements.length > 1) throw new Error(`strict mode violation: ${{elements.length}} elements`);
if (elements.length === 0) return null;
const element = elements[0];
return {{ value: (() => {{ {action} }})() }};
"""
        found = self.page._poll(f"an element at {self.chain}",
                                lambda: self.page.driver.execute_script(script, self._steps(), *arguments), None)
        return found["value"]

    def locator(self, selector: str) -> "WebKitLocator":
        return WebKitLocator(self.page, self.chain + ((selector, None),))

    def nth(self, index: int) -> "WebKitLocator":
        selector, _ = self.chain[-1]
        return WebKitLocator(self.page, self.chain[:-1] + ((selector, index),))

    @property
    def first(self) -> "WebKitLocator":
        return self.nth(0)

    def count(self) -> int:
        return self.page.driver.execute_script(RESOLVE + "return resolve(arguments[0]).length;", self._steps())

    def get_attribute(self, name: str):
        return self._run("return element.getAttribute(arguments[1]);", name)

    def text_content(self):
        return self._run("return element.textContent;")

    def is_visible(self) -> bool:
        script = RESOLVE + VISIBLE + "const found = resolve(arguments[0]); return found.length === 1 && visible(found[0]);"
        return self.page.driver.execute_script(script, self._steps())

    def bounding_box(self):
        return self._run("""const r = element.getBoundingClientRect();
            return r.width > 0 || r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;""")

    def element_handle(self):
        return self._run("return element;")

    def click(self):
        """As Playwright's: the element, once found, clicked in its middle."""
        self.element_handle().click()

    def evaluate(self, script: str, arg=None):
        return self.page._call(f"(element, arg) => ({script})(element, arg)", self.element_handle(), arg)

    def scroll_into_view_if_needed(self):
        self._run("element.scrollIntoView({ block: 'nearest', inline: 'nearest' });")

    def screenshot(self, animations: str = "allow") -> bytes:
        """The element's pixels as they show now, as PNG. WebKitGTK's WebDriver lets animations
        run (Playwright's "allow"); it cannot stop them."""
        if animations != "allow":
            raise ValueError(f"WebKitGTK's WebDriver cannot take a screenshot with animations={animations!r}")
        return self.element_handle().screenshot_as_png


class WebKitElement:
    """An element found by `query_selector_all` (Playwright's ElementHandle, as far as the tests
    use it)."""

    def __init__(self, page: WebKitPage, element):
        self.page = page
        self.element = element

    def get_attribute(self, name: str):
        return self.element.get_dom_attribute(name)

    def scroll_into_view_if_needed(self):
        self.page.driver.execute_script("arguments[0].scrollIntoView({ block: 'nearest', inline: 'nearest' })", self.element)

    def content_frame(self) -> "WebKitFrame":
        return WebKitFrame(self.page, self.element)


class WebKitFrame:
    """The document of an <iframe>: WebDriver reads it from inside the frame, then goes back to
    the page."""

    def __init__(self, page: WebKitPage, element):
        self.page = page
        self.element = element

    @contextmanager
    def _inside(self):
        self.page.driver.switch_to.frame(self.element)
        try:
            yield
        finally:
            self.page.driver.switch_to.default_content()

    @property
    def url(self) -> str:
        with self._inside():
            return self.page.driver.execute_script("return location.href")

    def evaluate(self, script: str, arg=None):
        with self._inside():
            return self.page.evaluate(script, arg)

    def text_content(self, selector: str):
        with self._inside():
            return self.page.locator(selector).text_content()


class _WebKitKeyboard:
    def __init__(self, driver):
        self.driver = driver

    def press(self, keys: str):
        """A key, with modifiers held while it is pressed: "ArrowRight", "Shift+Tab"."""
        from selenium.webdriver.common.action_chains import ActionChains

        *modifiers, key = keys.split("+")
        names = [KEY_NAMES[name] if name in KEY_NAMES else name for name in (*modifiers, key)]
        actions = ActionChains(self.driver)
        for name in names:
            actions.key_down(name)
        for name in reversed(names):
            actions.key_up(name)
        actions.perform()


class _WebKitMouse:
    """A mouse at CSS pixel positions of the viewport, moving in steps as Playwright's does."""

    def __init__(self, driver):
        self.driver = driver
        self.x = 0.0
        self.y = 0.0

    def _actions(self):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        # One frame per step (WebDriver's default move takes 250 ms).
        return ActionBuilder(self.driver, duration=16)

    def move(self, x: float, y: float, steps: int = 1):
        actions = self._actions()
        for step in range(1, steps + 1):
            actions.pointer_action.move_to_location(round(self.x + (x - self.x) * step / steps),
                                                    round(self.y + (y - self.y) * step / steps))
        actions.perform()
        self.x, self.y = x, y

    def down(self):
        actions = self._actions()
        actions.pointer_action.pointer_down()
        actions.perform()

    def up(self):
        actions = self._actions()
        actions.pointer_action.pointer_up()
        actions.perform()

    def click(self, x: float, y: float):
        self.move(x, y)
        self.down()
        self.up()
