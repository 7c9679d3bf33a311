"""WebKitGTK, the engine of Safari, for the browser suite: its MiniBrowser driven through WebKit's
own WebDriver (WebKitWebDriver, Debian's webkit2gtk-driver) with Selenium, on a virtual display.

WebKitGTK 2.50 has no headless mode (neither `WebKitWebDriver --help` nor `MiniBrowser --help`
offers one, and WebDriver BiDi is not there), so the browsers draw on an Xvfb display of their own.
What a Playwright context sets per test, WebKitGTK reads from its environment when it starts:

- prefers-reduced-motion follows GTK's gtk-enable-animations (a settings.ini of the browser's own);
- navigator.languages follows the C library's locale (LANG), compiled with localedef into a
  folder of the suite's own, as a fresh machine has no locale but C;
- devicePixelRatio follows GDK_SCALE;
- JavaScript is a MiniBrowser setting (--enable-javascript=false);
- the fonts are those of the FONTCONFIG_FILE it is given, as Chromium's are.

So each combination of these is a browser of its own (`Launch`), started on first use and kept
for the session (WebKitGTK takes seconds to start); a test gets a window of it at a blank page
of the test origin, whose storage, service workers and caches are emptied.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

WEBKIT_DRIVER = os.environ.get("SAB_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = "/usr/bin/Xvfb"
# The virtual screen: room for a phone at 3x (1170 x 2532 device px) and a desktop window.
SCREEN = (3840, 2700)
# Where the C library's locale sources are (Debian's `locales` package).
LOCALE_SOURCES = Path("/usr/share/i18n/locales")

# GTK's settings for one browser: only whether animations are on, which WebKitGTK turns into
# prefers-reduced-motion; stated either way, so that the machine's own settings do not count.
GTK_SETTINGS = "[Settings]\ngtk-enable-animations={animations}\n"

# MiniBrowser's toolbar makes its window at least 447 px wide, wider than a phone (390 px).
# Shrunk by this style sheet, which applies to the toolbar alone (WebKitGTK draws the page's own
# controls itself), the window can be as narrow as a phone. The toolbar stays (about 20 px), and
# the window is made that much taller than the viewport a test asks for.
GTK_STYLE = "* { min-width: 0; min-height: 0; margin: 0; padding: 0; border-width: 0; font-size: 1px; }\n"

# Empties the origin's storage, service workers and caches: what a new Playwright context starts
# without. Each step is given 10 s and named when it takes longer (it answers with what failed).
FORGET_THE_ORIGIN = """
const done = arguments[arguments.length - 1];
const within = (name, promise) => Promise.race([
  promise, new Promise((_, reject) => setTimeout(() => reject(new Error(name + " took over 10 s")), 10000))]);
localStorage.clear();
sessionStorage.clear();
const workers = navigator.serviceWorker
  ? within("getting the service workers", navigator.serviceWorker.getRegistrations())
      .then((all) => within("unregistering the service workers", Promise.all(all.map((one) => one.unregister()))))
  : null;
const cached = self.caches
  ? within("emptying the caches", caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))))
  : null;
