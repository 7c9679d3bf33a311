#!/usr/bin/env python3
"""Regenerate the onboarding images of the sample SAB projects in Samples/.

    pip install pillow
    python3 Samples/make-sample-images.py

Every picture is a simple flat illustration drawn from fixed shapes: no randomness,
no timestamps, no metadata. PNG files are quantized to a small palette and saved
without text chunks; JPEG files are saved at quality 85 without EXIF. Running the
script twice with the same Pillow version gives byte-identical files.

The file names are the ones the appDef files refer to (the last component of each
<image> path), under <project>/images/onboarding/.
"""

import os
import sys

from PIL import Image, ImageDraw, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))
SS = 3  # supersampling factor: draw large, shrink with a good filter for smooth edges


class Canvas:
    """A drawing surface in final-image coordinates, backed by a larger image."""

    def __init__(self, width, height, background):
        self.width, self.height = width, height
        self.image = Image.new("RGB", (width * SS, height * SS), background)
        self.draw = ImageDraw.Draw(self.image)

    @staticmethod
    def _s(values):
        return [round(v * SS) for v in values]

    def rect(self, box, fill):
        self.draw.rectangle(self._s(box), fill=fill)

    def ellipse(self, box, fill):
        self.draw.ellipse(self._s(box), fill=fill)

    def polygon(self, points, fill):
        flat = [c for p in points for c in p]
        self.draw.polygon(self._s(flat), fill=fill)

    def line(self, points, fill, width):
        flat = [c for p in points for c in p]
        self.draw.line(self._s(flat), fill=fill, width=max(1, round(width * SS)))

    def pieslice(self, box, start, end, fill):
        self.draw.pieslice(self._s(box), start, end, fill=fill)

    def arc_band(self, cx, cy, r_outer, r_inner, fill, background):
        """A half ring (rainbow band) centred on (cx, cy)."""
        self.pieslice((cx - r_outer, cy - r_outer, cx + r_outer, cy + r_outer), 180, 360, fill)
        self.pieslice((cx - r_inner, cy - r_inner, cx + r_inner, cy + r_inner), 180, 360, background)

    def result(self):
        return self.image.resize((self.width, self.height), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------- shared motifs

def sun(c, cx, cy, r, color="#FFD54F", glow="#FFE082"):
    c.ellipse((cx - r * 1.35, cy - r * 1.35, cx + r * 1.35, cy + r * 1.35), glow)
    c.ellipse((cx - r, cy - r, cx + r, cy + r), color)


def cloud(c, x, y, s, color):
    c.ellipse((x, y + 10 * s, x + 50 * s, y + 40 * s), color)
    c.ellipse((x + 20 * s, y, x + 70 * s, y + 40 * s), color)
    c.ellipse((x + 45 * s, y + 8 * s, x + 95 * s, y + 40 * s), color)
    c.rect((x + 20 * s, y + 25 * s, x + 75 * s, y + 40 * s), color)


def house(c, x, y, w, h, wall, roof, door="#6D4C41", window="#FFF59D", tilt=0.0):
    """A house whose bottom-left corner is (x, y); tilt shears it sideways (a falling house)."""
    def p(px, py):  # shear about the base line
        return (px + (y - py) * tilt, py)

    roof_h = h * 0.55
    c.polygon([p(x, y), p(x + w, y), p(x + w, y - h), p(x, y - h)], wall)
    c.polygon([p(x - w * 0.12, y - h), p(x + w * 1.12, y - h), p(x + w / 2, y - h - roof_h)], roof)
    dw, dh = w * 0.22, h * 0.5
    dx = x + w * 0.18
    c.polygon([p(dx, y), p(dx + dw, y), p(dx + dw, y - dh), p(dx, y - dh)], door)
    wx, wy, ws = x + w * 0.55, y - h * 0.72, w * 0.25
    c.polygon([p(wx, wy + ws), p(wx + ws, wy + ws), p(wx + ws, wy), p(wx, wy)], window)


def waves(c, x0, x1, y, amplitude, color, step=40):
    x = x0
    while x < x1:
        c.pieslice((x, y - amplitude, x + step, y + amplitude), 0, 180, color)
        x += step


# ---------------------------------------------------------------- builders

def wise_and_foolish_builders(w=640, h=480):
    c = Canvas(w, h, "#BDE5F8")
    sun(c, 540, 90, 42)
    cloud(c, 60, 50, 1.2, "#FFFFFF")
    cloud(c, 300, 90, 0.9, "#F5FBFF")
    # ground: rock on the left, sand on the right, sea along the bottom
    c.polygon([(0, 330), (60, 300), (150, 285), (250, 300), (300, 340), (300, 480), (0, 480)], "#8D99A6")
    c.polygon([(40, 330), (120, 305), (200, 312), (250, 345), (60, 360)], "#A7B2BD")
    c.polygon([(300, 360), (420, 345), (560, 350), (640, 365), (640, 480), (300, 480)], "#F3D9A4")
    c.rect((0, 430, 640, 480), "#4FA3D9")
    waves(c, 0, 640, 430, 10, "#4FA3D9")
    waves(c, 20, 640, 452, 6, "#7CC0EA", step=50)
    # wise builder's house stands straight on the rock
    house(c, 95, 300, 120, 95, "#F8F1E5", "#C0392B")
    # foolish builder's house leans on the sand
    house(c, 430, 352, 120, 90, "#FFF3D6", "#E67E22", tilt=0.18)
    return c.result()


def rain_and_floods(w=600, h=400):
    c = Canvas(w, h, "#5D6D7E")
    cloud(c, -20, 10, 1.8, "#34495E")
    cloud(c, 170, -10, 2.0, "#2C3E50")
    cloud(c, 390, 20, 1.7, "#3B4F63")
    # slanted rain
    for i in range(0, 24):
        x = 10 + i * 26
        for j in range(3):
            y = 110 + j * 70 + (i % 3) * 18
            c.line([(x, y), (x - 10, y + 28)], "#AED6F1", 2.2)
    # rock with the house
    c.polygon([(40, 330), (110, 270), (220, 262), (280, 300), (300, 400), (20, 400)], "#7F8C8D")
    house(c, 120, 272, 110, 85, "#F4ECE1", "#A93226")
    # rising water
    c.rect((0, 350, 600, 400), "#2E86C1")
    waves(c, 0, 600, 350, 12, "#2E86C1", step=48)
    waves(c, 24, 600, 372, 8, "#5DADE2", step=48)
    return c.result()


def house_on_the_rock(w=480, h=640):
    sky = "#D6EAF8"
    c = Canvas(w, h, sky)
    for i, color in enumerate(["#E74C3C", "#F39C12", "#F4D03F", "#58D68D", "#5DADE2", "#AF7AC5"]):
        c.arc_band(240, 420, 225 - i * 14, 211 - i * 14, color, sky)
    sun(c, 400, 80, 36)
    c.polygon([(0, 470), (90, 400), (200, 380), (330, 390), (420, 430), (480, 470), (480, 640), (0, 640)], "#839192")
    c.polygon([(70, 470), (150, 420), (260, 410), (340, 440), (300, 500), (120, 510)], "#AAB7B8")
    house(c, 160, 402, 160, 120, "#FDFEFE", "#C0392B")
    c.rect((0, 590, 480, 640), "#5DADE2")
    waves(c, 0, 480, 590, 9, "#5DADE2", step=40)
    return c.result()


# ---------------------------------------------------------------- multilingual

def sunrise(w=640, h=480):
    c = Canvas(w, h, "#FDEBD0")
    bands = ["#FAD7A0", "#F8C471", "#F5B041"]
    for i, color in enumerate(bands):
        c.rect((0, 120 + i * 70, w, 190 + i * 70), color)
    for k in range(12):  # rays as thin triangles fanning out of the sun
        x = -40 + k * 65
        c.polygon([(320, 330), (x, 0), (x + 26, 0)], "#FDF2E9")
    sun(c, 320, 330, 85, color="#F39C12", glow="#F8C471")
    c.polygon([(0, 340), (140, 280), (300, 330), (460, 270), (640, 320), (640, 480), (0, 480)], "#239B56")
    c.polygon([(0, 400), (200, 350), (420, 395), (640, 360), (640, 480), (0, 480)], "#1D8348")
    for x in (90, 520):  # two small trees
        c.rect((x - 5, 360, x + 5, 400), "#6E2C00")
        c.ellipse((x - 28, 310, x + 28, 372), "#145A32")
    return c.result()


def open_book(w=480, h=640):
    c = Canvas(w, h, "#EAF2F8")
    c.rect((150, 50, 330, 200), "#FDFEFE")  # a window on the wall
    c.rect((160, 60, 320, 190), "#AED6F1")
    c.rect((236, 60, 244, 190), "#FDFEFE")
    c.rect((160, 121, 320, 129), "#FDFEFE")
    c.rect((0, 470, 480, 640), "#A04000")  # table
    c.rect((0, 470, 480, 486), "#BA4A00")
    # the book: two pages on a cover
    c.polygon([(40, 250), (240, 280), (440, 250), (440, 520), (240, 550), (40, 520)], "#1A5276")
    c.polygon([(55, 240), (235, 268), (235, 530), (55, 505)], "#FDFEFE")
    c.polygon([(245, 268), (425, 240), (425, 505), (245, 530)], "#FBFCFC")
    c.line([(240, 268), (240, 540)], "#AEB6BF", 3)
    for i in range(9):  # lines of text, shorter at the end of each paragraph
        y = 285 + i * 24
        end = 205 if i not in (3, 8) else 150
        c.line([(75, y + (i * 0.4)), (end, y + 4 + (i * 0.4))], "#566573", 4)
        end = 405 if i not in (4, 8) else 350
        c.line([(265, y + 4), (end, y)], "#566573", 4)
    # ribbon bookmark hanging from the right page
    c.polygon([(380, 245), (398, 242), (398, 590), (389, 575), (380, 592)], "#C0392B")
    return c.result()


def open_book_rtl(w=480, h=640):
    # the same book for right-to-left readers: bookmark and text alignment mirrored
    return ImageOps.mirror(open_book(w, h))


# ---------------------------------------------------------------- one-line export

def lamp(w=500, h=500):
    c = Canvas(w, h, "#1B2631")
    c.ellipse((210, 100, 510, 400), "#212F3D")  # light around the flame
    c.ellipse((280, 170, 440, 330), "#2C3E50")
    # path lit in front of the lamp
    c.polygon([(210, 500), (290, 500), (420, 420), (80, 420)], "#7E5109")
    c.polygon([(230, 500), (270, 500), (330, 420), (170, 420)], "#B9770E")
    # oil lamp body, handle, filling hole and spout
    c.ellipse((85, 330, 125, 370), "#B9770E")
    c.ellipse((95, 340, 115, 360), "#1B2631")
    c.ellipse((110, 300, 310, 390), "#D68910")
    c.ellipse((180, 306, 240, 326), "#9C640C")
    c.polygon([(280, 318), (360, 296), (368, 312), (300, 356)], "#D68910")
    # flame on the tip of the spout
    c.polygon([(350, 300), (346, 258), (356, 222), (366, 190), (380, 236), (376, 296)], "#F5B041")
    c.polygon([(356, 296), (354, 262), (362, 236), (370, 264), (368, 292)], "#FCF3CF")
    return c.result()


def harvest(w=640, h=360):
    c = Canvas(w, h, "#AED6F1")
    sun(c, 110, 80, 40, color="#F7DC6F", glow="#FCF3CF")
    cloud(c, 380, 40, 1.0, "#FDFEFE")
    c.polygon([(0, 200), (200, 165), (420, 185), (640, 160), (640, 360), (0, 360)], "#D4AC0D")
    c.polygon([(0, 250), (320, 225), (640, 245), (640, 360), (0, 360)], "#F1C40F")
    for row, (y, size, color) in enumerate([(200, 0.6, "#B7950B"), (255, 0.8, "#9A7D0A"), (320, 1.0, "#7D6608")]):
        for k in range(14 + row * 2):
            x = 12 + k * (640 / (14 + row * 2)) + (row * 9)
            c.line([(x, y + 30 * size), (x + 4 * size, y - 25 * size)], color, 2.5 * size)
            c.ellipse((x - 1 * size, y - 45 * size, x + 10 * size, y - 18 * size), color)
    # a basket of grain in the foreground
    c.polygon([(470, 300), (600, 300), (585, 355), (485, 355)], "#873600")
    c.ellipse((470, 285, 600, 315), "#F4D03F")
    return c.result()


# ---------------------------------------------------------------- output

IMAGES = [
    ("builders", "WiseAndFoolishBuilders.png", wise_and_foolish_builders),
    ("builders", "RainAndFloods.jpg", rain_and_floods),
    ("builders", "HouseOnTheRock.png", house_on_the_rock),
    ("multilingual", "Sunrise.png", sunrise),
    ("multilingual", "OpenBook.png", open_book),
    ("multilingual", "OpenBook-ar.png", open_book_rtl),
    ("one-line-export", "Lamp.png", lamp),
    ("one-line-export", "Harvest.jpeg", harvest),
]


def save(image, path):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".png":
        flat = image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        flat.save(path, format="PNG", optimize=True)
    elif ext in (".jpg", ".jpeg"):
        image.convert("RGB").save(path, format="JPEG", quality=85, optimize=False, progressive=False)
    else:
        raise ValueError("unsupported extension: " + path)


def main():
    for project, name, draw in IMAGES:
        folder = os.path.join(HERE, project, "images", "onboarding")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, name)
        image = draw()
        save(image, path)
        print("%s  %dx%d  %d bytes" % (os.path.relpath(path, HERE), image.width, image.height, os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
