#!/usr/bin/env python3
"""Prints the benchmark table and one MET / NOT MET line per target, from what run.sh left in
its output folder (hyperfine's JSON exports, /usr/bin/time's peak memory, the rebuild check and
the carousel size). Standard library only.

    python3 Tests/Benchmarks/report.py build/bench
"""

import json
import os
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "build/bench"
MIB = 1024 * 1024
rows = []      # (group, what, median, ratio text, extra)
verdicts = []  # (met or None, text)
failures = []  # commands measured that did not exit 0: their figures mean nothing


def load(name, failing=()):
    """hyperfine's results by command; `failing` are commands meant to exit 1 (lint refusing)."""
    path = os.path.join(OUT, name)
    try:
        with open(path) as handle:
            results = {r["command"]: r for r in json.load(handle)["results"]}
    except (OSError, ValueError, KeyError):
        return None
    for command, result in results.items():
        expected = 1 if command in failing else 0
        if any(code != expected for code in result.get("exit_codes") or []):
            failures.append(f"{command} ({name})")
    return results


def read(name):
    try:
        with open(os.path.join(OUT, name)) as handle:
            return handle.read().strip()
    except OSError:
        return None


def peak_kib(name):
    """/usr/bin/time -f '%M %e %x' output: peak RSS in KiB, seconds, exit status."""
    text = read(name)
    if not text:
        return None
    fields = text.splitlines()[-1].split()
    if len(fields) > 2 and fields[2] != "0" and f"{name}: exit {fields[2]}" not in failures:
        failures.append(f"{name}: exit {fields[2]}")
    try:
        return int(fields[0])
    except (ValueError, IndexError):
        return None


def seconds(value):
    if value is None:
        return "n/a"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.3f} s"


def mib(kib):
    return "n/a" if kib is None else f"{kib / 1024:.1f} MiB"


def median(results, name):
    return results[name]["median"] if results and name in results else None


def cpu(results, name):
    """Mean user + system time: less thrown about than wall time when other work shares the cores."""
    if not results or name not in results:
        return None
    r = results[name]
    return (r.get("user") or 0) + (r.get("system") or 0)


def stddev(results, name):
    return results[name].get("stddev") if results and name in results else None


def verdict(ok, text):
    verdicts.append((ok, text))


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt_ratio(value):
    return "n/a" if value is None else f"{value:.2f}x"


# --- lint of the 40 MB document against the references ---
lint = load("lint-40mb.json")
memory_names = {
    "sab-onboarding lint": "mem-lint-40mb.txt",
    "xmllint --stream --noout": "mem-xmllint-stream-40mb.txt",
    "xmllint --noout": "mem-xmllint-tree-40mb.txt",
    "lxml iterparse": "mem-iterparse-40mb.txt",
}
lint_median = median(lint, "sab-onboarding lint")
stream_median = median(lint, "xmllint --stream --noout")
tree_median = median(lint, "xmllint --noout")
stream_cpu = cpu(lint, "xmllint --stream --noout")
for name in ["sab-onboarding lint", "xmllint --stream --noout", "xmllint --noout", "lxml iterparse"]:
    m = median(lint, name)
    sd = stddev(lint, name)
    c = cpu(lint, name)
    rows.append((
        "40 MB document", name, seconds(m) + ("" if sd is None else f" ± {seconds(sd)}"),
        fmt_ratio(ratio(m, stream_median)) + " of stream",
        mib(peak_kib(memory_names[name])) + f"; cpu {seconds(c)} = {fmt_ratio(ratio(c, stream_cpu))}",
    ))
for name, label in [("mem-lint-400mb.txt", "sab-onboarding lint"), ("mem-xmllint-stream-400mb.txt", "xmllint --stream --noout")]:
    text = read(name)
    wall = None
    if text:
        try:
            wall = float(text.splitlines()[-1].split()[1])
        except (ValueError, IndexError):
            pass
    rows.append(("400 MB document (1 run)", label, seconds(wall), "", mib(peak_kib(name))))

