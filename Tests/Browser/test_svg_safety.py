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
