"""Web fonts on a slow network (make bench): two projects whose interface language is set in an
SIL font, built by sab-onboarding (the fonts subset and compressed as WOFF2), against the same
carousel publishing the source TTF files as they are (the built CSS's @font-face pointed at
them): Sango (Latin with the letters of Central African languages) in Charis SIL regular and
bold, and Amharic (Ethiopic) in Abyssinica SIL. Each is opened in Chromium at 390x844 and a
device pixel ratio of 2 on Lighthouse's mobile network (images.py's emulation, cache off),
five times, alternating with the reference: the median LCP, and the bytes of the first open
once the page's fonts are in. Also: each published font's size
as a share of its source, and the build's time with the fonts subset anew (an empty cache) and
with a word changed (the fonts from the cache), against lint.

    python3 Tests/Benchmarks/fonts.py BINARY BENCH_FOLDER

Writes BENCH_FOLDER/fonts.json; report.py prints it."""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from images import NETWORKS, QuietHandler  # noqa: E402

RUNS = int(os.environ.get("BENCH_FONT_RUNS", "5"))
# First opens of each carousel; the median LCP is reported (the bytes are the same each time).
VISITS = int(os.environ.get("BENCH_FONT_VISITS", "5"))
SIL = Path("/usr/share/fonts/truetype")

# Four screens of real text, the button words and the language's font.
PROJECTS = {
    "sango-charis": {
        "language": "sg",
        "fonts": {"CharisSIL-R.ttf": SIL / "charis/CharisSIL-Regular.ttf", "CharisSIL-B.ttf": SIL / "charis/CharisSIL-Bold.ttf"},
        "buttons": ("Hön", "Na pekö", "Komanse"),
        "screens": [
            ("Bara ala!", "Mbëtï tî Nzapä na yângâ tî Sängö, na yâ tî mbage tî âla."),
            ("Dîko", "Dîko Tënë tî Nzapä lâ oko oko, na mo wara ngangü na bê tî mo."),
            ("Mä", "Mä Tënë tî Nzapä na yâ tî terê tî mo, zo oko pëpe alingbi tî kângbi mo na ndoye tî Lo."),
            ("Kângbi", "Kângbi ânzënî tënë sô na âkamarâde tî mo: Ɓalli, ɗon, ŋaari (Fulfulde) ayeke daä nga."),
        ],
    },
    "amharic-abyssinica": {
        "language": "am",
        "fonts": {"AbyssinicaSIL-R.ttf": SIL / "abyssinica/AbyssinicaSIL-Regular.ttf"},
        "buttons": ("ዝለል", "ቀጣይ", "ጀምር"),
        "screens": [
            ("እንኳን ደህና መጡ", "የእግዚአብሔርን ቃል በአማርኛ ያንብቡ፣ ያዳምጡ እና ያካፍሉ።"),
            ("ያንብቡ", "በየቀኑ የመጽሐፍ ቅዱስን ክፍል ያንብቡ፤ ቃሉ ለእግሬ መብራት ለመንገዴም ብርሃን ነው።"),
            ("ያዳምጡ", "ድምፁን ያዳምጡ፣ ጽሑፉን ይከተሉ፣ ያለ በይነመረብም ይጠቀሙ።"),
            ("ያካፍሉ", "የሚወዱትን ጥቅስ ለቤተሰብዎና ለጓደኞችዎ ያካፍሉ።"),
        ],
    },
}


def app_def(project: dict, extra_word: str = "") -> str:
    language = project["language"]
    faces = "".join(
        f'<font family="font1"><font-name>{name}</font-name><f format="truetype">{name}</f>'
        + ('<sd property="font-weight" value="bold"/>' if "-B." in name else "") + "</font>"
        for name in project["fonts"])
    skip, next_, start = project["buttons"]
    screens = "".join(
        f'<onboarding-screen><title type="top-title"><t>{title}</t></title>'
        f'<title type="bottom-subtitle"><t>{text}{extra_word if number == 0 else ""}</t></title></onboarding-screen>'
        for number, (title, text) in enumerate(project["screens"]))
    return f"""<?xml version="1.0" encoding="utf-8"?>
<app-definition type="SAB"><fonts>{faces}</fonts>
<interface-languages><writing-systems><writing-system code="{language}" type="interface"><font-family>font1</font-family></writing-system></writing-systems></interface-languages>
<translation-mappings default-lang="{language}"><tm id="Button_Skip"><t lang="{language}">{skip}</t></tm><tm id="Button_Next"><t lang="{language}">{next_}</t></tm><tm id="Button_Start"><t lang="{language}">{start}</t></tm></translation-mappings>
{screens}</app-definition>
"""


def write_project(folder: Path, project: dict) -> Path:
    (folder / "fonts").mkdir(parents=True, exist_ok=True)
    for name, source in project["fonts"].items():
        shutil.copyfile(source, folder / "fonts" / name)
    path = folder / "app.appDef"
    path.write_text(app_def(project), encoding="utf-8")
    return path


def run(command, **options):
    return subprocess.run(command, check=True, capture_output=True, text=True, **options)


