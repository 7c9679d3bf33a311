"""A small stand-in for the SAB PWA (sillsdev/appbuilder-pwa 14.4), with the properties the
onboarding meets there, so that the whole flow can be driven in Chromium:

- deployed under a sub-directory (its BUILD_BASE_PATH), e.g. /Indirimbo-Zikundwa/;
- a hash router: the app's screens are #/text, #/text/JHN.3 ...; no hash opens #/text;
- a service worker with SvelteKit's lists: `build` (the app's code, under _app/) and `files`
  (everything of static/, where the onboarding output goes, static/onboarding/), precached on
  install; cache-first for those, network-first with the cache as fallback for the rest, as the
  PWA's src/service-worker.js does;
- its icon linked from its pages (`<link rel="icon">`, precached with its files);
- the gate script on its first page, as `src/app.html` would include it
  (`<script src="%sveltekit.assets%/onboarding/onboarding-gate.js">`);
- its settings in localStorage: `theme` (Normal, Sage, Rose, Sepia, Charcoal, Dark) and
  `userSettings` (JSON with "interface-language").

The app page shows what a test needs to read: the route, the theme and the interface language.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import FAVICON

APP_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="{base}favicon.png">
<script src="{base}onboarding/onboarding-gate.js"></script>
<title>{title}</title>
<script type="module" src="{base}_app/immutable/app.js"></script>
</head>
<body>
<h1 id="app">{title}</h1>
<p>Route: <span id="route"></span></p>
<p><a id="show-onboarding-again" href="{base}onboarding/index.html#replay">Show the introduction again</a></p>
</body>
</html>
"""

# The app's code: its hash router and the service worker's registration, as the PWA does.
APP_SCRIPT = """const route = () => {{ document.getElementById("route").textContent = location.hash; }};
if (!location.hash) history.replaceState(null, "", "#/text");
addEventListener("hashchange", route);
route();
// A registration cut short because the page is left (a test going on to another app at once)
// rejects; WebKit reports it as an uncaught error of the page, which is none of the carousel's.
navigator.serviceWorker.register("{base}service-worker.js", {{ scope: "{base}" }})
  .catch((error) => console.warn("the service worker was not registered:", String(error)));
"""

# src/service-worker.js of appbuilder-pwa 14.4, with SvelteKit's `build` and `files` filled in.
SERVICE_WORKER = """const CACHE = "cache-{version}";
const build = {build};
const files = {files};
const ASSETS = [...build, ...files];

self.addEventListener("install", (event) => {{
  event.waitUntil((async () => {{
    const cache = await caches.open(CACHE);
    await Promise.all(ASSETS.map((url) => cache.add(url).catch(() => {{}})));
    self.skipWaiting();
  }})());
}});

self.addEventListener("activate", (event) => {{
  event.waitUntil((async () => {{
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  }})());
}});

self.addEventListener("fetch", (event) => {{
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {{
    const url = new URL(event.request.url);
    const cache = await caches.open(CACHE);
    const cachedResponse = await cache.match(event.request);
    if (cachedResponse && ASSETS.includes(url.pathname)) return cachedResponse;
    try {{
      const response = await fetch(event.request);
      if (response.status === 200) cache.put(event.request, response.clone());
      return response;
    }} catch {{
      return cachedResponse;
    }}
  }})());
}});
"""


class PWAShell:
    """One app of the stand-in, at `origin` + `base` (which starts and ends with '/')."""

    def __init__(self, site_root: Path, base: str, title: str = "The app"):
        assert base.startswith("/") and base.endswith("/"), base
        self.base = base
        self.folder = site_root / base.strip("/")
        self.title = title

    @property
    def onboarding_folder(self) -> Path:
        """Where the build output goes: the PWA's static/onboarding/, as deployed."""
        return self.folder / "onboarding"

    def write(self, version: str = "1") -> None:
        """Writes the app around an onboarding output already in `onboarding_folder`."""
        assert (self.onboarding_folder / "onboarding-gate.js").exists(), "build the onboarding first"
        (self.folder / "_app" / "immutable").mkdir(parents=True, exist_ok=True)
        (self.folder / "index.html").write_text(APP_PAGE.format(base=self.base, title=self.title), encoding="utf-8")
        (self.folder / "_app" / "immutable" / "app.js").write_text(APP_SCRIPT.format(base=self.base), encoding="utf-8")
        (self.folder / "favicon.png").write_bytes(FAVICON)
        build = [self.base + "_app/immutable/app.js", self.base + "favicon.png"]
        files = sorted(self.base + str(path.relative_to(self.folder)) for path in self.onboarding_folder.rglob("*")
                       if path.is_file() and not path.name.startswith("."))
        (self.folder / "service-worker.js").write_text(
            SERVICE_WORKER.format(version=version, build=json.dumps(build), files=json.dumps(files)), encoding="utf-8")

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