r = ratio(lint_median, stream_median)
verdict(
    r is not None and r <= 1.3,
    f"lint 40 MB <= 1.3x xmllint --stream: {seconds(lint_median)} vs {seconds(stream_median)} = {fmt_ratio(r)}"
    f" (cpu time: {fmt_ratio(ratio(cpu(lint, 'sab-onboarding lint'), stream_cpu))})",
)
verdict(
    lint_median is not None and tree_median is not None and lint_median < tree_median,
    f"lint 40 MB faster than xmllint --noout (tree): {seconds(lint_median)} vs {seconds(tree_median)} = {fmt_ratio(ratio(lint_median, tree_median))}",
)
peak40 = peak_kib("mem-lint-40mb.txt")
peak400 = peak_kib("mem-lint-400mb.txt")
verdict(peak40 is not None and peak40 <= 48 * 1024, f"lint 40 MB peak memory <= 48 MiB: {mib(peak40)}")
# Flat: the 400 MB document may not need more than the 40 MB one (0.5 MiB allowed for RSS noise).
verdict(
    peak40 is not None and peak400 is not None and peak400 <= peak40 + 512,
    f"lint memory flat (400 MB <= 40 MB peak, 0.5 MiB noise allowed): {mib(peak400)} vs {mib(peak40)}",
)

# --- the samples: build and rebuild against lint ---
samples = (read("samples.txt") or "").split()
for sample in samples:
    results = load(f"build-{sample}.json")
    lm = median(results, f"lint {sample}")
    bm = median(results, f"build {sample}")
    rows.append((f"sample {sample}", "lint (build run)", seconds(lm), "1.00x of lint", ""))
    rows.append((f"sample {sample}", "build (fresh folder)", seconds(bm), fmt_ratio(ratio(bm, lm)) + " of lint", ""))
    verdict(
        bm is not None and lm and bm / lm <= 3,
        f"build {sample} <= 3x lint: {seconds(bm)} vs {seconds(lm)} = {fmt_ratio(ratio(bm, lm))}",
    )
    results = load(f"rebuild-{sample}.json")
    lm2 = median(results, f"lint {sample}")
    rm = median(results, f"rebuild {sample}")
    unchanged = read(f"rebuild-{sample}.check")
    rows.append((f"sample {sample}", "lint (rebuild run)", seconds(lm2), "1.00x of lint", ""))
    rows.append((
        f"sample {sample}", "rebuild (same folder)", seconds(rm), fmt_ratio(ratio(rm, lm2)) + " of lint",
        "no file written" if unchanged == "unchanged" else f"files written: {unchanged}",
    ))
    verdict(
        rm is not None and lm2 and rm / lm2 <= 1.2,
        f"rebuild {sample} <= 1.2x lint: {seconds(rm)} vs {seconds(lm2)} = {fmt_ratio(ratio(rm, lm2))}",
    )
    verdict(
        unchanged == "unchanged",
        f"rebuild {sample} writes no file (modification times unchanged): "
        + ("yes" if unchanged == "unchanged" else f"no ({unchanged})"),
    )

# --- startup ---
startup = load("startup.json")
vm = median(startup, "sab-onboarding --version")
xm = median(startup, "xmllint --version")
rows.append(("startup", "sab-onboarding --version", seconds(vm), fmt_ratio(ratio(vm, xm)) + " of xmllint", ""))
rows.append(("startup", "xmllint --version", seconds(xm), "1.00x", ""))
# Start-up alone is no longer a target: what users notice is whole-process time on real files.

# --- real appDefs, whole process ---
sango = load("sango.json")
sl = median(sango, "sab-onboarding lint")
sx = median(sango, "xmllint --stream --noout")
rows.append(("Sango_Transition_Guide (300 KB)", "sab-onboarding lint", seconds(sl), fmt_ratio(ratio(sl, sx)) + " of xmllint", f"cpu {fmt_ratio(ratio(cpu(sango, 'sab-onboarding lint'), cpu(sango, 'xmllint --stream --noout')))}"))
rows.append(("Sango_Transition_Guide (300 KB)", "xmllint --stream --noout", seconds(sx), "1.00x", ""))
# The floor: the tool's start-up alone, and a command line that only parses `lint FILE` with
# swift-argument-parser. What they take of xmllint's time is not left for reading the file.
for command in ["sab-onboarding --version", "argument-parser-floor lint (parsing only)"]:
    value = median(sango, command)
    if value is not None:
        rows.append(("Sango_Transition_Guide (300 KB)", command, seconds(value), fmt_ratio(ratio(value, sx)) + " of xmllint", ""))
