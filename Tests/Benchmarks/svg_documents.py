#!/usr/bin/env python3
"""Writes the project of the SVG figure into the folder given: svg-shapes/shapes.appDef, one
screen whose image is svg-shapes/images/onboarding/shapes.svg, an SVG of 440,000 rectangles of
five attributes each, a `style` among them (27.6 MB, under the 30 MB image file limit). lint and
build check every attribute value for CSS that loads a file (SVGStyleCheck): this measures that
check with the XML reading around it, against xmllint reading the same SVG.

    python3 Tests/Benchmarks/svg_documents.py build/bench
"""

import os
import sys

OUT = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "build/bench", "svg-shapes")
SHAPES = 440_000

APP_DEF = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB" program-version="12.3">
  <app-name lang="default">Shapes</app-name>
  <package>org.example.sab.shapes</package>
  <translation-mappings default-lang="en"/>
  <onboarding-screens>
    <onboarding-screen>
      <title type="top-title"><translation>Shapes</translation></title>
      <onboarding-screen-image lang="default"><image>shapes.svg</image></onboarding-screen-image>
    </onboarding-screen>
  </onboarding-screens>
</app-definition>
"""

images = os.path.join(OUT, "images", "onboarding")
os.makedirs(images, exist_ok=True)
with open(os.path.join(OUT, "shapes.appDef"), "w", encoding="utf-8") as handle:
    handle.write(APP_DEF)
with open(os.path.join(images, "shapes.svg"), "w", encoding="utf-8") as handle:
    handle.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="1000" height="1000">\n')
    for index in range(SHAPES):
        handle.write(f'<rect x="{index % 1000}" y="{index // 1000 % 1000}" width="1" height="1" style="fill:#{index % 4096:03x}"/>\n')
    handle.write("</svg>\n")
