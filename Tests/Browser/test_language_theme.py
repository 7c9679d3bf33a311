"""The reader's language (with fallback and right-to-left) and colour theme."""

from __future__ import annotations

import json

import pytest

from helpers import INSTANT, TOUCH, assert_at, go_to, mouse_drag, run_axe, touch_swipe


def texts(page, screen: int) -> dict:
    """The text fields of a screen with their text and own lang attribute."""
    return page.evaluate("""(n) => Object.fromEntries([...document.querySelectorAll(
        `#onboarding-slide-${n} [data-field]:not(img)`)].map(e => [e.dataset.field,
        { text: e.textContent, lang: e.getAttribute("lang") }]))""", screen)


def html_lang_dir(page):
    return page.evaluate("[document.documentElement.lang, document.documentElement.dir]")


def user_settings(language: str) -> str:
    value = json.dumps({"interface-language": language})
    return f"localStorage.setItem('userSettings', {json.dumps(value)});"


def local_theme(theme: str) -> str:
    return f"localStorage.setItem('theme', {json.dumps(theme)});"


def dot_labels(page):
    return page.evaluate("[...document.querySelectorAll('.onboarding-dot')].map(d => d.getAttribute('aria-label'))")


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_lang_parameter_shows_french(carousel, samples):
    page = carousel("builders", "?lang=fr")
    assert html_lang_dir(page) == ["fr", "ltr"]
    screen = samples["builders"].manifest["screens"][0]
    assert texts(page, 1) == {field: {"text": screen[field]["fr"], "lang": None}
                              for field in ("topTitle", "topSubtitle", "bottomTitle", "bottomSubtitle")}
    assert texts(page, 2)["topTitle"]["text"] == "La pluie est tombée"
    assert dot_labels(page) == ["1 sur 4", "2 sur 4", "3 sur 4", "4 sur 4"]
    assert page.locator("#onboarding-slide-3").get_attribute("aria-label") == "3 sur 4"
    buttons = samples["builders"].manifest["buttons"]
    assert page.locator(".onboarding-skip").text_content() == buttons["skip"].get("fr", buttons["skip"]["default"])
    assert page.locator(".onboarding-next").text_content() == buttons["next"].get("fr", buttons["next"]["default"])
    assert page.locator(".onboarding-start").text_content() == buttons["start"].get("fr", buttons["start"]["default"])


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_region_falls_back_to_the_language(carousel):
    page = carousel("builders", "?lang=es-MX")
    assert html_lang_dir(page) == ["es", "ltr"]
    assert texts(page, 2)["topTitle"] == {"text": "Descendió la lluvia", "lang": None}
    assert dot_labels(page)[0] == "1 de 4"


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_language_code_case_does_not_matter(carousel):
    page = carousel("builders", "?lang=FR")
    assert html_lang_dir(page) == ["fr", "ltr"]
    assert texts(page, 2)["topTitle"]["text"] == "La pluie est tombée"


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_sab_code_as_bcp_47_writes_it(carousel):
    # SAB's `Kir` is ISO 639's `kir`, which BCP 47 writes `ky`: the page says so (lint notes it).
    page = carousel("multilingual", "?lang=kir")
    assert html_lang_dir(page) == ["ky", "ltr"]
    assert texts(page, 1)["topTitle"] == {"text": "Murakaza neza", "lang": None}
    # Screen 1's lower title has no Kirundi: English, marked as such.
    assert texts(page, 1)["bottomTitle"] == {"text": "A new day begins", "lang": "en"}
    # So is a button's: the appDef gives Skip and Start in Kirundi, Next in English alone.
    assert buttons(page) == {"skip": ["Kubisimba", None, None], "next": ["Next", "en", "ltr"], "start": ["Gutangura", None, None]}


