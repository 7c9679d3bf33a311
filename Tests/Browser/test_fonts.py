"""The web fonts a build publishes: the carousel's text is drawn in them, from the subset WOFF2
files the build made, in each language that uses one, in each engine.

What a text is drawn in is read from its layout, the same way in both engines: the text's width
in the page's own font stack against its width in the web font alone and in the stack without
the web font. A font the browser gave up on (`font-display: optional` draws the fallback when the
font is not at hand as the text is laid out, for the whole page) is not used by any element of
the page, so the stack's width is the fallback's. Chromium also names the fonts it drew with
(CDP), which its runs check as well."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from conftest import BLANK_PAGE, _tool
from helpers import settled
from PIL import Image

CHARIS = Path("/usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf")
LIBERATION = Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
ABYSSINICA = Path("/usr/share/fonts/truetype/abyssinica/AbyssinicaSIL-Regular.ttf")

# Sango and Amharic, each in its SIL font; French in the system font.
APP_DEF = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB">
  <fonts>
    <font family="font1"><font-name>Charis SIL</font-name><f format="truetype">CharisSIL-R.ttf</f></font>
    <font family="font2"><font-name>Abyssinica SIL</font-name><f format="truetype">AbyssinicaSIL-R.ttf</f></font>
  </fonts>
  <interface-languages><writing-systems>
    <writing-system code="sg" type="interface"><font-family>font1</font-family></writing-system>
    <writing-system code="am" type="interface"><font-family>font2</font-family></writing-system>
    <writing-system code="fr" type="interface"><font-family>system</font-family></writing-system>
  </writing-systems></interface-languages>
  <translation-mappings default-lang="sg">
    <tm id="Button_Skip"><t lang="sg">Hön</t><t lang="am">ዝለል</t><t lang="fr">Passer</t></tm>
    <tm id="Button_Next"><t lang="sg">Na pekö</t><t lang="am">ቀጣይ</t><t lang="fr">Suivant</t></tm>
    <tm id="Button_Start"><t lang="sg">Komanse</t><t lang="am">ጀምር</t><t lang="fr">Commencer</t></tm>
  </translation-mappings>
  <onboarding-screen>
    <title type="top-title"><t>Bara ala! Mbëtï tî Nzapä</t><t lang="am">እንኳን ደህና መጡ</t><t lang="fr">Bienvenue</t></title>
    <title type="bottom-subtitle"><t>Ɓalli ɗon ŋaari</t><t lang="am">የእግዚአብሔርን ቃል ያንብቡ</t><t lang="fr">Lisez la Parole</t></title>
  </onboarding-screen>
  <onboarding-screen>
    <title type="top-title"><t>Dîko, mä na kâpä</t><t lang="am">ያዳምጡ እና ያካፍሉ</t><t lang="fr">Écoutez</t></title>
  </onboarding-screen>
</app-definition>
"""

FONT_FACES = """() => [...document.fonts].map((face) => ({ family: face.family.replace(/"/g, ""), status: face.status }))"""


def build_fonts_app(app_from_text, name: str):
    for font in (CHARIS, ABYSSINICA):
        assert font.exists(), f"{font} is missing: install Debian's fonts-sil-charis and fonts-sil-abyssinica (make test-deps)"
    return app_from_text(name, APP_DEF, fonts={"CharisSIL-R.ttf": CHARIS.read_bytes(), "AbyssinicaSIL-R.ttf": ABYSSINICA.read_bytes()})


@pytest.fixture(scope="module")
def fonts_app(app_from_text):
    return build_fonts_app(app_from_text, "fonts")


@pytest.fixture(scope="module")
def first_open_app(app_from_text):
    """The same app at an address of its own: no test before has had its fonts, which the test
    server lets browsers cache (a WebKit browser serves every test of its engine)."""
    return build_fonts_app(app_from_text, "fonts-first-open")


