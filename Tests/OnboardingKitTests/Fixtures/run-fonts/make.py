"""Makes the fonts of TextRunFontTests (run it with fontTools installed, from this folder):
boxes for a few characters of several scripts, an empty glyph 'blank', an inked one 'ink'
(U+E000), and layout rules that fill or empty a glyph in one run and not in another. Each
font has a control, the same but for the rule that makes it draw nothing, which is published.
    python3 make.py
"""
import io
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

CHARS = {"space": 0x20, "a": 0x61, "b": 0x62, "c": 0x63, "parenleft": 0x28, "parenright": 0x29,
         "Omega": 0x3A9, "heart": 0x2665, "ink": 0xE000}
HEAD = "languagesystem DFLT dflt;\nlanguagesystem latn dflt;\nlanguagesystem grek dflt;\n"
GREEK = "feature ss01 { script grek; sub b by a; } ss01;\n"


def build(fea, drop=(), empty=()):
    fb = FontBuilder(1000, isTTF=True)
    names = [n for n in CHARS if n not in drop]
    order = [".notdef"] + names + ["blank"]
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({CHARS[n]: n for n in names})
    glyphs, metrics = {}, {}
    for n in order:
        pen = TTGlyphPen(None)
        if n not in ("space", "blank") and n not in empty:
            pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((550, 700)); pen.lineTo((550, 0)); pen.closePath()
        glyphs[n] = pen.glyph()
        metrics[n] = (600, 0 if n in ("space", "blank") or n in empty else 50)
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Runs", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    addOpenTypeFeaturesFromString(fb.font, HEAD + fea)
    out = io.BytesIO()
    fb.font.save(out)
    return out.getvalue()


FONTS = {
    # An empty Ω that a Latin rule fills: "a Ω" shaped as one Latin run draws it; as browsers
    # shape it, Ω is a Greek run of its own, and empty. Greek has a feature of its own, not on
    # by default, so that HarfBuzz does not take Latin's rules for it.
    "script": build(GREEK + "feature ccmp { script latn; sub Omega by ink; } ccmp;", empty=("Omega",)),
    "script-control": build(GREEK + "feature ccmp { script latn; sub Omega by ink; } ccmp;"),
    # A Greek rule emptying ')': Chromium shapes ')' in its '(''s script, Greek after 'Ω'.
    "bracket": build("feature ccmp { script grek; sub parenright by blank; } ccmp;"),
    "bracket-control": build("feature ccmp { script cher; sub parenright by blank; } ccmp;"),
    # A Latin rule emptying 'b' after .notdef, with 'c' lacked: Chromium keeps 'c' in the run
    # "acb"; the text shaped whole is Greek (its first letter's script), and WebKit's runs "a"
    # and "b" have no .notdef.
    "notdef": build(GREEK + "feature ccmp { script latn; sub .notdef b' by blank; } ccmp;", drop=("c",)),
    "notdef-control": build(GREEK + "feature ccmp { script cher; sub .notdef b' by blank; } ccmp;", drop=("c",)),
    # An empty 'b' that the heart before it fills: browsers shape the emoji as a run of its own.
    "emoji": build("feature ccmp { sub heart b' by ink; } ccmp;", empty=("b",)),
    "emoji-control": build("feature ccmp { sub heart b' by ink; } ccmp;"),
}

for name, data in FONTS.items():
    with open(f"{name}.ttf", "wb") as file:
        file.write(data)