verdict(sl is not None and sx and sl / sx <= 1.0, f"lint Sango_Transition_Guide <= 1.0x xmllint --stream: {seconds(sl)} vs {seconds(sx)} = {fmt_ratio(ratio(sl, sx))}")
# The reading apart from the start: the same file 300 times in one process. lint reads files
# in parallel, so CPU time (user + system) compares the work; wall time is shown beside it.
repeated = load("sango-300.json")
rl = cpu(repeated, "sab-onboarding lint (300 times)")
rx = cpu(repeated, "xmllint --stream --noout (300 times)")
group_300 = "Sango_Transition_Guide x300, one call"
rows.append((group_300, "sab-onboarding lint", seconds(median(repeated, "sab-onboarding lint (300 times)")), f"cpu {fmt_ratio(ratio(rl, rx))} of xmllint", f"cpu {seconds(rl)}"))
rows.append((group_300, "xmllint --stream --noout", seconds(median(repeated, "xmllint --stream --noout (300 times)")), "1.00x", f"cpu {seconds(rx)}"))
many = load("many.json")
count, _, kib = (read("many.txt") or "").partition(" ")
group = f"{count} real appDefs ({int(kib) // 1024 if kib.isdigit() else '?'} MB), one call"
ml = median(many, "sab-onboarding lint (all files)")
mx = median(many, "xmllint --stream --noout (all files)")
rows.append((group, "sab-onboarding lint", seconds(ml), fmt_ratio(ratio(ml, mx)) + " of xmllint", mib(peak_kib("mem-lint-many.txt"))))
rows.append((group, "xmllint --stream --noout", seconds(mx), "1.00x", ""))
verdict(ml is not None and mx and ml / mx <= 0.6, f"lint of {count} real appDefs <= 0.6x xmllint --stream over them: {seconds(ml)} vs {seconds(mx)} = {fmt_ratio(ratio(ml, mx))}")

# --- a start tag of 640,000 attributes, refused, and the same attributes 1000 to a tag ---
refused = "sab-onboarding lint crowded.xml (refused)"
crowded = load("crowded.json", failing=(refused,))
cl = median(crowded, refused)
sl_spread = median(crowded, "sab-onboarding lint spread.xml")
sx_spread = median(crowded, "xmllint --stream --noout spread.xml")
group_crowded = "640,000 attributes (7.6 MB)"
rows.append((group_crowded, "lint, one tag (refused at it)", seconds(cl), fmt_ratio(ratio(cl, sx_spread)) + " of xmllint spread", ""))
rows.append((group_crowded, "lint, 1000 to a tag", seconds(sl_spread), fmt_ratio(ratio(sl_spread, sx_spread)) + " of xmllint", ""))
rows.append((group_crowded, "xmllint --stream, 1000 to a tag", seconds(sx_spread), "1.00x", "one tag: over 5 minutes, not run"))

# --- an SVG of 440,000 shapes: the style check over every attribute value ---
shapes = load("svg-shapes.json")
sl_svg = median(shapes, "sab-onboarding lint shapes.appDef")
sx_svg = median(shapes, "xmllint --stream --noout shapes.svg")
group_svg = "SVG of 440,000 shapes (27.6 MB)"
rows.append((group_svg, "lint (every attribute's CSS checked)", seconds(sl_svg), fmt_ratio(ratio(sl_svg, sx_svg)) + " of xmllint", ""))
rows.append((group_svg, "xmllint --stream --noout", seconds(sx_svg), "1.00x", ""))

# --- the carousel ---
sizes = {}
for line in (read("carousel-size.txt") or "").splitlines():
    key, _, value = line.partition(" ")
    if value.isdigit():
        sizes[key] = int(value)
