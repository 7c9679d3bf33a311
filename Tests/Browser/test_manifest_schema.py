"""The manifest (`onboarding.json`) against the tool's own JSON Schema (`sab-onboarding schema`,
draft 2020-12), read by a reader that refuses a key given twice (Python's json keeps the last
one without a word, as browsers do)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conftest import PACKAGE_ROOT, SAMPLES, _tool, build_onboarding


def strict_json(text: str):
    def pairs(members):
        keys = [key for key, _ in members]
        duplicates = sorted({key for key in keys if keys.count(key) > 1})
        if duplicates:
            raise ValueError(f"keys given twice: {duplicates}")
        return dict(members)

    return json.loads(text, object_pairs_hook=pairs)


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    run = subprocess.run([str(_tool()), "schema"], cwd=PACKAGE_ROOT, capture_output=True, text=True, check=True)
    schema = strict_json(run.stdout)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(validator: Draft202012Validator, manifest) -> list[str]:
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in validator.iter_errors(manifest)]


@pytest.mark.parametrize("name", list(SAMPLES))
def test_the_manifest_of_each_sample_is_valid(samples, validator, name):
    manifest = strict_json((samples[name].out / "onboarding.json").read_text(encoding="utf-8"))
    assert errors(validator, manifest) == []
    # The images' paths in the samples are the authors' own (C:\Users\Builder\Pictures\...).
    for screen in manifest["screens"]:
        for image in screen.get("image", {}).values():
            assert "/" not in image["source"] and "\\" not in image["source"], image


# lang="default" in every place it can be written, with the rule that reports it turned off.
RESERVED_LANGUAGE = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <translation-mappings default-lang="default">
    <translation-mapping id="Button_Skip"><translation lang="default">Pass</translation></translation-mapping>
  </translation-mappings>
  <onboarding-screens>
    <onboarding-screen>
      <title type="top-title"><translation>Hello</translation><translation lang="default">Evil</translation></title>
      <title type="bottom-title"><t>World</t><t lang="DEFAULT">Evil</t></title>
    </onboarding-screen>
  </onboarding-screens>
</app-definition>
"""


def test_a_manifest_built_past_lang_default_has_no_key_twice_and_is_valid(validator, tmp_path):
    app_def = tmp_path / "app.appDef"
    app_def.write_text(RESERVED_LANGUAGE, encoding="utf-8")
    out = tmp_path / "out"
    build_onboarding(app_def, out, "--disable", "reserved-language-code")
    manifest = strict_json((out / "onboarding.json").read_text(encoding="utf-8"))
    assert errors(validator, manifest) == []
    assert manifest["screens"][0]["topTitle"] == {"default": "Hello"}
    page = (out / "index.html").read_text(encoding="utf-8")
    data = page.split('<script type="application/json" id="onboarding-data">', 1)[1].split("</script>", 1)[0]
    assert strict_json(data)["screens"][0]["topTitle"] == {"default": "Hello"}
    assert "Evil" not in page
