"""What the tests that compare published images with their sources share: an appDef with one
screen per image, the published variants of each, and each image as the browser draws it."""

from __future__ import annotations

import re
from pathlib import Path

APP = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens>
{screens}
</onboarding-screens></app-definition>"""
SCREEN = """<onboarding-screen><title type="top-title"><translation>{name}</translation></title>
<onboarding-screen-image lang="default"><image>{name}</image></onboarding-screen-image></onboarding-screen>"""

# Each URL's image drawn on a canvas at its own size: its width, height, and the red, green
# and blue of the pixel at (across, down), fractions of its width and height.
DRAW = """async ([urls, across, down]) => {
  const drawn = [];
  for (const url of urls) {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixel = context.getImageData(Math.floor(canvas.width * across), Math.floor(canvas.height * down), 1, 1).data;
    drawn.push([image.naturalWidth, image.naturalHeight, pixel[0], pixel[1], pixel[2]]);
  }
  return drawn;
}"""


def appdef_showing(names) -> str:
    """An appDef with one screen for each image of `names`, titled with its name."""
    return APP.format(screens="\n".join(SCREEN.format(name=name) for name in names))


def published_variants(out: Path, names) -> dict[str, list[str]]:
    """The files the build published in `out`/images for each source of `names` (its name's
    stem, a width and a digest: `photo-400-0a1b2c3d4e.webp`)."""
    files = sorted(path.name for path in (out / "images").iterdir())
    return {name: [file for file in files if re.fullmatch(re.escape(name.rsplit(".", 1)[0]) + r"-\d+-\w+\.\w+", file)] for name in names}


def drawn(page, sample, variants: dict[str, list[str]], across: float = 0.5, down: float = 0.5):
    """Each source of `variants` and each of its published files as the browser of `page` draws
    it (``DRAW``): the sources' in a dictionary by name, the variants' as (name, file, drawing)."""
    sources = [f"/_projects/{sample.name}/images/onboarding/{name}" for name in variants]
    published = [(name, file) for name, files in variants.items() for file in files]
    urls = sources + [f"/{sample.name}/onboarding/images/{file}" for _, file in published]
    result = page.evaluate(DRAW, [urls, across, down])
    return dict(zip(variants, result[: len(variants)])), [(name, file, drawing) for (name, file), drawing in zip(published, result[len(variants):])]
