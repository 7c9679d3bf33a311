"""Makes the pictures of the README and Documentation/ from real builds, in Debian's Chromium with
the browser suite's fonts (so that the pictures do not depend on the machine's):

- Documentation/review.png: `sab-onboarding review` of Samples/multilingual, opened from disk;
- Documentation/carousel-*.png: the carousel of Sango's appDef (../shared) with the screens of
  test_visitor_layout.py, on a phone, at 200% text, on its side; Samples/multilingual in the dark
  theme, in Arabic;
- build/screenshots/carousel/: both carousels at every size (phone, 200% text, landscape,
  desktop), in each of the six themes, in English and in Arabic (right to left), to look at.

    swift build && python3 Tests/Browser/screenshots.py      # or: make screenshots

Needs what the browser suite needs (Tests/Browser/run.sh installs it). The picture is made
smaller with a palette of 256 colours, so that the repository carries a few hundred KB at most.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import CHROMIUM, FONTCONFIG, PACKAGE_ROOT, SCREENSHOTS, TEST_FONTS, _tool  # noqa: E402
from test_visitor_layout import LANGUAGES, SANGO, picture, with_screens  # noqa: E402

# Relative to the package: the page names the appDef as the tool was given it.
APP_DEF = "Samples/multilingual/multilingual.appDef"
PICTURE = PACKAGE_ROOT / "Documentation" / "review.png"
VIEWPORT = {"width": 1600, "height": 1000}
THEMES = ["normal", "sage", "rose", "sepia", "charcoal", "dark"]
# name -> (viewport, default font size in px, touch)
CAROUSEL_SIZES = {
    "phone": ((360, 740), 16, True),
    "text200": ((360, 740), 32, True),
    "landscape": ((740, 360), 16, True),
    "desktop": ((1440, 900), 16, False),
}
# The carousel's pictures in the README and Documentation/PWA.md: (file, size, query, screen from 1).
CAROUSEL_PICTURES = [
    ("carousel-phone.png", "phone", "?lang=en", 1),
    ("carousel-large-text.png", "text200", "?lang=de", 1),
    ("carousel-landscape.png", "landscape", "?lang=en", 2),
    ("carousel-dark.png", "phone", "?lang=ar&theme=dark", 2),
]
# The themes are looked at on the sample that gives colours for each (Sango's gives none).
THEMED_APP_DEF = "Samples/multilingual/multilingual.appDef"


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


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def quantized(shot: Path, picture: Path) -> None:
    Image.open(shot).convert("RGB").quantize(colors=256, dither=Image.Dither.NONE).save(picture, optimize=True)


def carousel_shots(browser, folder: Path) -> None:
    """The carousel of Sango's appDef, built and served over HTTP, at every size, theme and direction."""
    project = folder / "sango"
    (project / "images" / "onboarding").mkdir(parents=True)
    (project / "images" / "onboarding" / "hills.png").write_bytes(picture())
    app_def = project / "app.appDef"
    app_def.write_text(with_screens(SANGO.read_text(encoding="utf-8"), LANGUAGES + ["ar"]), encoding="utf-8")
    site = folder / "site"
    for source, name in ((app_def, "onboarding"), (PACKAGE_ROOT / THEMED_APP_DEF, "themed")):
        subprocess.run([str(_tool()), "build", str(source), "--out", str(site / name), "--quiet"],
                       cwd=PACKAGE_ROOT, check=True)
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    out = SCREENSHOTS / "carousel"
    out.mkdir(parents=True, exist_ok=True)

    def shoot(size: str, query: str, screen: int, path: Path, sample: str = "onboarding") -> None:
        (width, height), font_size, touch = CAROUSEL_SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                      is_mobile=touch, reduced_motion="reduce")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Page.enable")
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": font_size, "fixed": 13 * font_size // 16}})
        page.goto(f"{origin}/{sample}/index.html{query}#onboarding-slide-{screen}")
        page.wait_for_selector("html.onboarding-ready .onboarding-controls", state="visible")
        page.wait_for_load_state("load")
        page.wait_for_timeout(150)
        page.screenshot(path=str(path))
        context.close()

    try:
        for size in CAROUSEL_SIZES:
            for theme in THEMES:
                for lang in ("en", "ar"):
                    # The long text and the image in every theme; the first and the last in one.
                    for screen in (1, 2, 3) if theme == "normal" else (2,):
                        shoot(size, f"?lang={lang}&theme={theme}", screen, out / f"{size}-{theme}-{lang}-{screen}.png")
                    shoot(size, f"?lang={lang}&theme={theme}", 2, out / f"{size}-{theme}-{lang}-multilingual.png", "themed")
        for name, size, query, screen in CAROUSEL_PICTURES:
            shot = folder / name
            shoot(size, query, screen, shot, "themed" if "theme=" in query else "onboarding")
            quantized(shot, PACKAGE_ROOT / "Documentation" / name)
            print(f"Documentation/{name}: {(PACKAGE_ROOT / 'Documentation' / name).stat().st_size // 1024} KB")
    finally:
        server.shutdown()
    print(f"{out.relative_to(PACKAGE_ROOT)}: {len(list(out.iterdir()))} pictures")


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
            page.close()
            quantized(shot, PICTURE)
            print(f"{PICTURE.relative_to(PACKAGE_ROOT)}: {PICTURE.stat().st_size // 1024} KB")
            carousel_shots(browser, folder)
            browser.close()


if __name__ == "__main__":
    main()
