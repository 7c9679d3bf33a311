"""`--start-url` and the page without screens, in Chromium.

That page leaves by `<meta http-equiv="refresh" content="0; url=...">` (and by its script). The
refresh does not read a URL as a link does: the HTML standard's refresh steps skip an optional
`url=` and strip a leading quote, so `'javascript:alert(1)'`, a relative path to a link, is
`javascript:alert(1)` to the refresh. The tool refuses every value the refresh could read as a
scheme other than http or https; for the tricky values it accepts, Chromium's refresh and script
go where the page's link goes, and nowhere else.
"""

from __future__ import annotations

import subprocess
import time
from urllib.parse import urljoin

import pytest

from conftest import APP_PAGE, PACKAGE_ROOT, _tool

NO_SCREENS = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <app-name lang="default">Without an introduction</app-name>
  <package>org.example.sab.starturl</package>
</app-definition>
"""

# Values the refresh reads as javascript: or data: URLs (or, for the last ones, would in a
# template that leaves out `url=`).
REFUSED = [
    "'javascript:alert(1)'",
    '"javascript:alert(1)"',
    "'data:text/html,<script>alert(1)</script>'",
    "\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\"",
    "'JaVaScRiPt:alert(1)",
    "url=javascript:alert(1)",
]

# Values that look like those but are relative paths to the refresh, the link and the script.
ACCEPTED = [
    "../",
    "../app/?next=javascript:alert(1)",
    "./javascript:alert(1)",
    "%27javascript:alert(1)%27",
    "../data:text/html,x",
]

NAVIGATION_EVENTS = ("Page.frameRequestedNavigation", "Page.frameScheduledNavigation", "Page.frameStartedNavigating")


def build(site_root, name: str, start_url: str) -> tuple[subprocess.CompletedProcess, object]:
    project = site_root / "_projects" / name
    project.mkdir(parents=True, exist_ok=True)
    app_def = project / "app.appDef"
    app_def.write_text(NO_SCREENS, encoding="utf-8")
    out = site_root / name / "onboarding"
    run = subprocess.run(
        [str(_tool()), "build", str(app_def), "--out", str(out), "--quiet", "--start-url", start_url],
        cwd=PACKAGE_ROOT, capture_output=True, text=True)
    (site_root / name).mkdir(exist_ok=True)
    (site_root / name / "index.html").write_text(APP_PAGE, encoding="utf-8")
    return run, out


def visit(browser, url: str, javascript: bool, until, timeout: float = 5.0) -> dict:
    """Opens `url` in a new context and records, until `until(record)` holds or `timeout`
    seconds have passed, every navigation Chromium requested, scheduled or started (by the
    refresh or the script), the console's messages and any dialog."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    record = {"navigations": [], "console": [], "dialogs": [], "url": None}
    session = context.new_cdp_session(page)
    session.send("Page.enable")
    for event in NAVIGATION_EVENTS:
        session.on(event, lambda params: record["navigations"].append(params.get("url", "")))
    page.on("console", lambda message: record["console"].append(message.text))
    page.on("dialog", lambda dialog: (record["dialogs"].append(dialog.message), dialog.dismiss()))
    page.goto(url)
    deadline = time.monotonic() + timeout
    while True:
        record["url"] = page.url
        if until(record) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(50)
    context.close()
    return record


def left_for_another_scheme(record: dict, origin: str) -> list[str]:
    """What shows the page going, or trying to go, anywhere but an http URL of the test server."""
    evidence = [url for url in record["navigations"] if not url.startswith(origin + "/")]
    evidence += [text for text in record["console"] if text.startswith("Refused to refresh")]
    evidence += [f"dialog: {message}" for message in record["dialogs"]]
    return evidence


@pytest.mark.parametrize("start_url", REFUSED)
def test_a_start_url_the_refresh_reads_as_another_scheme_is_refused(browser, site_root, origin, start_url):
    name = f"start-url-refused-{REFUSED.index(start_url)}"
    run, out = build(site_root, name, start_url)
    if run.returncode == 0:
        # Built: show what Chromium makes of the page, with the refresh alone and with script.
        page = f"{origin}/{name}/onboarding/index.html"
        evidence = []
        for javascript in (False, True):
            record = visit(browser, page, javascript, until=lambda r: bool(left_for_another_scheme(r, origin)) or r["url"] != page)
            evidence += left_for_another_scheme(record, origin) + [f"ended at {record['url']}"]
        pytest.fail(f"--start-url {start_url!r} was accepted; in Chromium: {evidence}")
    assert run.returncode == 64, run.stderr
    assert "is not allowed for '--start-url <start-url>'" in run.stderr
    assert not out.exists()


@pytest.mark.parametrize("javascript", [False, True], ids=["refresh", "script"])
@pytest.mark.parametrize("start_url", ACCEPTED)
def test_the_page_without_screens_goes_where_its_link_goes(browser, site_root, origin, start_url, javascript):
    name = f"start-url-accepted-{ACCEPTED.index(start_url)}"
    run, out = build(site_root, name, start_url)
    assert run.returncode == 0, run.stderr
    page = f"{origin}/{name}/onboarding/index.html"
    expected = urljoin(page, start_url)
    record = visit(browser, page, javascript, until=lambda r: r["url"] == expected)
    assert record["url"] == expected, record
    assert left_for_another_scheme(record, origin) == [], record
