#!/usr/bin/env python3
"""The baseline an SAB user would write by hand: pull the onboarding screens out of an appDef
with lxml's iterparse, clearing elements as it goes.

    python3 Tests/Benchmarks/iterparse_screens.py FILE.appDef

Extracts what `sab-onboarding lint` reads of each screen (titles with their translations, the
image paths, the features, with line numbers) and prints how many screens it found. Safe
settings, like the tool's: no DTD, no network, no entity expansion, libxml2's size limits on.

Memory: with `tag="onboarding-screen"` lxml still builds every other element of the document,
so besides clearing each screen this deletes, at each screen, everything before it and before
its ancestors (the usual "fast_iter" idiom). Without that the whole document would stay in
memory, as with a tree parse.
"""

import sys

from lxml import etree


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def screen_of(element) -> dict:
    screen = {"line": element.sourceline, "titles": [], "images": [], "features": {}}
    for child in element:
        if not isinstance(child.tag, str):
            continue
        name = local(child.tag)
        if name == "title":
            translations = [
                (t.get("lang", "default"), "".join(t.itertext()), t.sourceline)
                for t in child
                if isinstance(t.tag, str) and local(t.tag) in ("translation", "t")
            ]
            screen["titles"].append((child.get("type"), translations, child.sourceline))
        elif name == "onboarding-screen-image":
            for image in child:
                if isinstance(image.tag, str) and local(image.tag) == "image":
                    screen["images"].append((child.get("lang"), (image.text or "").strip(), image.sourceline))
        elif name == "features":
            for feature in child:
                if isinstance(feature.tag, str) and local(feature.tag) in ("feature", "e"):
                    screen["features"][feature.get("name")] = (feature.get("value"), feature.sourceline)
    return screen


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: iterparse_screens.py FILE")
    screens = []
    events = etree.iterparse(
        sys.argv[1], events=("end",), tag="onboarding-screen",
        load_dtd=False, no_network=True, resolve_entities=False, huge_tree=False,
    )
    for _, element in events:
        screens.append(screen_of(element))
        element.clear(keep_tail=True)
        # Free what came before: earlier siblings of the screen and of each of its ancestors.
        node = element
        while node is not None:
            parent = node.getparent()
            if parent is not None:
                while node.getprevious() is not None:
                    del parent[0]
            node = parent
    print(f"{len(screens)} onboarding screens")


if __name__ == "__main__":
    main()