def timed(command, prepare, env) -> float:
    times = []
    for _ in range(RUNS):
        prepare()
        start = time.perf_counter()
        run(command, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def build_times(binary: str, appdef: Path, project: dict, folder: Path) -> dict:
    """A build with the fonts subset anew (an empty cache), one after a changed word (the
    subsets from the cache, checked), and lint of the same file."""
    cache, out = folder / "cache", folder / "out-timed"
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    changed = folder / "changed.appDef"
    # A word of the text's own letters: the characters, and so the subsets, stay the same.
    changed.write_text(app_def(project, " " + project["screens"][0][0].split()[0]), encoding="utf-8")

    def cold():
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)

    def warm():
        shutil.rmtree(out, ignore_errors=True)
        run([binary, "build", str(appdef), "--out", str(folder / "out-warm"), "--quiet"], env=env)

    results = {
        "build, fonts subset": timed([binary, "build", str(appdef), "--out", str(out), "--quiet"], cold, env),
        "build, a word changed, fonts from the cache": timed([binary, "build", str(changed), "--out", str(out), "--quiet"], warm, env),
        "lint": timed([binary, "lint", str(appdef)], lambda: None, env),
    }
    shutil.rmtree(folder / "out-warm", ignore_errors=True)
    return results


def reference_site(built: Path, reference: Path, project: dict) -> None:
    """The built carousel with each published WOFF2 replaced by its source TTF, as a build that
    copied fonts published them: without the pages' preload of their language's font, which came
    with the subset fonts."""
    shutil.copytree(built, reference)
    for page in reference.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r'<link rel="preload" href="[^"]*" as="font"[^>]*>\n', "", html), encoding="utf-8")
    css_path = reference / "onboarding.css"
    css = css_path.read_text(encoding="utf-8")
    for name, source in project["fonts"].items():
        stem = name.rsplit(".", 1)[0]
        published = next((reference / "fonts").glob(f"{stem}-*.woff2"))
        published.unlink()
        shutil.copyfile(source, reference / "fonts" / name)
        css, count = re.subn(rf'url\("fonts/{re.escape(published.name)}"\) format\("woff2"\)', f'url("fonts/{name}") format("truetype")', css)
        assert count == 1, f"{published.name} is not in the style sheet once"
    css_path.write_text(css, encoding="utf-8")


def visit(browser, url: str, network: str) -> dict:
    """One first open: LCP, and the bytes once the page's fonts are in."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.setCacheDisabled", {"cacheDisabled": True})
    session.send("Network.emulateNetworkConditions", NETWORKS[network])
    page.set_default_timeout(120_000)
    page.goto(url, wait_until="load")
    page.evaluate("() => document.fonts.ready")
    # Every font the page asked for has arrived (or failed): the bytes are those of the open.
    page.wait_for_function("() => [...document.fonts].every((face) => face.status !== 'loading')")
    page.wait_for_timeout(500)
    lcp = page.evaluate("""() => new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ time: last.startTime, element: last.element ? last.element.tagName : null });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
    })""")
    resources = page.evaluate("""() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .map((entry) => ({ name: entry.name, bytes: entry.transferSize }))""")
    faces = page.evaluate("() => [...document.fonts].map((face) => face.status)")
    # Whether the first screen's title was drawn in the web font: with font-display: optional,
    # only when the font was there as the text was laid out (else it is kept for the next page).
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument")["root"]["nodeId"]
    title = session.send("DOM.querySelector", {"nodeId": root, "selector": "#onboarding-slide-1 [data-field=topTitle]"})["nodeId"]
    drawn = session.send("CSS.getPlatformFontsForNode", {"nodeId": title})["fonts"]
    context.close()
    return {"lcp": lcp["time"], "lcp element": lcp["element"], "bytes": sum(entry["bytes"] for entry in resources),
            "font bytes": sum(entry["bytes"] for entry in resources if "/fonts/" in entry["name"]), "fonts loaded": faces.count("loaded"),
            "drawn in the web font": any(font["isCustomFont"] for font in drawn)}


def main():
    binary, bench = str(Path(sys.argv[1]).resolve()), Path(sys.argv[2]).resolve()
    folder = bench / "fonts"
    shutil.rmtree(folder, ignore_errors=True)
    site = folder / "site"
    results = {}
    for name, project in PROJECTS.items():
        missing = [str(source) for source in project["fonts"].values() if not source.exists()]
        if missing:
            raise SystemExit(f"missing {missing}: install fonts-sil-charis and fonts-sil-abyssinica")
        appdef = write_project(folder / name, project)
        built = site / name / "built"
        run([binary, "build", str(appdef), "--out", str(built), "--quiet"], env=dict(os.environ, XDG_CACHE_HOME=str(folder / name / "cache")))
        reference_site(built, site / name / "source-ttf", project)
        shares = {}
        for font, source in project["fonts"].items():
            published = next((built / "fonts").glob(font.rsplit(".", 1)[0] + "-*.woff2"))
            shares[font] = {"published": published.stat().st_size, "source": source.stat().st_size}
        results[name] = {"language": project["language"], "fonts": shares, "times": build_times(binary, appdef, project, folder / name)}
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("SAB_CHROMIUM", "/usr/bin/chromium"))
        for name in PROJECTS:
            # Alternating, so that a passing load falls on both.
            visits = {"built": [], "source-ttf": []}
            for _ in range(VISITS):
                for variant in visits:
                    visits[variant].append(visit(browser, f"{origin}/{name}/{variant}/index.html", "mobile"))
            results[name]["visits"] = {
                variant: {**runs[0], "lcp": statistics.median(run["lcp"] for run in runs), "lcps": [run["lcp"] for run in runs],
                          "bytes": max(run["bytes"] for run in runs),
                          "drawn in the web font": sum(run["drawn in the web font"] for run in runs)}
                for variant, runs in visits.items()}
        browser.close()
    server.shutdown()
    (bench / "fonts.json").write_text(json.dumps(results, indent=1))
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
