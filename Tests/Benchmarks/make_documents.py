#!/usr/bin/env python3
"""Writes the large appDef documents of the benchmarks, deterministically.

    python3 Tests/Benchmarks/make_documents.py [OUT_DIR] [SIZE_MB ...]

Defaults: OUT_DIR build/bench, sizes 40 and 400 (MiB). Writes OUT_DIR/doc-<N>mb.xml and
copies the images of the four-screen sample to OUT_DIR/images/onboarding/, so that the screens'
image rules find their files and `lint` reports the same thing as on the sample.

Each document is one <app-definition> holding, again and again, the top-level sections of the
real appDefs in ../shared/appdef-samples/ beside the clone (third-party data the project does not
carry; long form and short form, pretty-printed and one-line), in a fixed order. SCREEN_BLOCKS <onboarding-screens> sections,
each with the four screens of Samples/builders/builders.appDef, are spread evenly through it:
the same few hundred screens whatever the size, so that a larger document means more bytes to
stream, not more screens to keep. Well-formed, no DOCTYPE. The output is a pure function of
the inputs: a document already written from the same inputs (same hash) is kept.
"""

import hashlib
import os
import re
import shutil
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "appdef-samples")
SAMPLE = os.path.join(ROOT, "Samples", "builders", "builders.appDef")
SAMPLE_IMAGES = os.path.join(ROOT, "Samples", "builders", "images", "onboarding")
# 80 blocks of 4 screens: 320 screens in every document.
SCREEN_BLOCKS = 80
MIB = 1024 * 1024


def body_of(data: bytes) -> bytes:
    """What lies between <app-definition ...> and </app-definition>."""
    start = re.search(rb"<app-definition\b[^>]*>", data)
    end = data.rfind(b"</app-definition>")
    if not start or end < 0:
        raise SystemExit("not an appDef: no <app-definition> element")
    return data[start.end():end]


def sections() -> list[bytes]:
    """The bodies of the fixture appDefs, in name order: both forms, both layouts."""
    if not os.path.isdir(FIXTURES):
        raise SystemExit(f"the benchmarks read the real appDefs of {FIXTURES}: put ../shared beside the clone")
    names = sorted(n for n in os.listdir(FIXTURES) if n.endswith((".xml", ".appDef")))
    bodies = []
    for name in names:
        with open(os.path.join(FIXTURES, name), "rb") as handle:
            data = handle.read()
        if b"<!DOCTYPE" in data:
            raise SystemExit(f"{name}: has a DOCTYPE")
        bodies.append(body_of(data))
    if len(bodies) < 2:
        raise SystemExit(f"expected the real appDefs in {FIXTURES}")
    return bodies


def screens_block() -> bytes:
    """The <onboarding-screens> section of the sample, with its four screens."""
    with open(SAMPLE, "rb") as handle:
        data = handle.read()
    screens = re.findall(rb"<onboarding-screen>.*?</onboarding-screen>", data, re.S)
    if len(screens) != 4:
        raise SystemExit(f"expected 4 screens in {SAMPLE}, found {len(screens)}")
    return b"\n  <onboarding-screens>\n    " + b"\n    ".join(screens) + b"\n  </onboarding-screens>\n"


def write_document(path: str, target: int) -> int:
    """Writes about `target` bytes; returns the number of screens written."""
    bodies = sections()
    block = screens_block()
    head = b'<?xml version="1.0" encoding="utf-8"?>\n<app-definition type="SAB" program-version="12.3">\n'
    tail = b"\n</app-definition>\n"
    # The screen sections go at the first section boundary past each of these offsets.
    spacing = target // (SCREEN_BLOCKS + 1)
    next_block = spacing
    blocks = 0
    written = 0
    tmp = path + ".tmp"
    with open(tmp, "wb") as out:
        out.write(head)
        written += len(head)
        index = 0
        while written < target - len(tail):
            body = bodies[index % len(bodies)]
            index += 1
            out.write(body)
            written += len(body)
            while blocks < SCREEN_BLOCKS and written >= next_block:
                out.write(block)
                written += len(block)
                blocks += 1
                next_block += spacing
        while blocks < SCREEN_BLOCKS:  # only for targets smaller than a few sections
            out.write(block)
            written += len(block)
            blocks += 1
        out.write(tail)
        written += len(tail)
    os.replace(tmp, path)
    return blocks * 4


def inputs_hash() -> str:
    """A hash of everything the documents are made of, this script included."""
    digest = hashlib.sha256()
    files = [os.path.join(FIXTURES, n) for n in sorted(os.listdir(FIXTURES))] + [SAMPLE, __file__]
    for name in files:
        with open(name, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def main() -> None:
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "bench")
    sizes = [int(s) for s in sys.argv[2:]] or [40, 400]
    os.makedirs(out_dir, exist_ok=True)
    images = os.path.join(out_dir, "images", "onboarding")
    os.makedirs(images, exist_ok=True)
    for name in sorted(os.listdir(SAMPLE_IMAGES)):
        shutil.copyfile(os.path.join(SAMPLE_IMAGES, name), os.path.join(images, name))
    for size in sizes:
        path = os.path.join(out_dir, f"doc-{size}mb.xml")
        target = size * MIB
        # Same inputs, same output: a document written from inputs of the same hash is kept.
        stamp = path + ".inputs"
        fingerprint = f"{SCREEN_BLOCKS} {target} {inputs_hash()}"
        if os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == fingerprint:
            print(f"{path}: kept ({os.path.getsize(path) / MIB:.1f} MiB)")
            continue
        screens = write_document(path, target)
        with open(stamp, "w") as handle:
            handle.write(fingerprint)
        print(f"{path}: {os.path.getsize(path) / MIB:.1f} MiB, {screens} onboarding screens")


if __name__ == "__main__":
    main()
