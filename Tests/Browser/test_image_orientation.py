"""A published JPEG is turned as the browser turns its source: by an EXIF orientation stored as
the format says (SHORT, one value) in the first EXIF segment, and by nothing else. libvips also
took an orientation stored as LONG, SSHORT or with a count of 2, which Chromium and WebKit draw
as stored: the build published such a photo turned a quarter, in a box of the wrong shape."""

from __future__ import annotations

import io
import re
import struct

import pytest
from PIL import Image

from image_sources import appdef_showing, drawn, published_variants

# Left half red, right half blue: a quarter turn moves the blue from the right to the bottom.
STORED = Image.new("RGB", (64, 32), (230, 20, 20))
STORED.paste((20, 20, 230), (32, 0, 64, 32))


def exif(value: int, kind: int = 3, count: int = 1, big_endian: bool = False) -> bytes:
    order = ">" if big_endian else "<"
    field = struct.pack(order + {1: "B", 3: "H", 4: "I", 8: "h", 9: "i"}[kind], value).ljust(4, b"\0")
    tiff = (b"MM" if big_endian else b"II") + struct.pack(order + "HI", 42, 8)
    tiff += struct.pack(order + "HHHI", 1, 0x0112, kind, count) + field + struct.pack(order + "I", 0)
    body = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def jpeg(*segments: bytes) -> bytes:
    out = io.BytesIO()
    STORED.save(out, "JPEG", quality=95)
    data = out.getvalue()
    return data[:2] + b"".join(segments) + data[2:]


SOURCES = {
    "short.jpg": jpeg(exif(6)),
    "short-mm.jpg": jpeg(exif(6, big_endian=True)),
    "long.jpg": jpeg(exif(6, kind=4)),
    "sshort.jpg": jpeg(exif(6, kind=8)),
    "two-values.jpg": jpeg(exif(6, count=2)),
    "first-upright.jpg": jpeg(exif(1), exif(6)),
    # Browsers take "Exif\0" with any sixth byte, skip bytes between segments, and read whole
    # directory entries only (round 28).
    "exif-mark.jpg": jpeg(exif(6)[:9] + b"\xff" + exif(6)[10:]),
    "stray-bytes.jpg": jpeg(b"\xff\xfe\x00\x04hi", b"\x12\x34", exif(6)),
    "cut-entry.jpg": jpeg(b"\xff\xe1" + struct.pack(">H", len(exif(6)) - 8) + exif(6)[4:-6]),
}


@pytest.fixture(scope="module")
def orientation_app(app_from_text):
    return app_from_text("image-orientation", appdef_showing(SOURCES), SOURCES)


@pytest.mark.parametrize("size", ["phone"])
def test_every_published_jpeg_is_turned_as_its_source_is_drawn(open_page, orientation_app, size):
    published = published_variants(orientation_app.out, SOURCES)
    assert all(len(files) >= 2 for files in published.values()), published
    page = open_page(orientation_app.app_url, wait_ready=False)
    # Each drawn at three quarters across and a quarter down: blue where the right half is
    # stored, red where the left half is turned to.
    sources, variants = drawn(page, orientation_app, published, across=0.75, down=0.25)

    def seen(drawing):
        width, height, red, _, blue = drawing
        return [width, height, "red" if red > blue else "blue"]

    source_seen = {name: seen(drawing) for name, drawing in sources.items()}
    # The test can fail: the browser turns the orientation stored as SHORT and no other.
    assert source_seen["short.jpg"] == [32, 64, "red"] and source_seen["long.jpg"] == [64, 32, "blue"], source_seen
    assert source_seen["exif-mark.jpg"] == source_seen["stray-bytes.jpg"] == [32, 64, "red"], source_seen
    assert source_seen["cut-entry.jpg"] == [64, 32, "blue"], source_seen
    wrong = []
    for name, file, drawing in variants:
        width, height, colour = seen(drawing)
        source_width, source_height, source_colour = source_seen[name]
        if colour != source_colour or width * source_height != height * source_width:
            wrong.append((file, seen(drawing), "source", source_seen[name]))
    assert not wrong, wrong
    # The box the page gives each image has its source's proportions.
    page_text = (orientation_app.out / "index.html").read_text(encoding="utf-8")
    for name, (width, height, _) in source_seen.items():
        box = re.search(r'<img src="images/' + re.escape(name.rsplit(".", 1)[0]) + r'-\d+-[^"]*" width="(\d+)" height="(\d+)"', page_text)
        assert box and int(box[1]) * height == int(box[2]) * width, (name, box and box.groups(), (width, height))