Promise.all([workers, cached]).then(() => done(null), (error) => done(String(error)));
"""


@dataclass(frozen=True)
class Launch:
    """What a WebKitGTK browser is started with, and cannot change afterwards."""

    reduced_motion: bool = False
    locale: str = "en-US"
    javascript: bool = True
    scale: int = 1

    @staticmethod
    def from_options(options: dict) -> tuple["Launch", dict]:
        """The launch that Playwright context options ask for, and the options it does not take."""
        rest = dict(options)
        motion = rest.pop("reduced_motion", "no-preference")
        if motion not in ("reduce", "no-preference"):
            raise ValueError(f"reduced_motion={motion!r}")
        scale = rest.pop("device_scale_factor", 1)
        if scale != int(scale):
            raise ValueError(f"GDK_SCALE is a whole number; device_scale_factor={scale}")
        launch = Launch(reduced_motion=motion == "reduce", locale=rest.pop("locale", "en-US"),
                        javascript=rest.pop("java_script_enabled", True), scale=int(scale))
        return launch, rest

    @property
    def posix_locale(self) -> str:
        """fr-FR as the C library names it: fr_FR.UTF-8."""
        language, _, region = self.locale.partition("-")
        return f"{language}_{region}.UTF-8" if region else f"{language}.UTF-8"


class VirtualDisplay:
    """An Xvfb display, large enough for a phone at 3x and a desktop window."""

    def __init__(self):
        if not Path(XVFB).exists():
            raise RuntimeError(f"Xvfb is missing at {XVFB}: install xvfb (run.sh does)")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def focus_the_top_window(self):
        """Moves X's pointer off the windows and back to (2, 2). With no window manager, X gives
        the keyboard to the window under the pointer, once the pointer enters it; and only in a
        window that has it does anything match :focus or :focus-visible (document.hasFocus() is
        false). Every browser window opens at the top left corner, the newest on top, and (2, 2)
        is in MiniBrowser's toolbar, so no page sees the pointer hover. Xlib's XWarpPointer
        (libX11, which GTK loads anyway), through ctypes."""
        x11 = ctypes.CDLL("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XWarpPointer.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_uint, ctypes.c_uint, ctypes.c_int, ctypes.c_int]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        display = x11.XOpenDisplay(self.name.encode())
        if not display:
            raise RuntimeError(f"cannot open the display {self.name}")
        root = x11.XDefaultRootWindow(display)
        for x, y in ((SCREEN[0] - 1, SCREEN[1] - 1), (2, 2)):
            x11.XWarpPointer(display, 0, root, 0, 0, 0, 0, x, y)
            x11.XSync(display, 0)
        x11.XCloseDisplay(display)

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def compile_locale(locale: str, folder: Path) -> None:
    """Compiles a UTF-8 locale (fr_FR.UTF-8) into `folder` with localedef, once (a lock keeps two
    processes from compiling it at the same time)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        target = folder / locale
        if (target / "LC_CTYPE").exists():
            return
        source = locale.split(".")[0]
        if not (LOCALE_SOURCES / source).exists():
            # A language without a region (wo) is compiled from its first region's source (wo_SN).
            regions = sorted(LOCALE_SOURCES.glob(f"{source}_*"))
            source = regions[0].name if regions and "_" not in source else source
        if not (LOCALE_SOURCES / source).exists():
            raise RuntimeError(f"no locale source {LOCALE_SOURCES / source}: install locales (run.sh does)")
        run = subprocess.run(["localedef", "-i", source, "-f", "UTF-8", str(target)], capture_output=True, text=True)
        if not (target / "LC_CTYPE").exists():
            raise RuntimeError(f"localedef could not compile {locale} ({run.returncode}): {run.stderr}")


