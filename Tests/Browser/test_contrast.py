"""Readable by construction: in every sample, every theme and on every screen, the computed
colours of the text, the buttons, the current dot and the focus ring meet WCAG AA against the
computed background (4.5:1 for text, 3:1 for the dots and the focus ring)."""

import re

import pytest

from helpers import go_to

THEMES = ["normal", "sepia", "dark"]

pytestmark = pytest.mark.webkit_optional("the colours read are those the build's CSS gives, computed the same in both engines")


def luminance(rgb: tuple[float, float, float]) -> float:
    def linear(channel: float) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first, second) -> float:
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def parse(color: str, over=(255, 255, 255)) -> tuple[float, float, float]:
    """rgb()/rgba() as Chromium computes it, composited over `over` when translucent."""
    numbers = [float(part) for part in re.findall(r"[\d.]+", color)]
    red, green, blue = numbers[:3]
    alpha = numbers[3] if len(numbers) > 3 else 1.0
    return tuple(channel * alpha + base * (1 - alpha) for channel, base in zip((red, green, blue), over))


COLOURS = """
(index) => {
  const slide = document.querySelectorAll(".onboarding-slide")[index];
  const controls = document.querySelector(".onboarding-controls");
  const style = (element) => getComputedStyle(element);
  const texts = [...slide.querySelectorAll("[data-field]:not(img)")].map((element) => style(element).color);
  const visibleButton = [...controls.querySelectorAll(".onboarding-next, .onboarding-start")].find((b) => !b.hidden);
  const current = document.querySelector('.onboarding-dot[aria-selected="true"]');
  return {
    background: style(slide).backgroundColor,
    // The controls have no background of their own: they are drawn over the slide's foot.
    controlsBackground: getComputedStyle(slide, "::after").backgroundColor,
    texts,
    skip: style(controls.querySelector(".onboarding-skip")).color,
    button: style(visibleButton).backgroundColor,
    buttonText: style(visibleButton).color,
    currentDot: getComputedStyle(current, "::before").backgroundColor,
    otherDot: getComputedStyle(document.querySelector('.onboarding-dot[aria-selected="false"]') || current, "::before").borderTopColor,
  };
}
"""


ON_THE_BUTTON = """() => document.activeElement
  === [...document.querySelectorAll(".onboarding-next, .onboarding-start")].find((b) => !b.hidden)"""


# Colours do not depend on the size: the style sheet's media queries (a short landscape view,
# reduced motion) set no colour.
@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("sample", ["builders", "multilingual", "one-line-export"])
@pytest.mark.parametrize("theme", THEMES)
def test_text_and_controls_meet_wcag_aa_on_every_screen(carousel, samples, sample, theme, size):
    page = carousel(sample, f"?theme={theme}")
    checked = 0
    for index in range(samples[sample].count):
        go_to(page, index)
        colours = page.evaluate(COLOURS, index)
        background = parse(colours["background"])
        controls = parse(colours["controlsBackground"])
        where = f"{sample}, {theme}, screen {index + 1}"
        for text in colours["texts"]:
            assert contrast(parse(text, background), background) >= 4.5, f"text {text} on {colours['background']} ({where})"
            checked += 1
        assert contrast(parse(colours["skip"], controls), controls) >= 4.5, f"Skip ({where})"
        button = parse(colours["button"], controls)
        assert contrast(parse(colours["buttonText"], button), button) >= 4.5, f"Next/Start label ({where})"
        assert contrast(button, controls) >= 3, f"Next/Start button ({where})"
        assert contrast(parse(colours["currentDot"], controls), controls) >= 3, f"current dot ({where})"
        assert contrast(parse(colours["otherDot"], controls), controls) >= 3, f"other dots ({where})"
        # The ring as drawn: the button reached with Tab, so that :focus-visible applies (a key
        # pressed before a script's focus() is enough for Chromium, not for WebKit).
        for _ in range(6):
            page.keyboard.press("Tab")
            if page.evaluate(ON_THE_BUTTON):
                break
        ring = page.evaluate("""() => document.activeElement.matches(":focus-visible")
          ? getComputedStyle(document.activeElement).outlineColor : null""")
        assert page.evaluate(ON_THE_BUTTON), f"Tab reaches Next or Start ({where})"
        assert ring is not None, f"the button shows focus from the keyboard ({where})"
        assert contrast(parse(ring, controls), controls) >= 3, f"focus ring {ring} ({where})"
    assert checked >= samples[sample].count, "every screen has text to check"
