"""Ending the sequence: Skip and Start store the flag and go to the app; a later visit goes straight on."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from conftest import SAMPLES
from helpers import INSTANT, assert_at, event_summary, events

ISO_TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")

# localStorage throws, as it does with storage blocked (a SecurityError on access).
NO_STORAGE = """
(() => {
  const fail = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  Object.defineProperty(window, "localStorage", { configurable: true, get: fail });
})();
"""


def stored_flag(page, key):
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def leave_by(page, selector, app_url):
    with page.expect_navigation(url=app_url):
        page.click(selector)
    page.wait_for_selector("#app")
    assert page.url == app_url


@pytest.mark.parametrize("name", list(SAMPLES))
def test_skip_stores_the_flag_and_leaves(carousel, samples, name):
    sample = samples[name]
    page = carousel(name)
    assert stored_flag(page, sample.storage_key) is None
    assert event_summary(page) == [("started", None), ("pageview", 0)]
    leave_by(page, ".onboarding-skip", sample.app_url)
    flag = stored_flag(page, sample.storage_key)
    assert flag is not None and ISO_TIMESTAMP.match(flag), flag
    datetime.fromisoformat(flag.replace("Z", "+00:00"))
    assert event_summary(page) == [("started", None), ("pageview", 0), ("skipped", 0)]
    recorded = events(page)
    assert recorded[0]["detail"]["count"] == sample.count
    assert recorded[2]["detail"] == {"index": 0, "screen": 1, "count": sample.count}


def test_skip_from_a_later_screen_reports_it(carousel, samples):
    sample = samples["builders"]
    page = carousel("builders")
    page.click(".onboarding-next")
    assert_at(page, 1)
    leave_by(page, ".onboarding-skip", sample.app_url)
    assert event_summary(page) == [("started", None), ("pageview", 0), ("pageview", 1), ("skipped", 1)]
    assert stored_flag(page, sample.storage_key)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_start_on_the_last_screen_completes(carousel, samples, name):
    sample = samples[name]
    page = carousel(name, **INSTANT)
    for i in range(1, sample.count):
        page.click(".onboarding-next")
        assert_at(page, i)
    leave_by(page, ".onboarding-start", sample.app_url)
    assert stored_flag(page, sample.storage_key)
    expected = [("started", None)] + [("pageview", i) for i in range(sample.count)] + [("completed", sample.count - 1)]
    assert event_summary(page) == expected
    assert events(page)[-1]["detail"]["screen"] == sample.count


def test_second_open_goes_straight_to_the_app_and_replay_shows_it(open_page, samples):
    sample = samples["builders"]
    page = open_page(f"{sample.origin}/blank.html", wait_ready=False)
    page.evaluate("(k) => localStorage.setItem(k, new Date().toISOString())", sample.storage_key)
    page.goto(sample.url())
    page.wait_for_selector("#app")
    assert page.url == sample.app_url
    assert events(page) == []  # the carousel never started
    page.goto(sample.url("?replay"))
    page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
    assert page.url == sample.url("?replay")
    assert_at(page, 0)
    page.click(".onboarding-next")
    assert_at(page, 1)
    leave_by(page, ".onboarding-skip", sample.app_url)


def test_gate_sends_a_first_visit_to_the_onboarding_only(open_page, samples):
    sample = samples["multilingual"]
    page = open_page(sample.app_url, wait_ready=False)
    page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
    assert page.url == sample.url()
    leave_by(page, ".onboarding-skip", sample.app_url)
    page.goto(sample.app_url)  # seen: the gate lets the app open
    page.wait_for_selector("#app")
    assert page.url == sample.app_url


def test_without_storage_the_carousel_works_and_start_leaves(carousel, samples):
    sample = samples["builders"]
    page = carousel("builders", init_scripts=[NO_STORAGE])
    assert page.evaluate("() => { try { localStorage.getItem('x'); return 'read'; } catch (e) { return e.name; } }") \
        == "SecurityError"
    page.click(".onboarding-next")
    assert_at(page, 1)
    page.click("#onboarding-dot-4")
    assert_at(page, 3)
    leave_by(page, ".onboarding-start", sample.app_url)  # the gate, without storage, lets the app open
    assert event_summary(page)[-1] == ("completed", 3)


def test_without_storage_skip_leaves(carousel, samples):
    sample = samples["one-line-export"]
    page = carousel("one-line-export", init_scripts=[NO_STORAGE])
    leave_by(page, ".onboarding-skip", sample.app_url)
    assert event_summary(page) == [("started", None), ("pageview", 0), ("skipped", 0)]
