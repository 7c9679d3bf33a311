import AppDefModel
internal import Mustache

/// The values the review page's template sees. Text from the appDef and file names have their
/// control and bidi characters shown as codes (`<U+202E>`), as the terminal shows them, so that
/// none can reorder or hide the page's other text; the template escapes all of it for HTML.
struct ReviewPageContext {
    let report: ReviewReport
    /// Where the frames find the carousel, relative to the page, ending with `/`.
    let carouselPath: String

    var values: [String: TemplateValue] {
        [
            "generator": .string("sab-onboarding \(SabOnboardingVersion.current)"),
            "contentSecurityPolicy": .string(ReviewPage.contentSecurityPolicy),
            "title": .string(report.title.withControlCharactersShown),
            "appDef": .string(shown(report.appDefPath).withControlCharactersShown),
            "carouselPath": .string(carouselPath),
            "built": .bool(report.built),
            "summary": summary,
            "languages": .list(report.languages.map(languageOption)),
            "hasGeneralDiagnostics": .bool(!report.generalDiagnostics.isEmpty),
            "generalDiagnostics": .list(report.generalDiagnostics.map(diagnostic)),
            "hasScreens": .bool(!report.screens.isEmpty),
            "screens": .list(report.screens.map(screen)),
        ]
    }

    /// A file as the page names it: by its place in the appDef's folder, else by its name. The
    /// page is shared (a CI artifact for translators and reviewers), so it never names the
    /// folders above the project: a home folder's name, a CI runner's paths.
    func shown(_ file: String) -> String {
        if !appDefFolder.isEmpty, file.hasPrefix(appDefFolder), file.count > appDefFolder.count {
            return String(file.dropFirst(appDefFolder.count))
        }
        return file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
    }

    /// The appDef's folder as given, ending with `/`; empty for an appDef in the current folder.
    private var appDefFolder: String {
        report.appDefPath.lastIndex(of: "/").map { String(report.appDefPath[...$0]) } ?? ""
    }

    /// A message or a note as the page shows it: the absolute folders of the run's inputs it
    /// names (the appDef's, the images', the fonts', `--templates`) are named as `shown` names
    /// a file, so that a note's "looked for /home/<name>/app/images/…" reads "looked for
    /// images/…". Relative folders name nothing above the project and are left as written.
    func shownText(_ text: String) -> String {
        // Each folder as given and as an absolute path (what a library reports of a file the
        // tool opened by its absolute path), the appDef's ending with `/`.
        let appDefFolders: Set<String> = [appDefFolder, Paths.join(Paths.parent(of: Paths.absolute(report.appDefPath)), "")]
        // A folder inside the appDef's is named from it by the appDef's folder's own replacement.
        let inputs = report.inputFolders.flatMap { [$0, Paths.absolute($0)] }
            .filter { folder in !appDefFolders.contains { $0.hasPrefix("/") && folder.hasPrefix($0) } }
        let folders = appDefFolders.union(inputs).filter { $0.hasPrefix("/") && $0.count > 1 }
        // The longest first: the images folder inside the appDef's is named from the appDef's.
        return folders.sorted { ($0.count, $0) > ($1.count, $1) }.reduce(text) { text, folder in
            text.replacing(folder, with: appDefFolders.contains(folder) ? "" : shown(folder))
        }
    }

    func shown(_ location: SourceLocation) -> String {
        "\(shown(location.file)):\(location.line):\(location.column)"
    }

    private var summary: TemplateValue {
        var summary: [String: TemplateValue] = [
            "screens": TemplateValue(report.screens.count),
            "languages": TemplateValue(report.languages.count),
            "themes": TemplateValue(report.themes.count),
            "errors": TemplateValue(report.count(.error)),
            "warnings": TemplateValue(report.count(.warning)),
            "notes": TemplateValue(report.count(.note)),
            "missingTranslations": TemplateValue(report.screens.map(\.missingTranslations.count).reduce(0, +)),
        ]
        if let firstOpen = report.firstOpen {
            summary["firstOpen"] = ["bytes": .string(Self.bytes(firstOpen.totalBytes)), "time": .string(Self.time(firstOpen.milliseconds))]
        }
        return .object(summary)
    }

    private func languageOption(_ language: ReviewLanguage) -> TemplateValue {
        [
            "value": .string(language.code ?? ""),
            "label": .string(language.label.withControlCharactersShown),
            "dir": .string(language.direction),
            "isDefault": .bool(language.isDefault),
        ]
    }

    private func screen(_ screen: ScreenReview) -> TemplateValue {
        let worst = screen.diagnostics.map(\.severity).max()
        var values: [String: TemplateValue] = [
            "number": TemplateValue(screen.number),
            "location": .string(shown(screen.location).withControlCharactersShown),
            "hasDiagnostics": .bool(!screen.diagnostics.isEmpty),
            "diagnostics": .list(screen.diagnostics.map(diagnostic)),
            "contrast": .list(screen.contrast.map(Self.contrastRow)),
            "hasReplacements": .bool(screen.contrast.contains { $0.measures.contains { $0.replaced != nil } }),
            "replacements": .list(screen.contrast.flatMap(Self.replacements)),
            "hasMissing": .bool(!screen.missingTranslations.isEmpty),
            "missing": .list(screen.missingTranslations.map(missing)),
            "hasCosts": .bool(!screen.firstOpen.isEmpty),
            "costs": .list(screen.firstOpen.map(Self.cost)),
            "hasFrames": .bool(report.built),
            "frames": .list(report.built ? report.themes.map { frame(screen: screen.number, theme: $0) } : []),
        ]
        if let heading = screen.heading { values["heading"] = .string(heading.withControlCharactersShown) }
        if let worst {
            values["problems"] = .string("\(screen.diagnostics.count) \(screen.diagnostics.count == 1 ? "problem" : "problems")")
            values["severity"] = .string(worst.rawValue)
        }
        return .object(values)
    }

