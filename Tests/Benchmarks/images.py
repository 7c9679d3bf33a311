"""The first open on a slow network (make bench): the photo project of the browser suite
(Tests/Browser/photo_project.py) built by sab-onboarding, against the same carousel with the
original images copied (--keep-original-images), in Chromium at 390×844 and a device pixel ratio
of 2 with the network emulated (CDP Network.emulateNetworkConditions); and the build's time
against libvips's own vipsthumbnail making the same files, and an unchanged rebuild against lint.

    python3 Tests/Benchmarks/images.py BINARY BENCH_FOLDER

Writes BENCH_FOLDER/images.json; report.py prints it."""

from __future__ import annotations

import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Browser"))
from photo_project import source_bytes, write_photo_project  # noqa: E402

NETWORKS = {
    # Lighthouse's mobile network, and a slow 3G one.
    "mobile": {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8},
    "slow-3g": {"offline": False, "latency": 400, "downloadThroughput": 400_000 / 8, "uploadThroughput": 400_000 / 8},
}
RUNS = int(os.environ.get("BENCH_IMAGE_RUNS", "5"))


def run(command, **options):
    return subprocess.run(command, check=True, capture_output=True, text=True, **options)


def median_time(command, runs=RUNS, prepare=None, env=None):
    times = []
    for _ in range(runs):
        if prepare:
            prepare()
        start = time.perf_counter()
        run(command, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def vipsthumbnail_commands(binary, app_def, out, cache):
    """The vipsthumbnail calls that make the files the build published (each variant: its
    width, format and quality), read from the build's manifest."""
    manifest = json.loads((out / "onboarding.json").read_text())
    images = app_def.parent / "images" / "onboarding"
    commands = []
    sources = {}
    for screen in manifest["screens"]:
        image = screen.get("image", {}).get("default")
        if image:
            sources[Path(image["source"].replace("\\", "/")).name] = image["variants"]
    for name, variants in sources.items():
        for variant in variants:
            suffix = {"image/webp": ".webp[Q=75,strip]", "image/jpeg": ".jpg[Q=75,strip,optimize_coding,interlace]",
                      "image/png": ".png[strip,compression=9]"}[variant["type"]]
            target = cache / f"{Path(name).stem}-{variant['width']}{suffix}"
            commands.append(["vipsthumbnail", str(images / name), "--size", f"{variant['width']}x10000000",
                             "--export-profile", "srgb", "-o", str(target)])
    return commands


def build_times(binary, app_def, folder):
    out = folder / "out"
    cache = folder / "cache"

    def fresh():
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)

    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    cold = median_time([binary, "build", str(app_def), "--out", str(out), "--quiet"], prepare=fresh, env=env)
    thumbs = folder / "thumbs"
    commands = vipsthumbnail_commands(binary, app_def, out, thumbs)

    def all_thumbnails():
        shutil.rmtree(thumbs, ignore_errors=True)
        thumbs.mkdir()
        for command in commands:
            run(command)

    vips_times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        all_thumbnails()
        vips_times.append(time.perf_counter() - start)
    # Unchanged rebuild against lint, alternating.
    rebuild, lint = [], []
    for _ in range(RUNS * 4):
        start = time.perf_counter()
        run([binary, "build", str(app_def), "--out", str(out), "--quiet"], env=env)
        rebuild.append(time.perf_counter() - start)
        start = time.perf_counter()
        run([binary, "lint", str(app_def)], env=env)
        lint.append(time.perf_counter() - start)
    return {"cold build": cold, "vipsthumbnail": statistics.median(vips_times), "variants": len(commands),
            "unchanged rebuild": statistics.median(rebuild), "lint": statistics.median(lint)}


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def visit(browser, url, network):
    """One first visit: LCP, bytes to the first screen complete, bytes for all, blank screens."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.setCacheDisabled", {"cacheDisabled": True})
    session.send("Network.emulateNetworkConditions", NETWORKS[network])
    page.set_default_timeout(120_000)
    page.goto(url)
    page.wait_for_function("() => { const i = document.querySelector('.onboarding-slide img'); return i && i.complete; }")
    # The bytes moved until then; the LCP once the browser has painted the image (its entry
    # comes after the paint, a frame or two after the image is complete).
    bytes_then = page.evaluate("""() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .filter((entry) => entry.responseEnd > 0).reduce((sum, entry) => sum + entry.transferSize, 0)""")
    page.wait_for_timeout(500)
    lcp = page.evaluate("""() => new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ time: last.startTime, element: last.element ? last.element.tagName : null });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
    })""")
    first = {"lcp": lcp["time"], "lcp element": lcp["element"], "bytes": bytes_then}
    blank = []
    count = page.evaluate("document.querySelectorAll('.onboarding-slide').length")
    for index in range(1, count):
        page.wait_for_timeout(1000)
        page.click(".onboarding-next")
        ok = page.evaluate(f"""() => {{ const i = document.querySelectorAll('.onboarding-slide')[{index}].querySelector('img');
            return !i || (i.complete && i.naturalWidth > 0); }}""")
        if not ok:
            blank.append(index + 1)
    page.wait_for_function("() => [...document.querySelectorAll('.onboarding-slide img')].every((i) => i.complete)")
    total = page.evaluate("""() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .reduce((sum, entry) => sum + entry.transferSize, 0)""")
    shift = page.evaluate("""() => new Promise((resolve) => { let total = 0;
        new PerformanceObserver((list) => { for (const e of list.getEntries()) total += e.value; })
          .observe({ type: 'layout-shift', buffered: true }); setTimeout(() => resolve(total), 100); })""")
    context.close()
    return {"lcp": first["lcp"], "lcp element": first["lcp element"], "first screen bytes": first["bytes"], "all bytes": total,
            "blank": blank, "layout shift": shift}


def main():
    # Absolute paths: vipsthumbnail writes a relative -o beside its input.
    binary, bench = str(Path(sys.argv[1]).resolve()), Path(sys.argv[2]).resolve()
    folder = bench / "images"
    shutil.rmtree(folder / "site", ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    app_def = write_photo_project(folder / "project")
    results = {"source bytes": source_bytes(folder / "project")}
    results["times"] = build_times(binary, app_def, folder)
    site = folder / "site"
    for name, options in [("built", []), ("originals", ["--keep-original-images"])]:
        run([binary, "build", str(app_def), "--out", str(site / name / "onboarding"), "--quiet", *options])
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("SAB_CHROMIUM", "/usr/bin/chromium"))
        results["visits"] = {}
        for name in ("built", "originals"):
            for network in NETWORKS:
                results["visits"][f"{name} {network}"] = visit(browser, f"{origin}/{name}/onboarding/index.html", network)
        browser.close()
    server.shutdown()
    (bench / "images.json").write_text(json.dumps(results, indent=1))
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