def buttons(page) -> dict:
    """Each button's words, with its own lang and dir."""
    return page.evaluate("""Object.fromEntries(["skip", "next", "start"].map((name) => {
        const button = document.querySelector(`.onboarding-${name}`);
        return [name, [button.textContent, button.getAttribute("lang"), button.getAttribute("dir")]]; }))""")


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_browser_language_when_no_parameter(carousel):
    page = carousel("builders", locale="fr-FR")
    assert page.evaluate("navigator.languages[0]") == "fr-FR"
    assert html_lang_dir(page) == ["fr", "ltr"]
    assert texts(page, 1)["topTitle"]["text"] == "fr: Onboarding title"


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_pwa_interface_language_beats_the_browser(carousel):
    page = carousel("builders", locale="fr-FR", init_scripts=[user_settings("es")])
    assert html_lang_dir(page) == ["es", "ltr"]
    assert texts(page, 1)["topTitle"]["text"] == "es: Onboarding Screen 1"


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_lang_parameter_beats_the_pwa_interface_language(carousel):
    page = carousel("builders", "?lang=fr", locale="es-ES", init_scripts=[user_settings("es")])
    assert html_lang_dir(page) == ["fr", "ltr"]


def test_missing_translation_shows_default_text_marked_english(carousel, samples):
    page = carousel("builders", "?lang=fr", **INSTANT)
    default = samples["builders"].manifest["screens"][3]["bottomSubtitle"]["default"]
    screen4 = texts(page, 4)
    assert screen4["topTitle"] == {"text": "Bâtissez sur le roc", "lang": None}
    assert screen4["bottomSubtitle"] == {"text": default, "lang": "en"}
    go_to(page, 3)
    assert page.locator("#onboarding-slide-4 .onboarding-bottom-text-subtitle").is_visible()


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_unknown_language_shows_default_text(carousel, samples):
    page = carousel("builders", "?lang=xx", locale="de-DE")
    assert html_lang_dir(page) == ["en", "ltr"]
    screen = samples["builders"].manifest["screens"][0]
    assert texts(page, 1)["topTitle"] == {"text": screen["topTitle"]["default"], "lang": None}
    assert dot_labels(page)[1] == "2 of 4"
    assert page.locator(".onboarding-next").text_content() == "Next"


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_swahili_sample(carousel, samples):
    page = carousel("one-line-export", "?lang=sw")
    assert html_lang_dir(page) == ["sw", "ltr"]
    screen = samples["one-line-export"].manifest["screens"][0]
    assert texts(page, 1)["topTitle"] == {"text": screen["topTitle"]["sw"], "lang": None}
    assert dot_labels(page)[0] == "1 kati ya 3"


def test_right_to_left(carousel, samples):
    page = carousel("multilingual", "?lang=ar")
    assert html_lang_dir(page) == ["ar", "rtl"]
    assert texts(page, 1)["topTitle"] == {"text": "مرحبًا بك", "lang": None}
    assert page.locator(".onboarding-next").get_attribute("hidden") is None
    image = page.locator("#onboarding-slide-2 img")
    ar_image = samples["multilingual"].manifest["screens"][1]["image"]["ar"]["file"]
    assert image.get_attribute("src") == ar_image
    assert page.locator("#onboarding-slide-1 img").get_attribute("src") == \
        samples["multilingual"].manifest["screens"][0]["image"]["default"]["file"]
    # The layout is mirrored: Skip on the right, Next on the left, the first slide at the right.
    skip, nxt = page.locator(".onboarding-skip").bounding_box(), page.locator(".onboarding-next").bounding_box()
    assert skip["x"] > nxt["x"]
    page.focus("#onboarding-dot-1")
    page.keyboard.press("ArrowLeft")  # forward in right-to-left
    assert_at(page, 1)
    assert page.evaluate("(i) => i.complete && i.naturalWidth > 0", image.element_handle())
    box = page.locator("#onboarding-slides").bounding_box()
    slide2 = page.locator("#onboarding-slide-2").bounding_box()
    assert abs(slide2["x"] - box["x"]) < 1
    page.keyboard.press("ArrowLeft")
    assert_at(page, 2)
    page.keyboard.press("ArrowRight")  # back
    assert_at(page, 1)
    page.click(".onboarding-next")
    assert_at(page, 2)


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_default_language_left_to_right_on_the_rtl_sample(carousel):
    page = carousel("multilingual", locale="en-GB")
    assert html_lang_dir(page) == ["en", "ltr"]
    src = page.locator("#onboarding-slide-2 img").get_attribute("src")
    assert "-ar-" not in src


