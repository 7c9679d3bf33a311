"""A published image draws in the colours the browser draws its source in: each source and each
of its published variants drawn on a canvas by the browser under test, and compared at their
centre. The sources are the kinds whose colours the build once changed: a PNG with a gamma of
1.0 (gAMA, which libvips does not read: mid-grey 128 was published where browsers draw 188), an
untagged CMYK JPEG (turned through libvips's fallback CMYK profile: cyan ink published as
(1, 157, 230) where browsers draw (0, 255, 255)), and an untagged PNG as a control."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image, PngImagePlugin

SIZE = (64, 48)


def png(colour, gamma: int | None = None) -> bytes:
    info = PngImagePlugin.PngInfo()
    if gamma is not None:
        info.add(b"gAMA", struct.pack(">I", gamma))
    out = io.BytesIO()
    Image.new("RGB", SIZE, colour).save(out, "PNG", pnginfo=info)
    return out.getvalue()


def cmyk_jpeg(inks) -> bytes:
    out = io.BytesIO()
    Image.new("CMYK", SIZE, inks).save(out, "JPEG", quality=95)
    return out.getvalue()


SOURCES = {
    "plain.png": png((200, 150, 100)),
    "linear.png": png((128, 128, 128), gamma=100_000),
    "dim.png": png((200, 150, 100), gamma=55_555),
    "cyan.jpg": cmyk_jpeg((255, 0, 0, 0)),
    "grey-ink.jpg": cmyk_jpeg((0, 0, 0, 128)),
}

APP = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens>
{screens}
</onboarding-screens></app-definition>"""
SCREEN = """<onboarding-screen><title type="top-title"><translation>{name}</translation></title>
<onboarding-screen-image lang="default"><image>{name}</image></onboarding-screen-image></onboarding-screen>"""

# Each URL's image drawn on a canvas at its own size; its centre pixel.
DRAW = """async (urls) => {
  const centres = [];
  for (const url of urls) {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixel = context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
    centres.push([pixel[0], pixel[1], pixel[2]]);
  }
  return centres;
}"""


@pytest.fixture(scope="module")
def colours_app(app_from_text):
    screens = "\n".join(SCREEN.format(name=name) for name in SOURCES)
    return app_from_text("image-colours", APP.format(screens=screens), SOURCES)


@pytest.mark.parametrize("size", ["phone"])
def test_every_published_variant_draws_in_its_sources_colours(open_page, colours_app, size):
    images = colours_app.out / "images"
    published = {name: sorted(path.name for path in images.iterdir() if path.name.startswith(name.rsplit(".", 1)[0] + "-")) for name in SOURCES}
    for name, files in published.items():
        assert any(file.endswith(".webp") for file in files) and len(files) >= 2, (name, files)
    page = open_page(colours_app.app_url, wait_ready=False)
    sources = [f"/_projects/{colours_app.name}/images/onboarding/{name}" for name in SOURCES]
    variants = [(name, f"/{colours_app.name}/onboarding/images/{file}") for name, files in published.items() for file in files]
    drawn = page.evaluate(DRAW, sources + [url for _, url in variants])
    source_colour = dict(zip(SOURCES, drawn[: len(SOURCES)]))
    # The test can fail: the gamma and the CMYK ink change what is drawn from the stored samples.
    assert min(source_colour["linear.png"]) > 170, source_colour
    assert source_colour["cyan.jpg"][1] > 240, source_colour
    wrong = []
    for (name, url), colour in zip(variants, drawn[len(SOURCES):]):
        if max(abs(a - b) for a, b in zip(colour, source_colour[name])) > 6:
            wrong.append((url.rsplit("/", 1)[1], tuple(colour), "source", tuple(source_colour[name])))
    assert not wrong, wrong
