"""A published SVG runs nothing: opened by its own address (which the carousel page names), it is
a document of the app's origin, so a script in it could read and change the app's storage."""

import pytest

APP_DEF = """<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB">
  <translation-mappings default-lang="en"/>
  <onboarding-screens>
    <onboarding-screen>
      <title type="top-title"><translation>Welcome</translation></title>
      <onboarding-screen-image lang="default"><image>logo.svg</image></onboarding-screen-image>
    </onboarding-screen>
  </onboarding-screens>
</app-definition>
"""

# Every way an SVG can run script in a browser that the tests can observe: each one, if it ran,
# would write to storage, change the title or ask the server for /ran-<how>.
HOSTILE_SVG = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80"
     onload="localStorage.setItem('ran', 'onload'); fetch('/ran-onload')">
  <script type="text/javascript"><![CDATA[
    localStorage.setItem('ran', 'script'); document.title = 'ran'; fetch('/ran-script');
  ]]></script>
  <rect width="120" height="80" fill="#2E7D32"/>
  <foreignObject width="120" height="80">
    <iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:parent.fetch('/ran-iframe')"></iframe>
  </foreignObject>
  <image width="1" height="1" href="/ran-image-load"/>
  <set attributeName="onmouseover" to="fetch('/ran-set')"/>
  <a href="javascript:fetch('/ran-link')"><text x="10" y="40" id="link">tap</text></a>
</svg>
"""


@pytest.fixture(scope="module")
def hostile(app_from_text):
    return app_from_text("hostile-svg", APP_DEF, {"logo.svg": HOSTILE_SVG.encode()})


@pytest.mark.parametrize("size", ["desktop"])  # the size does not matter here
def test_a_published_svg_opened_directly_runs_no_script(open_page, hostile, served_paths, size):
    published = sorted((hostile.out / "images").glob("logo-*.svg"))
    assert len(published) == 1, published
    url = f"{hostile.origin}/hostile-svg/onboarding/images/{published[0].name}"
    page = open_page(url, wait_ready=False)
    page.wait_for_load_state("load")
    page.mouse.move(5, 5)
    page.mouse.click(40, 40)
    # The drawing is there: the page is the SVG, rendered.
    assert page.evaluate("document.documentElement.localName") == "svg"
    assert page.evaluate("document.querySelector('rect') !== null")
    assert f"/hostile-svg/onboarding/images/{published[0].name}" in served_paths
    # Nothing of it ran: no storage written, no title, no request but the SVG's own.
    page.goto(f"{hostile.origin}/hostile-svg/onboarding/index.html")
    assert page.evaluate("localStorage.getItem('ran')") is None
    ran = [path for path in served_paths if "/ran-" in path]
    assert ran == [], ran


def test_the_carousel_still_shows_the_drawing(open_page, hostile):
    page = open_page(hostile.url())
    image = page.locator(".onboarding-slide img").first
    assert image.evaluate("img => img.complete && img.naturalWidth") == 120


# Every way CSS in an SVG can load a file, each asking the server for /fetched-<how>: a style
# sheet cut in two by an element inside it (whose second half was once published unchecked),
# the functions that load an image from a plain string, imports and fonts.
LOADING_CSS_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">
<style><g></g>@import url(/fetched-import.css);
svg{background:url(/fetched-background.png)}</style>
<style>svg{background-image:image-set("/fetched-image-set.png" 1x)}
rect{mask-image:-webkit-image-set("/fetched-webkit-image-set.png" 1x)}</style>
<style>@font-face{font-family:Fetched;src:url(/fetched-font.woff2)} text{font-family:Fetched}</style>
<style>circle{fill:url(/fetched-fill.svg#p)}</style>
<rect width="60" height="80" fill="#2E7D32" style="cursor:image-set('/fetched-cursor.png' 1x), auto"/>
<circle cx="90" cy="40" r="20" style="background-image:image-set('/fetched-style.png' 1x)"/>
<text x="70" y="70">Aa</text>
</svg>
"""


@pytest.fixture(scope="module")
def loading_css(app_from_text):
    return app_from_text("loading-css-svg", APP_DEF, {"logo.svg": LOADING_CSS_SVG.encode()})


@pytest.mark.parametrize("size", ["desktop"])  # the size does not matter here
def test_a_published_svg_loads_nothing_through_its_css(open_page, loading_css, served_paths, size):
    """Opened by itself and in the carousel, the SVG asks for nothing its CSS names: the test
    server sees every request, whichever engine makes it."""
    published = sorted((loading_css.out / "images").glob("logo-*.svg"))
    assert len(published) == 1, published
    page = open_page(None)
    for url in (f"{loading_css.origin}/loading-css-svg/onboarding/images/{published[0].name}", loading_css.url()):
        page.goto(url)
        page.wait_for_load_state("load")
        page.mouse.move(20, 20)
        page.evaluate("() => document.fonts.ready.then(() => true)")
    # The SVG itself was asked for, so requests are seen; nothing its CSS names was.
    assert any(published[0].name in path for path in served_paths), served_paths
    fetched = [path for path in served_paths if "/fetched-" in path]
    assert fetched == [], fetched
