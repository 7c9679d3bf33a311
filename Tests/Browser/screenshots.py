"""Makes the README's picture of the review page, Documentation/review.png, from a real build:
`sab-onboarding review` of Samples/multilingual, opened from disk in Debian's Chromium with the
browser suite's fonts (so that the picture does not depend on the machine's).

    swift build && python3 Tests/Browser/screenshots.py      # or: make screenshots

Needs what the browser suite needs (Tests/Browser/run.sh installs it). The picture is made
smaller with a palette of 256 colours, so that the repository carries a few hundred KB at most.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import CHROMIUM, FONTCONFIG, PACKAGE_ROOT, TEST_FONTS, _tool  # noqa: E402

# Relative to the package: the page names the appDef as the tool was given it.
APP_DEF = "Samples/multilingual/multilingual.appDef"
PICTURE = PACKAGE_ROOT / "Documentation" / "review.png"
VIEWPORT = {"width": 1600, "height": 1000}


def fontconfig(folder: Path) -> Path:
    """The browser suite's fonts and nothing else (see conftest.py)."""
    fonts = folder / "fonts"
    fonts.mkdir()
    for font in sorted(TEST_FONTS.iterdir()):
        if font.suffix in (".ttf", ".otf", ".ttc") and "Mono" not in font.name:
            (fonts / font.name).symlink_to(font)
    config = folder / "fonts.conf"
    config.write_text(FONTCONFIG.format(fonts=fonts, cache=folder / "cache"), encoding="utf-8")
    return config


def main() -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        out = folder / "review"
        subprocess.run([str(_tool()), "review", APP_DEF, "--out", str(out)], cwd=PACKAGE_ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        config = fontconfig(folder)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"],
                                                 env={**os.environ, "FONTCONFIG_FILE": str(config)})
            page = browser.new_page(viewport=VIEWPORT)
            page.goto((out / "review.html").as_uri())
            # Every frame in view has shown its screen (each loads the carousel on its own).
            deadline = time.monotonic() + 30
            while not all(frame.evaluate("document.documentElement.classList.contains('onboarding-ready')")
                          for frame in page.frames[1:7]):
                if time.monotonic() > deadline:
                    sys.exit("the frames did not show the carousel")
                page.wait_for_timeout(100)
            PICTURE.parent.mkdir(exist_ok=True)
            shot = folder / "review.png"
            page.screenshot(path=str(shot))
            browser.close()
        Image.open(shot).convert("RGB").quantize(colors=256, dither=Image.Dither.NONE).save(PICTURE, optimize=True)
    print(f"{PICTURE.relative_to(PACKAGE_ROOT)}: {PICTURE.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