total = sizes.get("total")
for key in ["index.html", "onboarding.css", "onboarding.js", "total", "concatenated"]:
    if key in sizes:
        rows.append(("carousel (builders, gzip -9)", key, f"{sizes[key]} B", "", ""))
# The budget is the carousel's own: its page without what the screens hold (their markup, and
# their texts and images in the script's data), as Tests/Browser/test_static.py measures it.
shell_total = None
try:
    import gzip
    import re

    folder = os.path.join(OUT, "out-builders")
    with open(os.path.join(folder, "index.html"), encoding="utf-8") as handle:
        page = handle.read()
    page = re.sub(r'<section class="onboarding-slide".*?</section>', "", page, flags=re.S)
    page = re.sub(r'("screens":)\[.*\](\}</script>)', r"\1[]\2", page)
    shell_total = len(gzip.compress(page.encode(), compresslevel=9))
    for name in ("onboarding.css", "onboarding.js"):
        with open(os.path.join(folder, name), "rb") as handle:
            shell_total += len(gzip.compress(handle.read(), compresslevel=9))
    rows.append(("carousel (builders, gzip -9)", "page without its screens + CSS + JS", f"{shell_total} B", "", ""))
except OSError:
    pass
verdict(
    shell_total is not None and shell_total <= 8192,
    "carousel of builders (its page without the screens' content, CSS, JS) <= 8 KiB gzipped: "
    + (f"{shell_total} B" if shell_total is not None else "n/a")
    + (f"; with the screens {total} B" if total is not None else ""),
)

# --- images: the first open on a slow network (images.py) ---
try:
    with open(os.path.join(OUT, "images.json")) as handle:
        images = json.load(handle)
except (OSError, ValueError):
    images = None
if images:
    times = images["times"]
    rows.append(("images (photo project)", f"cold build ({times['variants']} variants)", seconds(times["cold build"]),
                 fmt_ratio(ratio(times["cold build"], times["vipsthumbnail"])), "vs vipsthumbnail"))
    rows.append(("images (photo project)", "vipsthumbnail, the same files", seconds(times["vipsthumbnail"]), "", ""))
    rows.append(("images (photo project)", "unchanged rebuild", seconds(times["unchanged rebuild"]),
                 fmt_ratio(ratio(times["unchanged rebuild"], times["lint"])), "vs lint"))
    rows.append(("images (photo project)", "lint", seconds(times["lint"]), "", ""))
    for name, visit in images["visits"].items():
        rows.append(("first open, 390x844 @2x", name, f"LCP {visit['lcp']:.0f} ms ({visit.get('lcp element')})",
                     f"{visit['first screen bytes'] // 1024} KiB first screen",
                     f"{visit['all bytes'] // 1024} KiB all; blank {visit['blank'] or 'none'}; CLS {visit['layout shift']:.3f}"))
    built_mobile, built_slow = images["visits"]["built mobile"], images["visits"]["built slow-3g"]
    verdict(built_mobile["lcp"] <= 1500, f"LCP on the mobile network <= 1.5 s: {built_mobile['lcp']:.0f} ms (originals: {images['visits']['originals mobile']['lcp']:.0f} ms)")
    verdict(built_slow["lcp"] <= 4000, f"LCP on slow 3G <= 4 s: {built_slow['lcp']:.0f} ms (originals: {images['visits']['originals slow-3g']['lcp']:.0f} ms)")
    verdict(built_mobile["first screen bytes"] <= 150 * 1024, f"bytes until the first screen is complete <= 150 KiB: {built_mobile['first screen bytes'] // 1024} KiB")
    verdict(built_mobile["all bytes"] <= images["source bytes"] / 4,
            f"bytes for all screens <= a quarter of the sources ({images['source bytes'] // 1024} KiB): {built_mobile['all bytes'] // 1024} KiB")
    verdict(not built_mobile["blank"] and all(v["layout shift"] == 0 for k, v in images["visits"].items() if k.startswith("built")),
            "no blank image on a screen reached by Next a second apart on the mobile network (slow 3G: "
            + (f"screens {built_slow['blank']} still loading" if built_slow["blank"] else "none") + "), no layout shift")
    verdict(times["cold build"] <= 1.5 * times["vipsthumbnail"], f"cold build <= 1.5x vipsthumbnail making the same files: {fmt_ratio(ratio(times['cold build'], times['vipsthumbnail']))}")
    verdict(times["unchanged rebuild"] <= 1.2 * times["lint"], f"unchanged rebuild <= 1.2x lint: {fmt_ratio(ratio(times['unchanged rebuild'], times['lint']))}")
