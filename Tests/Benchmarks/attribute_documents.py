#!/usr/bin/env python3
"""Writes the documents of the crowded-tag figure into the folder given:

- crowded.xml: an appDef whose <app-name> start tag has 640,000 distinct attributes (7.6 MB).
  libxml2 2.9 checks each attribute against every one before it: read as it is, the tag takes
  over five minutes. lint refuses it at the tag (too-many-attributes) without giving it to libxml2.
- spread.xml: as many attributes, 1000 to an element (the most a tag may have), in 640 elements,
  each with the names a0 to a999. (640,000 names all different, one to an element, take libxml2
  2.9 about as long as xmllint: its dictionary of names stops growing at some 16,000 slots and
  its lookups then walk long chains; that is another figure, not this one's.)

    python3 Tests/Benchmarks/attribute_documents.py build/bench
"""

import os
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "build/bench"
COUNT = 640_000
PER_TAG = 1000
PROLOG = '<?xml version="1.0" encoding="utf-8"?>\n<app-definition>\n'


def attributes(start, stop):
    return " ".join(f'a{i}="1"' for i in range(start, stop))


with open(os.path.join(OUT, "crowded.xml"), "w") as handle:
    handle.write(PROLOG + f"  <app-name {attributes(0, COUNT)}>Bible</app-name>\n</app-definition>\n")
with open(os.path.join(OUT, "spread.xml"), "w") as handle:
    handle.write(PROLOG)
    for _ in range(0, COUNT, PER_TAG):
        handle.write(f"  <e {attributes(0, PER_TAG)}/>\n")
    handle.write("</app-definition>\n")
