"""Build time against the screen count (make bench): appDefs of 200 and 2000 text-only screens,
each built into a new folder, the median of five runs. Writes BENCH_FOLDER/scaling.txt.

The outputs go to a memory file system (/dev/shm) when there is one: on ext4, creating files
soon after deleting thousands (as the benchmarks before this one do) makes the kernel search
its recently deleted inodes on every create, time that grows with them and is not the tool's.

    python3 Tests/Benchmarks/scaling.py BINARY BENCH_FOLDER
"""

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCREEN = """<onboarding-screen><title type="top-title"><translation>Screen {n}</translation><translation lang="fr">Écran {n}</translation></title>
<title type="bottom-subtitle"><translation>What screen {n} says, in a sentence or two.</translation></title></onboarding-screen>
"""


def main():
    binary, bench = sys.argv[1], Path(sys.argv[2])
    folder = bench / "scaling"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    outputs = Path(tempfile.mkdtemp(prefix="sab-scaling-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    lines = []
    try:
        for count in (200, 2000):
            app_def = folder / f"screens-{count}.appDef"
            app_def.write_text('<?xml version="1.0" encoding="utf-8"?>\n<app-definition type="SAB"><translation-mappings default-lang="en"/>'
                               "<onboarding-screens>\n" + "".join(SCREEN.format(n=n) for n in range(1, count + 1))
                               + "</onboarding-screens></app-definition>\n", encoding="utf-8")
            times = []
            for run in range(5):
                out = outputs / f"out-{count}-{run}"
                start = time.perf_counter()
                subprocess.run([binary, "build", str(app_def), "--out", str(out), "--quiet"], check=True, capture_output=True)
                times.append(time.perf_counter() - start)
            lines.append(f"{count} {statistics.median(times):.4f}")
    finally:
        shutil.rmtree(outputs, ignore_errors=True)
    (bench / "scaling.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