@pytest.mark.webkit_lacks(TOUCH)
@pytest.mark.parametrize("size", ["phone"])
def test_right_to_left_swipe_is_mirrored(carousel, size):
    page = carousel("multilingual", "?lang=ar")
    touch_swipe(page, 220)  # the finger moves right: forward in right-to-left
    assert_at(page, 1)
    touch_swipe(page, 220)
    assert_at(page, 2)
    touch_swipe(page, -220)
    assert_at(page, 1)


@pytest.mark.parametrize("size", ["desktop"])
def test_right_to_left_mouse_drag_is_mirrored(carousel, size):
    page = carousel("multilingual", "?lang=ar")
    mouse_drag(page, 500)
    assert_at(page, 1)
    mouse_drag(page, -500)
    assert_at(page, 0)


# Theme ----------------------------------------------------------------------------------------

def theme_and_background(page, screen: int):
    return page.evaluate("""(n) => [document.documentElement.getAttribute('data-theme'),
        getComputedStyle(document.getElementById('onboarding-slide-' + n)).backgroundColor]""", screen)


def rgb(hex_colour: str) -> str:
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    if len(value) == 8:
        alpha = round(int(value[6:8], 16) / 255, 3)
        return f"rgba({r}, {g}, {b}, {alpha:g})"
    return f"rgb({r}, {g}, {b})"


@pytest.mark.parametrize(("query", "stored", "expected"), [
    ("", None, "normal"),
    ("?theme=dark", None, "dark"),
    ("?theme=Sepia", None, "sepia"),
    ("", "Dark", "dark"),
    ("", "Sepia", "sepia"),
    ("", "Charcoal", "charcoal"),
    ("", "Rose", "rose"),
    ("?theme=normal", "Dark", "normal"),
    ("?theme=nonsense", "Dark", "dark"),
])
@pytest.mark.parametrize("size", ["desktop"])  # the choice does not depend on the size
def test_theme_builders(carousel, samples, query, stored, expected, size):
    page = carousel("builders", query, init_scripts=[local_theme(stored)] if stored else [])
    background = samples["builders"].manifest["screens"][1]["background"]
    assert background["normal"] == "#80ff65"
    assert theme_and_background(page, 2) == [expected, rgb(background[expected])]


def test_builders_custom_background_in_normal_theme(carousel):
    page = carousel("builders")
    assert theme_and_background(page, 2) == ["normal", "rgb(128, 255, 101)"]


@pytest.mark.parametrize(("query", "stored", "expected"), [
    ("", None, "sepia"),  # the appDef's default colour theme
    ("?theme=dark", None, "dark"),
    ("", "Normal", "normal"),
    ("", "Charcoal", "charcoal"),
])
@pytest.mark.parametrize("size", ["desktop"])  # the choice does not depend on the size
def test_theme_multilingual(carousel, samples, query, stored, expected, size):
    page = carousel("multilingual", query, init_scripts=[local_theme(stored)] if stored else [])
    background = samples["multilingual"].manifest["screens"][1]["background"]
    assert theme_and_background(page, 2) == [expected, rgb(background[expected])]


@pytest.mark.parametrize("size", ["phone"])  # colours do not depend on the size
@pytest.mark.parametrize("theme", ["normal", "sepia", "dark"])
def test_controls_take_the_current_screens_colours(carousel, theme, size):
    """The controls' words take the current screen's colour; their background is the slides'
    own, which they are drawn over (transparent, so that it moves with the slides)."""
    page = carousel("multilingual", f"?theme={theme}", **INSTANT)
    colours = """() => {
      const slide = document.getElementById('onboarding-slide-' + document.querySelector('.onboarding-controls').dataset.screen);
      const s = getComputedStyle(slide), c = getComputedStyle(document.querySelector('.onboarding-controls'));
      return [[c.backgroundColor, c.color], [getComputedStyle(slide, '::after').backgroundColor, s.color]]; }"""
    for index in (1, 0, 2):
        go_to(page, index)
        (background, colour), (foot, slide_colour) = page.evaluate(colours)
        assert background == "rgba(0, 0, 0, 0)" and colour == slide_colour, f"screen {index + 1}"
    # Screen 2 has a custom background per theme, which its foot under the controls takes.
    go_to(page, 1)
    foot = page.evaluate("getComputedStyle(document.getElementById('onboarding-slide-2'), '::after').backgroundColor")
    assert foot == theme_and_background(page, 2)[1]


