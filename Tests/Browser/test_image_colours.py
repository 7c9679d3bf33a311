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

from image_sources import appdef_showing, drawn, published_variants

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


@pytest.fixture(scope="module")
def colours_app(app_from_text):
    return app_from_text("image-colours", appdef_showing(SOURCES), SOURCES)


@pytest.mark.parametrize("size", ["phone"])
def test_every_published_variant_draws_in_its_sources_colours(open_page, colours_app, size):
    published = published_variants(colours_app.out, SOURCES)
    for name, files in published.items():
        assert any(file.endswith(".webp") for file in files) and len(files) >= 2, (name, files)
    page = open_page(colours_app.app_url, wait_ready=False)
    sources, variants = drawn(page, colours_app, published)
    source_colour = {name: drawing[2:] for name, drawing in sources.items()}
    # The test can fail: the gamma and the CMYK ink change what is drawn from the stored samples.
    assert min(source_colour["linear.png"]) > 170, source_colour
    assert source_colour["cyan.jpg"][1] > 240, source_colour
    wrong = []
    for name, file, drawing in variants:
        colour = drawing[2:]
        if max(abs(a - b) for a, b in zip(colour, source_colour[name])) > 6:
            wrong.append((file, tuple(colour), "source", tuple(source_colour[name])))
    assert not wrong, wrong