class WebKitBrowsers:
    """The session's WebKitGTK browsers, one per `Launch`, each started when first asked for."""

    def __init__(self, workspace: Path, fontconfig_file: Path, locales: Path):
        if not Path(WEBKIT_DRIVER).exists():
            raise RuntimeError(f"WebKitWebDriver is missing at {WEBKIT_DRIVER}: install webkit2gtk-driver (run.sh does)")
        self.workspace = workspace
        self.fontconfig_file = fontconfig_file
        self.locales = locales
        self.display: VirtualDisplay | None = None
        self.drivers: dict[Launch, object] = {}
        # The height of each browser's toolbar, measured once (CSS px).
        self.chrome: dict[Launch, int] = {}
        # The viewport each browser's window has, and the browser whose window is the newest.
        self.sizes: dict[Launch, tuple[int, int]] = {}
        self.last_launch: Launch | None = None

    def _environment(self, launch: Launch) -> dict[str, str]:
        name = f"motion-{'reduce' if launch.reduced_motion else 'any'}-{launch.locale}-js-{launch.javascript}-x{launch.scale}"
        home = self.workspace / name
        if home.exists():
            shutil.rmtree(home)
        gtk = home / "config" / "gtk-3.0"
        gtk.mkdir(parents=True)
        (gtk / "settings.ini").write_text(GTK_SETTINGS.format(animations="false" if launch.reduced_motion else "true"))
        (gtk / "gtk.css").write_text(GTK_STYLE)
        compile_locale(launch.posix_locale, self.locales)
        environment = dict(os.environ)
        environment.pop("WAYLAND_DISPLAY", None)
        environment.pop("LANGUAGE", None)
        environment.update({
            "DISPLAY": self.display.name,
            "GDK_BACKEND": "x11",
            "GDK_SCALE": str(launch.scale),
            "FONTCONFIG_FILE": str(self.fontconfig_file),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "LOCPATH": str(self.locales),
            "LANG": launch.posix_locale,
            "LC_ALL": launch.posix_locale,
            # No accessibility bus on a virtual display; without this GTK waits for one.
            "NO_AT_BRIDGE": "1",
        })
        return environment

    def driver(self, launch: Launch):
        """The browser started with `launch` (a Selenium WebDriver)."""
        if launch not in self.drivers:
            from selenium import webdriver

            if self.display is None:
                self.display = VirtualDisplay()
            service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=self._environment(launch),
                                                 log_output=subprocess.DEVNULL)
            options = webdriver.WebKitGTKOptions()
            options.add_argument("--automation")
            if not launch.javascript:
                options.add_argument("--enable-javascript=false")
            driver = webdriver.WebKitGTK(options=options, service=service)
            driver.set_page_load_timeout(30)
            driver.set_script_timeout(30)
            self.drivers[launch] = driver
        return self.drivers[launch]

    def window(self, launch: Launch, width: int, height: int, blank_url: str, restarted: bool = False):
        """A window of the browser `launch`, its viewport `width` x `height` CSS px, at
        `blank_url` (a page of the test origin) with that origin's storage emptied. It is the
        newest window of the display, which has the keyboard (see VirtualDisplay): the last
        test's where that was in the same browser (a new window takes most of a second), else a
        new one, every other window of that browser closed."""
        driver = self.driver(launch)
        if launch != self.last_launch:
            old = driver.window_handles
            driver.switch_to.new_window("window")
            new = driver.current_window_handle
            for handle in old:
                driver.switch_to.window(handle)
                driver.close()
            driver.switch_to.window(new)
            self.sizes.pop(launch, None)
        if self.sizes.get(launch) != (width, height):
            self._size(driver, launch, width, height)
            self.sizes[launch] = (width, height)
        if launch != self.last_launch:
            self.display.focus_the_top_window()
            self.last_launch = launch
        driver.get(blank_url)
        if launch.javascript:
            failure = driver.execute_async_script(FORGET_THE_ORIGIN)
            if failure:
                # Seen under heavy load (four times in a run at a load of 15 on two cores, after
                # tests that register the PWA shell's service worker): the script did not answer
                # in 30 s. A fresh blank page tries again; a second failure names the step.
                driver.get(blank_url)
                failure = driver.execute_async_script(FORGET_THE_ORIGIN)
            if failure and not restarted:
                # Still no answer: the browser is started again, with data and cache folders of
                # its own made anew (`_environment`), so nothing of the origin is left.
                self._restart(launch)
                return self.window(launch, width, height, blank_url, restarted=True)
            if failure:
                raise RuntimeError(f"could not empty the origin's storage: {failure}")
        else:
            # Scripts of the test still run where the page's may not, but promises do not settle.
            driver.execute_script("localStorage.clear(); sessionStorage.clear();")
        return driver

    def _restart(self, launch: Launch):
        """Quits the browser `launch`, so that the next window of it is a new browser's."""
        driver = self.drivers.pop(launch)
        try:
            driver.quit()
        except Exception:  # noqa: BLE001 - a browser that does not answer is left to its end
            pass
        self.sizes.pop(launch, None)
        self.last_launch = None

    def _size(self, driver, launch: Launch, width: int, height: int):
        """Sizes the window so that its viewport is `width` x `height`: the toolbar's height is
        measured on the first window and added from then on."""
        chrome = self.chrome.get(launch, 0)
        for _ in range(3):
            window = (width, height + chrome)
            driver.set_window_rect(width=window[0], height=window[1])
            outer_width, outer_height, inner_width, inner_height = self._settled_size(driver, window)
            if (inner_width, inner_height) == (width, height):
                self.chrome[launch] = chrome
                return
            chrome = outer_height - inner_height
        raise RuntimeError(f"WebKitGTK's viewport is {inner_width}x{inner_height}, not {width}x{height}")

    @staticmethod
    def _settled_size(driver, window: tuple[int, int]) -> list[int]:
        """The window's outer and inner size once the window has taken `window` and the page has
        seen it (a moment after WebDriver's answer), or after 5 s."""
        deadline = time.monotonic() + 5
        last = None
        while True:
            sizes = driver.execute_script("return [outerWidth, outerHeight, innerWidth, innerHeight]")
            if (sizes == last and tuple(sizes[:2]) == window) or time.monotonic() > deadline:
                return sizes
            last = sizes
            time.sleep(0.05)

    def close(self):
        for driver in self.drivers.values():
            try:
                driver.quit()
            except Exception:  # noqa: BLE001 - a browser that died already is closed
                pass
        self.drivers.clear()
        if self.display is not None:
            self.display.close()
            self.display = None