else:
    verdict(False, "images: images.json is missing (images.py did not run)")

# --- web fonts: the first open with subset WOFF2 against the source TTF (fonts.py) ---
try:
    with open(os.path.join(OUT, "fonts.json")) as handle:
        fonts = json.load(handle)
except (OSError, ValueError):
    fonts = None
if fonts:
    for name, project in fonts.items():
        group = f"fonts: {name} ({project['language']})"
        for font, sizes in project["fonts"].items():
            share = sizes["published"] / sizes["source"]
            rows.append((group, f"{font} published", f"{sizes['published']} B", f"{share:.1%} of source",
                         f"source {sizes['source']} B"))
            verdict(share <= 0.10, f"{name}: {font} published at most 10% of its source: {share:.1%}")
        for variant, visit in project["visits"].items():
            rows.append((group, f"first open, mobile ({variant})", f"LCP {visit['lcp']:.0f} ms ({visit.get('lcp element')})",
                         f"{visit['bytes'] // 1024} KiB",
                         f"fonts {visit['font bytes'] // 1024} KiB; {visit['fonts loaded']} loaded; title in it {visit.get('drawn in the web font', 'n/a')}/{len(visit.get('lcps', []))}"))
        built, source = project["visits"]["built"], project["visits"]["source-ttf"]
        verdict(built["lcp"] <= 1000, f"{name}: LCP on the mobile network <= 1.0 s: {built['lcp']:.0f} ms (source TTF: {source['lcp']:.0f} ms)")
        verdict(built["bytes"] < source["bytes"], f"{name}: first-open bytes below the source TTF's: {built['bytes'] // 1024} KiB vs {source['bytes'] // 1024} KiB")
        drawn, opens = built.get("drawn in the web font", 0), len(built.get("lcps", []))
        verdict(opens > 0 and drawn == opens, f"{name}: the title drawn in the web font on every first open: {drawn}/{opens}")
        times = project["times"]
        lint = times["lint"]
        for label in ("build, fonts subset", "build, a word changed, fonts from the cache", "lint"):
            rows.append((group, label, seconds(times[label]), fmt_ratio(ratio(times[label], lint)) if label != "lint" else "", "vs lint" if label != "lint" else ""))
else:
    verdict(False, "fonts: fonts.json is missing (fonts.py did not run)")

# --- build time against the screen count (scaling.py) ---
scaling = read("scaling.txt")
if scaling:
    counts = dict(line.split() for line in scaling.splitlines())
    small, large = float(counts["200"]), float(counts["2000"])
    rows.append(("build, text-only screens", "200 screens", seconds(small), "", ""))
    rows.append(("build, text-only screens", "2000 screens", seconds(large), fmt_ratio(ratio(large, small)), "vs 200"))
    verdict(large <= 10 * small, f"build of 2000 screens <= 10x that of 200: {fmt_ratio(ratio(large, small))}")

# --- validity: a command that failed would be timed as fast ---
verdict(not failures, "every measured command exited 0 (lint of crowded.xml 1: it refuses the file)" + (f": not {', '.join(failures)}" if failures else ""))

# --- print ---
header = ("group", "command", "median (wall)", "ratio (wall)", "peak memory / note")
widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(5)]
line = "  ".join("{:<%d}" % w for w in widths)
print(line.format(*header))
print(line.format(*("-" * w for w in widths)))
for row in rows:
    print(line.format(*row))
print()
for ok, text in verdicts:
    print(("MET      " if ok else "NOT MET  ") + text)
met = sum(1 for ok, _ in verdicts if ok)
print(f"\n{met} of {len(verdicts)} targets met")