# The element's text measured in a span of its font, without wrapping: in the font stack it has,
# in the web font alone, and in that stack without the web font. At 100 px, where two fonts' widths
# differ by far more than the rounding of hinted advances (whole pixels with the suite's fonts).
TEXT_WIDTHS = """([selector, family]) => {
  const element = document.querySelector(selector);
  const style = getComputedStyle(element);
  const measure = (fontFamily) => {
    const span = document.createElement("span");
    span.textContent = element.textContent;
    span.lang = element.closest("[lang]").lang;
    span.style.cssText = "position: absolute; left: 0; top: 0; visibility: hidden; white-space: nowrap; font-size: 100px";
    for (const name of ["font-style", "font-weight", "font-stretch", "font-feature-settings"]) {
      span.style.setProperty(name, style.getPropertyValue(name));
    }
    span.style.fontFamily = fontFamily;
    document.body.append(span);
    const width = span.getBoundingClientRect().width;
    span.remove();
    return width;
  };
  const stack = style.fontFamily.split(",").map((name) => name.trim());
  const others = stack.filter((name) => name.replace(/"/g, "") !== family);
  return { stack: style.fontFamily, shown: measure(style.fontFamily), webFont: measure(`"${family}"`),
           without: measure(others.join(", ") || "initial") };
}"""


def assert_drawn_in(page, selector: str, family: str):
    """The element's text is drawn in the web font `family`: the same width as in that font
    alone, another than in the rest of its font stack."""
    widths = page.evaluate(TEXT_WIDTHS, [selector, family])
    assert family in widths["stack"], f"{selector}: {widths}"
    assert abs(widths["shown"] - widths["webFont"]) < 0.01 and abs(widths["shown"] - widths["without"]) > 5, f"{selector}: {widths}"


def open_with_fonts_at_hand(open_page, url: str):
    """The page at `url` as on a visit after the first: with `font-display: optional` a font
    is drawn when the browser has it as the text is laid out, so the page is opened once to
    fetch its fonts, then again."""
    page = open_page(url)
    page.evaluate("() => document.fonts.ready")
    page.goto(url)
    page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
    page.evaluate("() => document.fonts.ready")
    return page


