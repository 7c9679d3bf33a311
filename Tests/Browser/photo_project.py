"""A four-screen project with photo-sized images, as an author picks them from a phone or a
scanner: a 3000×2000 JPEG with the phone's EXIF (a GPS position, the maker), a 1600×1200 PNG and
a 2048×2048 JPEG, 1 to 4 MB each; the fourth screen has text only. The images are made here, the
same every time (fixed seeds), with Pillow: the browser tests and `make bench` build it."""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

# Where the phone was, in its EXIF: a test looks for these bytes in every published file.
PHONE_MAKER = "PhoneMaker"
GPS_TAG = 0x8825

IMAGES = {
    "phone.jpg": (3000, 2000, 1),
    "scan.png": (1600, 1200, 2),
    "square.jpg": (2048, 2048, 3),
}

APP_DEF = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <app-name lang="default">Photos</app-name>
  <package>org.example.sab.photos</package>
  <translation-mappings default-lang="en"/>
  <onboarding-screens>
{screens}
  </onboarding-screens>
</app-definition>
"""

SCREEN = """    <onboarding-screen>
      <title type="top-title"><translation>{title}</translation></title>
{image}    </onboarding-screen>"""

IMAGE = """      <onboarding-screen-image lang="default"><image>C:\\Users\\me\\Pictures\\{name}</image></onboarding-screen-image>
"""


def photo(width: int, height: int, seed: int) -> Image.Image:
    """Smooth light, shapes, and the fine grain of a camera: it compresses as photos do."""
    rnd = random.Random(seed)
    red = Image.linear_gradient("L").rotate(rnd.randint(0, 359)).resize((width, height))
    green = Image.radial_gradient("L").resize((width, height))
    blue = Image.effect_noise((width // 8, height // 8), 60).resize((width, height), Image.BICUBIC)
    image = Image.merge("RGB", (red, green, blue))
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y, size = rnd.randrange(width), rnd.randrange(height), rnd.randrange(width // 20, width // 5)
        draw.ellipse((x, y, x + size, y + size // 2), fill=(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)))
    image = image.filter(ImageFilter.GaussianBlur(2))
    grain = Image.effect_noise((width, height), 30).convert("RGB")
    return Image.blend(image, grain, 0.12)


def phone_exif() -> Image.Exif:
    exif = Image.Exif()
    exif[0x010F] = PHONE_MAKER  # Make
    exif[0x0110] = "Phone 12"  # Model
    exif[GPS_TAG] = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 3.0)}
    return exif


def write_photo_project(folder: Path) -> Path:
    """Writes the project into `folder`; returns its appDef."""
    images = folder / "images" / "onboarding"
    images.mkdir(parents=True, exist_ok=True)
    for name, (width, height, seed) in IMAGES.items():
        target = images / name
        if target.exists():
            continue
        image = photo(width, height, seed)
        if name == "phone.jpg":
            image.save(target, quality=92, exif=phone_exif())
        elif name.endswith(".png"):
            image.save(target)
        else:
            image.save(target, quality=92)
    screens = [SCREEN.format(title=f"Screen {index + 1}", image=IMAGE.format(name=name)) for index, name in enumerate(IMAGES)]
    screens.append(SCREEN.format(title="Screen 4", image=""))
    app_def = folder / "photos.appDef"
    app_def.write_text(APP_DEF.format(screens="\n".join(screens)), encoding="utf-8")
    return app_def


def source_bytes(folder: Path) -> int:
    return sum((folder / "images" / "onboarding" / name).stat().st_size for name in IMAGES)
