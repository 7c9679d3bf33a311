"""Makes the fonts of CFFCharStringTests (run it with fontTools installed, from this folder):
CFF fonts of boxes for the ASCII letters, one sound, and one whose 'W' is drawn by an 'rlineto'
with 50 operands (CFF allows 48 on the stack). HarfBuzz draws that W, and its subsetter copies
it as it is; OTS, and so Chromium, refuses the font.
    python3 make.py
"""
import io
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen

LETTERS = [chr(c) for c in range(0x41, 0x5B)] + [chr(c) for c in range(0x61, 0x7B)]


def build(w_program=None):
    fb = FontBuilder(1000, isTTF=False)
    order = [".notdef", "space"] + ["u%04X" % ord(c) for c in LETTERS]
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({0x20: "space", **{ord(c): "u%04X" % ord(c) for c in LETTERS}})
    glyphs, metrics = {}, {}
    for name in order:
        pen = T2CharStringPen(600, None)
        if name != "space":
            pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((550, 700)); pen.lineTo((550, 0)); pen.closePath()
        glyphs[name] = pen.getCharString()
        metrics[name] = (600, 0 if name == "space" else 50)
    fb.setupCFF("CharStrings-Regular", {"FullName": "CharStrings"}, glyphs, {})
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "CharStrings", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    font = fb.font
    if w_program:
        charString = font["CFF "].cff.topDictIndex[0].CharStrings["u0057"]
        charString.decompile()
        charString.program = w_program
        font.recalcBBoxes = False
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


many = [0, 70] * 10 + [50, 0] * 10 + [0, -140] * 5
with open("sound.otf", "wb") as file:
    file.write(build())
with open("fifty-operands.otf", "wb") as file:
    file.write(build([50, 0, "rmoveto"] + many + ["rlineto", "endchar"]))
