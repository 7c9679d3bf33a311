import Mustache
import OnboardingKit

/// The pages and scripts that `preview` serves itself, beside the rendered output: the live-reload
/// script, the error page of a failed build and the page that stands in for the app.
enum PreviewPages {
    /// Where the preview's own files are served; no output file can be there.
    static let prefix = "/__preview/"

    /// The live-reload script's address. An external file, because the pages' Content-Security-Policy
    /// allows no inline script.
    static let reloadScriptPath = prefix + "reload.js"

    /// The address `reload.js` polls: the build counter as plain text.
    static let versionPath = prefix + "version"

    /// The stylesheet of the error page and of the stand-in page.
    static let stylesheetPath = prefix + "preview.css"

    /// The policy of the preview's own pages: the generated pages' policy, and `connect-src 'self'`
    /// for the live reload.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"

    /// What goes at the end of every served page's `<head>`: the build the page shows, then the
    /// script that reloads it when a newer build is published.
    static func reloadTags(version: Int) -> String {
        "<meta name=\"sab-preview-version\" content=\"\(version)\">\n<script src=\"\(reloadScriptPath)\"></script>\n"
    }

    /// Polls the build counter about once a second and reloads the page when it is not the build
    /// the page was served from. A stopped preview is simply tried again. A page in a frame (the
    /// review's frames of the carousel) leaves it to the page that frames it, whose reload makes
    /// its frames anew: a frame reloading first would show a failed build's error page, and
    /// each frame would poll too.
    static let reloadScript = """
        /* Live reload for sab-onboarding preview: reloads the page when the onboarding is rebuilt. */
        (function () {
          "use strict";
          if (window.parent !== window) return;
          var meta = document.querySelector('meta[name="sab-preview-version"]');
          var shown = meta ? meta.getAttribute("content") : null;
          function poll() {
            fetch("\(versionPath)", { cache: "no-store" })
              .then(function (response) { return response.ok ? response.text() : null; })
              .then(function (text) {
                if (text === null) return;
                var version = text.trim();
                if (shown === null) { shown = version; return; }
                if (version !== shown) { location.reload(); }
              })
              .catch(function () { /* the preview is stopped or restarting: try again */ })
              .then(function () { setTimeout(poll, 1000); });
          }
          setTimeout(poll, 1000);
        })();

        """

    /// A plain look for the preview's own pages, in light and dark.
    static let stylesheet = """
        :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
        body { margin: 0; padding: 2rem 1rem; }
        main { max-width: 52rem; margin: 0 auto; }
        h1 { font-size: 1.5rem; margin: 0 0 1rem; }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
        pre { overflow-x: auto; padding: 0.75rem; border-radius: 0.375rem; background: rgba(127, 127, 127, 0.12); }
        .sab-preview-diagnostics { list-style: none; padding: 0; }
        .sab-preview-diagnostics > li { margin: 0 0 0.75rem; padding: 0.5rem 0.75rem; border-left: 0.25rem solid #888; }
        .sab-preview-diagnostics > li.error { border-color: #d32f2f; }
        .sab-preview-diagnostics > li.warning { border-color: #8e24aa; }
        .sab-preview-diagnostics > li.note { border-color: #00838f; }
        .sab-preview-severity { font-weight: bold; }
        .sab-preview-notes { margin: 0.25rem 0 0; padding-left: 1.25rem; }

        """

    /// The page every HTML request gets while the latest build has errors: each diagnostic, escaped.
    static func errorPage(diagnostics: [Diagnostic], version: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let items = diagnostics.map { diagnostic in
            let notes =
                diagnostic.notes.isEmpty
                ? ""
                : "<ul class=\"sab-preview-notes\">" + diagnostic.notes.map { "<li>\(shown($0))</li>" }.joined() + "</ul>"
            return """
                <li class="\(diagnostic.severity.rawValue)"><code>\(shown(diagnostic.location.description))</code> \
                <span class="sab-preview-severity">\(diagnostic.severity.rawValue)</span>: \(shown(diagnostic.message)) \
                <code>[\(escaped(diagnostic.ruleID))]</code>\(notes)</li>

                """
        }.joined()
        let report = TextReporter(colored: false).report(diagnostics)
        return page(
            title: "Build failed", version: version,
            body: """
                <h1>The onboarding did not build</h1>
                <p>\(errors) error\(errors == 1 ? "" : "s") stopped the build. Fix the appDef and save: \
                this page reloads by itself and shows the carousel again after the next good build.</p>
                <ul class="sab-preview-diagnostics">
                \(items)</ul>
                <details><summary>As the terminal shows them</summary><pre>\(escaped(report))</pre></details>

                """)
    }

    /// The page that stands in for the app at the start URL, where Skip and Start lead. Like the
    /// app's first page it runs `onboarding-gate.js`, which sends a first-time visitor to the
    /// carousel; a visitor who has finished the onboarding stays here.
    static func standInPage(startURL: String, version: Int) -> String {
        page(
            title: "The app", version: version,
            head: "<script src=\"\(PreviewRoutes.outputPrefix)onboarding-gate.js\"></script>\n",
            body: """
                <h1>The app would open here</h1>
                <p>This page stands in for the app's first page, where Skip and Start lead \
                (<code>--start-url \(escaped(startURL))</code>). Like that page, it runs \
                <code>onboarding-gate.js</code>, which shows the onboarding to a first-time visitor.</p>
                <p>Replay the onboarding: <a href="\(PreviewRoutes.outputPrefix)?replay">\(PreviewRoutes.outputPrefix)?replay</a></p>

                """)
    }

    /// `text` safe in HTML text and in quoted attribute values.
    static func escaped(_ text: String) -> String {
        HTMLText.escaped(text)
    }

    /// Text from the appDef or a file name, escaped, with its control and bidi characters shown
    /// as codes (`<U+202E>`) as the terminal shows them: one cannot reorder or hide the rest of
    /// the page's text.
    private static func shown(_ text: String) -> String {
        escaped(text.withControlCharactersShown)
    }

    private static func page(title: String, version: Int, head: String = "", body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(escaped(contentSecurityPolicy))">
        <title>\(escaped(title)) · sab-onboarding preview</title>
        <link rel="stylesheet" href="\(stylesheetPath)">
        \(head)\(reloadTags(version: version))</head>
        <body class="sab-preview">
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }
}