def drawn_with(page, selector: str) -> list[dict]:
    """The fonts Chromium really drew the element's text with (CDP CSS.getPlatformFontsForNode)."""
    page = page.playwright
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        document = cdp.send("DOM.getDocument")
        node = cdp.send("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector})
        return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    finally:
        cdp.detach()


def test_the_build_publishes_subset_woff2_only(fonts_app):
    fonts = sorted((fonts_app.out / "fonts").iterdir())
    assert [font.suffix for font in fonts] == [".woff2", ".woff2"]
    for font in fonts:
        assert font.read_bytes()[:4] == b"wOF2"
        assert font.stat().st_size * 10 <= min(CHARIS.stat().st_size, ABYSSINICA.stat().st_size)
    css = (fonts_app.out / "onboarding.css").read_text(encoding="utf-8")
    assert css.count('format("woff2")') == 2 and "truetype" not in css


@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize(("language", "family", "drawn"), [("sg", "sab-font1", "Charis SIL"), ("am", "sab-font2", "Abyssinica SIL")])
def test_the_carousels_text_is_drawn_in_the_languages_web_font(open_page, fonts_app, language, family, drawn):
    url = fonts_app.url(f"?lang={language}")
    page = open_with_fonts_at_hand(open_page, url)
    title = "#onboarding-slide-1 [data-field=topTitle]"
    text = page.locator(title).text_content()
    faces = page.evaluate(FONT_FACES)
    assert {"family": family, "status": "loaded"} in faces, faces
    assert page.evaluate("([family, text]) => document.fonts.check(`16px \"${family}\"`, text)", [family, text])
    for selector in (title, "#onboarding-slide-1 [data-field=bottomSubtitle]", ".onboarding-next"):
        assert_drawn_in(page, selector, family)
        if page.engine == "chromium":
            used = drawn_with(page, selector)
            assert [font["familyName"] for font in used] == [drawn], f"{selector}: {used}"
            assert all(font["isCustomFont"] for font in used), used


@pytest.mark.parametrize("size", ["phone"])
def test_a_language_without_a_web_font_keeps_the_system_font(open_page, fonts_app):
    page = open_page(fonts_app.url("?lang=fr"))
    page.evaluate("() => document.fonts.ready")
    title = "#onboarding-slide-1 [data-field=topTitle]"
    assert "sab-font" not in page.eval_on_selector(title, "(e) => getComputedStyle(e).fontFamily")
    if page.engine == "chromium":
        used = drawn_with(page, title)
        assert used and not any(font["isCustomFont"] for font in used), used


@pytest.mark.parametrize("size", ["phone"])
def test_the_default_languages_font_is_drawn_on_the_first_open(open_page, first_open_app, served_paths, site):
    """The pages fetch their own language's font from their head, beside the style sheet, so
    that `font-display: optional` has it when the text is first laid out: the first visit sees
    the app's font, not only the visits after it. Other languages' fonts wait for their text.

    As on a slow network, the style sheet takes longer to arrive than the font: a font asked for
    only once the style sheet has been read (no preload) arrives after the text was laid out.
    Without that delay a local server is fast enough for WebKit to draw the font either way."""
    index = (first_open_app.out / "index.html").read_text(encoding="utf-8")
    preloaded = [line for line in index.splitlines() if 'rel="preload"' in line]
    assert len(preloaded) == 1 and 'as="font" type="font/woff2" crossorigin' in preloaded[0], preloaded
    charis = next(font.name for font in (first_open_app.out / "fonts").iterdir() if font.name.startswith("CharisSIL-R-"))
    assert f'href="fonts/{charis}"' in preloaded[0]
    screen = (first_open_app.out / "screens").glob("*.html").__next__().read_text(encoding="utf-8")
    assert f'<link rel="preload" href="../fonts/{charis}" as="font"' in screen
    site.delays.update({".css": 1.0, ".woff2": 0.2})
    page = open_page(first_open_app.url())
    page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
    page.evaluate("() => document.fonts.ready")
    title = "#onboarding-slide-1 [data-field=topTitle]"
    assert_drawn_in(page, title, "sab-font1")
    if page.engine == "chromium":
        used = drawn_with(page, title)
        assert [font["familyName"] for font in used] == ["Charis SIL"], used
    assert sum(path.endswith(".woff2") for path in served_paths) == 1, served_paths


# A variable font of boxes with an 'opsz' axis from 8 (its default, where the boxes are drawn) to
# 16, where they are flat: browsers set 'opsz' to the text's size (font-optical-sizing: auto),
# which for text of 16 px and larger draws nothing. Made by VariableFontInstanceTests.
OPTICAL_SIZE_BOX = Path(__file__).parent / "fonts" / "OpticalSizeBox.ttf"

VARIABLE_APP_DEF = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB">
  <fonts><font family="font1"><font-name>Box</font-name><f format="truetype">OpticalSizeBox.ttf</f></font></fonts>
  <interface-languages><writing-systems>
    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
  </writing-systems></interface-languages>
  <translation-mappings default-lang="en">
    <tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm>
  </translation-mappings>
  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
  <onboarding-screen><title type="top-title"><t>Read</t></title></onboarding-screen>
</app-definition>
"""


def ink(page, selector: str, folder: Path) -> int:
    """How many pixels of the element stand out from the most common colour of its box (the
    background), in a screenshot of the page (WebKitGTK's WebDriver gives an element's own
    screenshot black)."""
    shot = folder / "page.png"
    page.screenshot(path=str(shot))
    box = page.eval_on_selector(
        selector, "(e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map((v) => v * devicePixelRatio); }")
    image = Image.open(shot).convert("L").crop(tuple(round(value) for value in box))
    histogram = image.histogram()
    background = max(range(256), key=histogram.__getitem__)
    return sum(count for level, count in enumerate(histogram) if abs(level - background) > 64)


@pytest.fixture(scope="module")
def variable_font_app(app_from_text):
    return app_from_text("variable-font", VARIABLE_APP_DEF, fonts={"OpticalSizeBox.ttf": OPTICAL_SIZE_BOX.read_bytes()})


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_variable_font_is_drawn_where_it_was_checked(open_page, variable_font_app, tmp_path):
    """Lint and the build check a variable font at its default optical size (and at 'wdth' 100,
    'slnt' and 'ital' 0): the style sheet has browsers draw it there, not at the text's size,
    where this font draws its boxes flat. The title is drawn in the web font and shows them."""
    css = (variable_font_app.out / "onboarding.css").read_text(encoding="utf-8")
    assert "font-optical-sizing:none" in css.replace(" ", ""), css
    url = variable_font_app.url()
    page = open_with_fonts_at_hand(open_page, url)
    title = "#onboarding-slide-1 [data-field=topTitle]"
    assert_drawn_in(page, title, "sab-font1")
    size = page.eval_on_selector(title, "(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 16, f"the title's text is {size} px: the test needs text the font draws flat at its optical size"
    settled(page)
    # "Welcome": seven boxes 0.4 em wide and 0.7 em tall.
    drawn = ink(page, title, tmp_path)
    assert drawn >= 7 * 0.4 * 0.7 * size * size * 0.5, f"the title's boxes are not drawn: {drawn} pixels of ink at {size} px"


# Charis SIL damaged where HarfBuzz reads on and OTS, the sanitizer Chromium loads web fonts
# through, refuses the font: lint and the build refuse each (they give what they publish to
# Debian's ots-sanitize). Each edit is (table, offset in it, bytes).
def _charis_edited(tag: str, at, value: bytes) -> bytes:
    font = bytearray(CHARIS.read_bytes())
    count = int.from_bytes(font[4:6], "big")
    for record in range(12, 12 + 16 * count, 16):
        if font[record : record + 4] == tag.encode():
            table = int.from_bytes(font[record + 8 : record + 12], "big")
            offset = at(font, table) if callable(at) else table + at
            font[offset : offset + len(value)] = value
            return bytes(font)
    raise AssertionError(f"Charis SIL has no {tag}")


def _gdef_first_class(font: bytearray, table: int) -> int:
    return table + int.from_bytes(font[table + 4 : table + 6], "big") + 8


OTS_REFUSED = {
    "hhea-metric-data-format": ("hhea", 32, (1).to_bytes(2, "big")),
    "head-box-inside-out": ("head", 36, (30000).to_bytes(2, "big")),
}
# Damage to a layout table, which the OTS program refuses too, but Chromium passes through to
# HarfBuzz, as lint and the build leave it to HarfBuzz: the first range of GDEF's glyph class
# definition given class 257 of 4.
LAYOUT_DAMAGED = ("GDEF", _gdef_first_class, (257).to_bytes(2, "big"))

OTS_APP_DEF = APP_DEF.replace(
    '<font family="font2"><font-name>Abyssinica SIL</font-name><f format="truetype">AbyssinicaSIL-R.ttf</f></font>', ""
).replace('<writing-system code="am" type="interface"><font-family>font2</font-family></writing-system>', "")

LOAD_FACES = """async (names) => Promise.all(names.map(async (name) => {
  try { await new FontFace(name, `url(${name}.ttf)`).load(); return "loaded"; } catch (error) { return "error"; }
}))"""


@pytest.mark.webkit_lacks("WebKitGTK loads web fonts through FreeType without a sanitizer: the premise tested is Chromium's")
@pytest.mark.parametrize("size", ["phone"])
def test_chromium_refuses_the_fonts_lint_and_the_build_refuse_for_ots(open_page, site_root, origin):
    """What lint and the build refuse for OTS, Chromium refuses too, and the same font undamaged
    it loads: the refusals are not the tool's own. A damaged layout table, which Chromium passes
    through to HarfBuzz, lint passes, and Chromium loads."""
    folder = site_root / f"ots-{os.getpid()}"
    (folder / "fonts").mkdir(parents=True, exist_ok=True)
    (folder / "page.html").write_text(BLANK_PAGE, encoding="utf-8")
    (folder / "good.ttf").write_bytes(CHARIS.read_bytes())
    (folder / "app.appDef").write_text(OTS_APP_DEF, encoding="utf-8")
    for name, (tag, at, value) in {**OTS_REFUSED, "layout-damaged": LAYOUT_DAMAGED}.items():
        font = _charis_edited(tag, at, value)
        (folder / f"{name}.ttf").write_bytes(font)
        (folder / "fonts" / "CharisSIL-R.ttf").write_bytes(font)
        lint = subprocess.run([str(_tool()), "lint", str(folder / "app.appDef")], capture_output=True, text=True)
        said = lint.stdout + lint.stderr
        if name in OTS_REFUSED:
            assert lint.returncode == 1 and "(OTS)" in said, f"{name}: {said}"
        else:
            assert "error:" not in said, f"{name}: {said}"
    page = open_page(f"{origin}/{folder.name}/page.html", wait_ready=False)
    names = ["good", "layout-damaged", *OTS_REFUSED]
    statuses = dict(zip(names, page.evaluate(LOAD_FACES, names)))
    assert statuses == {"good": "loaded", "layout-damaged": "loaded", **{name: "error" for name in OTS_REFUSED}}, statuses


# Two lines of "A" at 100 px in each font named, `line-height: normal`: their box's height.
LINE_BOXES = """async (names) => Promise.all(names.map(async (name) => {
  const face = new FontFace(name, `url(${name}.ttf)`);
  await face.load();
  document.fonts.add(face);
  const box = document.createElement("div");
  box.style.font = `100px ${name}`;
  box.style.lineHeight = "normal";
  box.append("A", document.createElement("br"), "A");
  document.body.append(box);
  return box.getBoundingClientRect().height;
}))"""


def _with_ascender(value: int) -> bytes:
    """Liberation Sans (its lines placed by 'hhea', not by OS/2's typographic values) with its
    'hhea' ascender `value`."""
    font = bytearray(LIBERATION.read_bytes())
    count = int.from_bytes(font[4:6], "big")
    for record in range(12, 12 + 16 * count, 16):
        if font[record : record + 4] == b"hhea":
            table = int.from_bytes(font[record + 8 : record + 12], "big")
            font[table + 4 : table + 6] = value.to_bytes(2, "big", signed=True)
            return bytes(font)
    raise AssertionError("Liberation Sans has no hhea")


@pytest.mark.parametrize("size", ["phone"])
def test_a_negative_ascender_which_ots_mends_is_drawn_otherwise_by_each_engine(open_page, engine, site_root, origin):
    """OTS, which Chromium loads web fonts through, sets a negative 'hhea' ascender to 0 with a
    warning alone; WebKit draws the font's own: Chromium spaces the lines as for an ascender of
    0, WebKit closer. Lint refuses such a font, comparing what OTS writes back, and passes the
    one whose ascender is 0."""
    folder = site_root / f"ascender-{os.getpid()}-{engine}"
    (folder / "fonts").mkdir(parents=True, exist_ok=True)
    (folder / "page.html").write_text(BLANK_PAGE, encoding="utf-8")
    (folder / "app.appDef").write_text(OTS_APP_DEF, encoding="utf-8")
    for name, value in {"negative": -300, "zero": 0}.items():
        font = _with_ascender(value)
        (folder / f"{name}.ttf").write_bytes(font)
        (folder / "fonts" / "CharisSIL-R.ttf").write_bytes(font)
        lint = subprocess.run([str(_tool()), "lint", str(folder / "app.appDef")], capture_output=True, text=True)
        said = lint.stdout + lint.stderr
        if value < 0:
            assert lint.returncode == 1 and "ascender is -300, and 0 as the font sanitizer" in said, said
        else:
            assert "error:" not in said, said
    page = open_page(f"{origin}/{folder.name}/page.html", wait_ready=False)
    negative, zero = page.evaluate(LINE_BOXES, ["negative", "zero"])
    if engine == "chromium":
        assert negative == zero, (negative, zero)
    else:
        assert negative < zero - 10, (negative, zero)
