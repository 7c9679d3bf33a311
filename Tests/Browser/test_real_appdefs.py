"""Every real appDef of ../shared (beside the clone; third-party data the project does not carry),
with onboarding screens added in the file's own form and a translation in each of its enabled
interface languages: Chromium shows each language's text and the file's own button words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import PACKAGE_ROOT, build_onboarding, build_once

SHARED = PACKAGE_ROOT.parent / "shared"
REAL_FILES = sorted(
    (path for folder in ("appdef-samples", "appdef-samples-wild") for path in (SHARED / folder).glob("*")
     if path.suffix in (".xml", ".appDef")),
    key=lambda path: path.name)

pytestmark = pytest.mark.skipif(
    not REAL_FILES,
    reason="the real appDefs are third-party data the project does not carry: ../shared/appdef-samples is not beside this clone")

BUTTONS = {"skip": "Button_Skip", "next": "Button_Next", "start": "Button_Start"}


def interface_languages(text: str) -> list[str]:
    """The enabled interface languages, as written."""
    languages = []
    for match in re.finditer(r"<writing-system\b([^>]*)>", text):
        attributes = match.group(1)
        if 'type="interface"' in attributes and 'enabled="false"' not in attributes:
            languages.append(re.search(r'code="([^"]*)"', attributes).group(1))
    return languages


def with_screens(text: str, languages: list[str]) -> str:
    """The file with two screens added before its end, in its own form: the PWA export's short
    tags on one line, or the project file's long form with its own line ends."""
    short = "<tm " in text
    t, e = ("t", "e") if short else ("translation", "feature")

    def title(kind: str, words: str) -> str:
        return (f'<title type="{kind}"><{t}>{words}</{t}>'
                + "".join(f'<{t} lang="{language}">{words} [{language}]</{t}>' for language in languages) + "</title>")

    screens = "".join(
        f'<onboarding-screen>{title("top-title", f"Welcome {n}")}{title("bottom-subtitle", f"Text {n}")}'
        f'<features type="onboarding-screen"><{e} name="background" value="default"/></features></onboarding-screen>'
        for n in (1, 2))
    block = f"<onboarding-screens>{screens}</onboarding-screens>"
    if text.count("\n") > 2:
        line_end = "\r\n" if "\r\n" in text else "\n"
        block = block.replace("><", ">" + line_end + "<") + line_end
    end = text.rindex("</app-definition>")
    return text[:end] + block + text[end:]


def own_button_words(text: str, mapping: str) -> dict[str, str]:
    """The words of a Button_* translation mapping by language, as the file writes them."""
    match = re.search(rf'<(tm|translation-mapping) id="{mapping}">(.*?)</\1>', text, re.S)
    if not match:
        return {}
    words = {}
    for language, word in re.findall(r'<(?:t|translation) lang="([^"]*)">([^<]*)</', match.group(2)):
        if word.strip() and language not in words:
            words[language] = word.strip()
    return words


def site_name(source: Path) -> str:
    """Where the onboarding of a real appDef is served: /real-<its name>/."""
    return "real-" + re.sub(r"[^A-Za-z0-9-]", "-", source.stem)


@pytest.fixture(scope="module")
def real_apps(site_root, origin):
    apps = {}
    projects = site_root / "_projects" / "real-appdefs"

    def build():
        projects.mkdir(parents=True, exist_ok=True)
        for source in REAL_FILES:
            text = source.read_bytes().decode("utf-8")
            app_def = projects / source.name
            app_def.write_bytes(with_screens(text, interface_languages(text)).encode("utf-8"))
            build_onboarding(app_def, site_root / site_name(source) / "onboarding")

    build_once(site_root / "_projects", "real-appdefs", build)
    for source in REAL_FILES:
        text = source.read_bytes().decode("utf-8")
        languages = interface_languages(text)
        name = site_name(source)
        out = site_root / name / "onboarding"
        manifest = json.loads((out / "onboarding.json").read_text(encoding="utf-8"))
        apps[source.name] = (f"{origin}/{name}/onboarding/index.html", text, languages, manifest)
    return apps


# The codes of the real appDefs' interface languages that BCP 47 writes otherwise: ISO 639's
# three-letter codes of languages with a two-letter one (Kir, as ISO 639 reads it, is Kirghiz).
AS_BCP_47 = {"Kir": "ky", "wol": "wo", "mal": "ml", "hin": "hi", "eng": "en", "fra": "fr"}


@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("file_name", [path.name for path in REAL_FILES])
def test_each_language_shows_its_text_and_the_files_own_button_words(open_page, real_apps, file_name, size):
    url, text, languages, manifest = real_apps[file_name]
    assert languages, "every real appDef has interface languages"
    assert manifest["languages"] == languages
    for language in languages:
        page = open_page(f"{url}?lang={language}")
        shown = page.evaluate("""() => ({
          lang: document.documentElement.lang,
          title: document.querySelector('#onboarding-slide-1 [data-field=topTitle]').textContent,
          text: document.querySelector('#onboarding-slide-2 [data-field=bottomSubtitle]').textContent,
          skip: document.querySelector('.onboarding-skip').textContent,
          next: document.querySelector('.onboarding-next').textContent,
          start: document.querySelector('.onboarding-start').textContent })""")
        where = f"{file_name} in {language}: {shown}"
        # The page writes the language as BCP 47 does (SAB's `wol` is `wo`); the manifest as written.
        assert shown["lang"] == AS_BCP_47.get(language, language), where
        assert shown["title"] == f"Welcome 1 [{language}]", where
        assert shown["text"] == f"Text 2 [{language}]", where
        for key, mapping in BUTTONS.items():
            own = own_button_words(text, mapping).get(language)
            expected = own if own else manifest["buttons"][key].get(language, manifest["buttons"][key]["default"])
            assert shown[key] == expected, f"{mapping}: {where}"
            assert shown[key].strip(), f"{mapping} is empty: {where}"