    func diagnostic(_ diagnostic: Diagnostic) -> TemplateValue {
        [
            "severity": .string(diagnostic.severity.rawValue),
            "rule": .string(diagnostic.ruleID),
            "message": .string(shownText(diagnostic.message).withControlCharactersShown),
            "location": .string(shown(diagnostic.location).withControlCharactersShown),
            "hasNotes": .bool(!diagnostic.notes.isEmpty),
            "notes": .list(diagnostic.notes.map { .string(shownText($0).withControlCharactersShown) }),
        ]
    }

    private static func contrastRow(_ contrast: ThemeContrast) -> TemplateValue {
        [
            "label": .string(contrast.theme.label),
            "background": .string(contrast.background.css),
            "measures": .list(contrast.measures.map { measure in ["ratio": .string(ratio(measure.ratio)), "replaced": .bool(measure.replaced != nil)] }),
        ]
    }

    private static func replacements(_ contrast: ThemeContrast) -> [TemplateValue] {
        contrast.measures.compactMap { measure in
            measure.replaced.map { replaced in
                [
                    "theme": .string(contrast.theme.label), "name": .string(replaced.name), "color": .string(replaced.color.css),
                    "replacedRatio": .string(ratio(replaced.ratio)), "required": .string(measure.required == 3 ? "3" : "4.5"),
                    "used": .string(measure.color.css),
                ]
            }
        }
    }

    private func missing(_ missing: MissingTranslation) -> TemplateValue {
        var values: [String: TemplateValue] = [
            "language": .string(missing.language.withControlCharactersShown), "field": .string(missing.field.label),
            "shown": .string(missing.shown.withControlCharactersShown),
        ]
        // A `lang` attribute: as the pages write it.
        if let defaultLanguage = report.languages.first?.code { values["defaultLanguage"] = .string(PageLanguage.tag(defaultLanguage)) }
        return .object(values)
    }

    private static func cost(_ cost: ScreenReview.LanguageCost) -> TemplateValue {
        [
            "value": .string(cost.language.code ?? ""),
            "label": .string(cost.language.label.withControlCharactersShown),
            "isDefault": .bool(cost.language.isDefault),
            "page": .string(bytes(cost.cost.pageBytes)),
            "image": .string(bytes(cost.cost.imageBytes)),
            "fonts": .string(bytes(cost.cost.fontBytes)),
            "total": .string(bytes(cost.cost.totalBytes)),
            "chains": TemplateValue(cost.cost.requestChains),
            "time": .string(time(cost.cost.milliseconds)),
        ]
    }

    /// A frame of the screen in the theme, in the default language at the phone's size; the
    /// page's script changes its language and size.
    private func frame(screen: Int, theme: ColorTheme) -> TemplateValue {
        [
            "theme": .string(theme.rawValue),
            "label": .string(theme.label),
            "src": .string(Self.carouselAddress(base: carouselPath, screen: screen, theme: theme, language: report.languages.first?.code)),
        ]
    }

    /// The carousel page showing `screen` in `theme` and `language`, through its own query and
    /// hash, as `review.js` writes it: `?replay` shows the screens to a visitor who has seen them.
    static func carouselAddress(base: String, screen: Int, theme: ColorTheme, language: String?) -> String {
        base + "index.html?replay&theme=" + theme.rawValue + (language.map { "&lang=" + uriComponent($0) } ?? "") + "#onboarding-slide-\(screen)"
    }

    /// `text` as JavaScript's `encodeURIComponent` writes it: letters, digits and `-_.!~*'()`
    /// as they are, every other byte of its UTF-8 as `%XX`.
    static func uriComponent(_ text: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)
        return text.utf8.map { byte in
            kept.contains(byte) ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    /// `4.53`: cut, not rounded, as lint writes ratios.
    static func ratio(_ ratio: Double) -> String {
        ContrastRatio.twoDecimals(ratio)
    }

    /// `850 B`, `12.3 KB`, `1.25 MB` (of 1000 bytes, as browsers' tools count).
    static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        if count < 1_000_000 { return decimal(count, per: 100, places: 1) + " KB" }
        return decimal(count, per: 10_000, places: 2) + " MB"
    }

    /// `850 ms`, `2.35 s`.
    static func time(_ milliseconds: Int) -> String {
        milliseconds < 1000 ? "\(milliseconds) ms" : decimal(milliseconds, per: 10, places: 2) + " s"
    }

    /// `value` / `per`, rounded to whole units, written with `places` decimals.
    private static func decimal(_ value: Int, per: Int, places: Int) -> String {
        JSONValue.decimal((value + per / 2) / per, places: places).rendered(pretty: false)
    }
}

extension ColorTheme {
    /// The theme's name as the PWA's settings show it: `Normal`, `Charcoal`.
    var label: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