def languages_app(default_lang: str, use_system_language: str | None) -> str:
    """An app whose default language has translations of its own, unlike the default texts."""
    trait = "" if use_system_language is None else f'<trait name="use-system-language" value="{use_system_language}"/>'
    systems = "".join(f'<writing-system code="{code}" type="interface"><font-family>system</font-family>'
                      f'<trait name="text-direction" value="LTR"/></writing-system>' for code in ("en", "fr", "Kir"))
    return f"""<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <package>org.example.languages.{default_lang.lower()}.{use_system_language}</package>
  <interface-languages>{trait}<writing-systems>{systems}</writing-systems></interface-languages>
  <translation-mappings default-lang="{default_lang}">
    <translation-mapping id="Button_Skip"><translation lang="en">Skip</translation><translation lang="fr">Passer</translation><translation lang="Kir">Kubisimba</translation></translation-mapping>
  </translation-mappings>
  <onboarding-screens>
    <onboarding-screen>
      <title type="top-title">
        <translation>Welcome (untranslated)</translation>
        <translation lang="en">Welcome</translation>
        <translation lang="fr">Bienvenue</translation>
        <translation lang="Kir">Murakaza neza</translation>
      </title>
    </onboarding-screen>
    <onboarding-screen><title type="top-title"><translation>Second</translation></title></onboarding-screen>
  </onboarding-screens>
</app-definition>
"""


@pytest.mark.parametrize("default_lang, query, expected", [
    ("en", "?lang=en", ("en", "Welcome", "Skip")),
    ("Kir", "?lang=Kir", ("ky", "Murakaza neza", "Kubisimba")),
    ("Kir", "?lang=kir", ("ky", "Murakaza neza", "Kubisimba")),
    ("Kir", "?lang=ky", ("ky", "Murakaza neza", "Kubisimba")),
    ("en", "?lang=fr", ("fr", "Bienvenue", "Passer")),
    ("en", "?lang=xx", ("en", "Welcome", "Skip")),
])
@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_the_translation_written_for_the_language_wins_over_the_default_text(app_from_text, open_page, default_lang, query, expected):
    """The translation written for the visitor's language is shown, also when that language is the
    app's default language; the untranslated default text only where no translation matches."""
    app = app_from_text(f"languages-{default_lang}", languages_app(default_lang, "true"))
    page = open_page(app.url(query), locale="de-DE")
    language, title, skip = expected
    assert html_lang_dir(page)[0] == language
    assert texts(page, 1)["topTitle"] == {"text": title, "lang": None}
    assert page.locator(".onboarding-skip").text_content() == skip
    assert texts(page, 2)["topTitle"]["text"] == "Second"


@pytest.mark.parametrize("use_system_language, locale, expected", [
    ("true", "fr-FR", "Bienvenue"),    # the app follows the browser: so does the carousel
    ("false", "fr-FR", "Welcome"),     # it does not: the default language, as the app will show
    (None, "fr-FR", "Bienvenue"),      # not said: the browser's language serves a visitor best
])
@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_the_browser_language_counts_only_where_the_app_follows_it(app_from_text, open_page, use_system_language, locale, expected):
    app = app_from_text(f"system-language-{use_system_language}", languages_app("en", use_system_language))
    page = open_page(app.url(), locale=locale)
    assert texts(page, 1)["topTitle"]["text"] == expected


@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_the_pwa_interface_language_is_followed_even_when_the_browser_is_not(app_from_text, open_page):
    app = app_from_text("system-language-false-settings", languages_app("en", "false"))
    page = open_page(app.url(), locale="de-DE", init_scripts=[user_settings("Kir")])
    assert html_lang_dir(page)[0] == "ky"
    assert texts(page, 1)["topTitle"]["text"] == "Murakaza neza"


