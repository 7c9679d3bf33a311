"""`--start-url` and the page without screens, in each engine.

That page leaves by `<meta http-equiv="refresh" content="0; url=...">` (and by its script). The
refresh does not read a URL as a link does: the HTML standard's refresh steps skip an optional
`url=` and strip a leading quote, so `'javascript:alert(1)'`, a relative path to a link, is
`javascript:alert(1)` to the refresh. The tool refuses every value the refresh could read as a
scheme other than http or https; for the tricky values it accepts, the refresh and the script
go where the page's link goes, and nowhere else.

Where the page went is read the same way in both engines: its address, polled, and the dialogs it
opened (`alert(1)` run). Chromium also tells every navigation it was asked for, scheduled or
started (CDP), and its console says when it refused a refresh; its runs check those as well.
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


def visit(open_page, url: str, javascript: bool, until, timeout: float = 5.0) -> dict:
    """Opens `url` in a new page and records, until `until(record)` holds or `timeout` seconds
    have passed, every address the page was at and any dialog; in Chromium also every navigation
    it requested, scheduled or started (by the refresh or the script) and the console's messages."""
    page = open_page(java_script_enabled=javascript)
    record = {"navigations": [], "console": [], "dialogs": [], "url": None}
    if page.engine == "chromium":
        session = page.playwright.context.new_cdp_session(page.playwright)
        session.send("Page.enable")
        for event in NAVIGATION_EVENTS:
            session.on(event, lambda params: record["navigations"].append(params.get("url", "")))
        page.playwright.on("console", lambda message: record["console"].append(message.text))
    page.goto(url)
    deadline = time.monotonic() + timeout
    while True:
        record["url"] = page.url
        if record["url"] not in record["navigations"]:
            record["navigations"].append(record["url"])
        record["dialogs"] = page.dialogs
        if until(record) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(50)
    # Where the start URL leads, the test server has no page: its "not found" is no error of the page's.
    page.forget_errors(url=record["url"])
    return record


def left_for_another_scheme(record: dict, origin: str) -> list[str]:
    """What shows the page going, or trying to go, anywhere but an http URL of the test server."""
    evidence = [url for url in record["navigations"] if not url.startswith(origin + "/")]
    evidence += [text for text in record["console"] if text.startswith("Refused to refresh")]
    evidence += [f"dialog: {message}" for message in record["dialogs"]]
    return evidence


@pytest.mark.parametrize("size", ["desktop"])
@pytest.mark.parametrize("start_url", REFUSED)
def test_a_start_url_the_refresh_reads_as_another_scheme_is_refused(open_page, engine, site_root, origin, start_url, size):
    name = f"start-url-refused-{REFUSED.index(start_url)}-{engine}"
    run, out = build(site_root, name, start_url)
    if run.returncode == 0:
        # Built: show what the engine makes of the page, with the refresh alone and with script.
        page = f"{origin}/{name}/onboarding/index.html"
        evidence = []
        for javascript in (False, True):
            record = visit(open_page, page, javascript, until=lambda r: bool(left_for_another_scheme(r, origin)) or r["url"] != page)
            evidence += left_for_another_scheme(record, origin) + [f"ended at {record['url']}"]
        pytest.fail(f"--start-url {start_url!r} was accepted; in {engine}: {evidence}")
    assert run.returncode == 64, run.stderr
    assert "is not allowed for '--start-url <start-url>'" in run.stderr
    assert not out.exists()


@pytest.mark.parametrize("size", ["desktop"])
@pytest.mark.parametrize("javascript", [False, True], ids=["refresh", "script"])
@pytest.mark.parametrize("start_url", ACCEPTED)
def test_the_page_without_screens_goes_where_its_link_goes(open_page, engine, site_root, origin, start_url, javascript, size):
    name = f"start-url-accepted-{ACCEPTED.index(start_url)}-{engine}-{'script' if javascript else 'refresh'}"
    run, out = build(site_root, name, start_url)
    assert run.returncode == 0, run.stderr
    page = f"{origin}/{name}/onboarding/index.html"
    expected = urljoin(page, start_url)
    record = visit(open_page, page, javascript, until=lambda r: r["url"] == expected)
    assert record["url"] == expected, record
    assert left_for_another_scheme(record, origin) == [], record