WOLOF_APP = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <package>org.example.wolof</package>
  <interface-languages><trait name="use-system-language" value="true"/><writing-systems>
    <writing-system code="fr" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
    <writing-system code="wol" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
  </writing-systems></interface-languages>
  <translation-mappings default-lang="fr">
    <translation-mapping id="Button_Skip"><translation lang="fr">Passer</translation><translation lang="wol">Tëb</translation></translation-mapping>
  </translation-mappings>
  <onboarding-screens>
    <onboarding-screen><title type="top-title"><translation>Bienvenue</translation><translation lang="wol">Dalal ak jàmm</translation></title></onboarding-screen>
    <onboarding-screen><title type="top-title"><translation>Deuxième</translation></title></onboarding-screen>
  </onboarding-screens>
</app-definition>
"""


@pytest.mark.parametrize("query, locale, settings", [
    ("", "wo-SN", None),         # the browser's language, with its region
    ("", "wo", None),
    ("?lang=wol", "de-DE", None),  # SAB's code, as the review and links give it
    ("?lang=wo", "de-DE", None),
    ("", "de-DE", "wol"),        # the PWA's interface language, SAB's code
])
@pytest.mark.parametrize("size", ["phone"])  # which language shows does not depend on the size
def test_wolof_written_wol_is_wo_on_the_page_and_found_either_way(app_from_text, open_page, query, locale, settings):
    """SAB writes Wolof `wol` (ISO 639-3); BCP 47 writes it `wo`, which the page carries and
    axe-core accepts, while every way a visitor's language arrives still finds it."""
    app = app_from_text("wolof", WOLOF_APP)
    assert "wol" in app.manifest["languages"], "the manifest keeps SAB's code"
    page = open_page(app.url(query), locale=locale, init_scripts=[user_settings(settings)] if settings else [])
    assert html_lang_dir(page) == ["wo", "ltr"]
    assert texts(page, 1)["topTitle"] == {"text": "Dalal ak jàmm", "lang": None}
    assert page.locator(".onboarding-skip").text_content() == "Tëb"
    # Screen 2 has no Wolof: French, marked as such.
    assert texts(page, 2)["topTitle"] == {"text": "Deuxième", "lang": "fr"}
    results = run_axe(page, {"runOnly": ["html-lang-valid", "valid-lang"], "resultTypes": ["violations"]})
    assert results["violations"] == []


def test_axe_refuses_wol_so_the_check_above_can_fail(app_from_text, open_page):
    """The check is real: the same page with `wol` written back is refused by axe-core."""
    app = app_from_text("wolof", WOLOF_APP)
    page = open_page(app.url("?lang=wol"), locale="de-DE")
    page.evaluate("document.documentElement.lang = 'wol'")
    results = run_axe(page, {"runOnly": ["html-lang-valid"], "resultTypes": ["violations"]})
    assert [violation["id"] for violation in results["violations"]] == ["html-lang-valid"]


@pytest.mark.parametrize("theme, background, text", [
    ("Dark", "rgb(0, 0, 0)", "rgb(224, 224, 224)"),
    ("Charcoal", "rgb(0, 0, 0)", "rgb(224, 224, 224)"),
    ("Sepia", "rgb(233, 216, 186)", "rgb(90, 65, 41)"),
    ("Normal", "rgb(255, 255, 255)", "rgb(0, 0, 0)"),
    # The PWA's own two light themes take SAB's Normal and Sepia, as their names say.
    ("Sage", "rgb(255, 255, 255)", "rgb(0, 0, 0)"),
    ("Rose", "rgb(233, 216, 186)", "rgb(90, 65, 41)"),
])
@pytest.mark.parametrize("size", ["phone"])  # colours do not depend on the size
def test_a_default_screen_takes_sabs_stock_colours_where_the_palette_gives_none(app_from_text, open_page, theme, background, text, size):
    """The Wolof app gives no colours: in Dark and Charcoal its screens are dark, as the app is."""
    app = app_from_text("wolof", WOLOF_APP)
    page = open_page(app.url(), locale="fr-FR", init_scripts=[local_theme(theme)])
    colours = page.evaluate("""() => { const style = getComputedStyle(document.querySelector('#onboarding-slide-1'));
        return [style.backgroundColor, style.color]; }""")
    assert colours == [background, text]
