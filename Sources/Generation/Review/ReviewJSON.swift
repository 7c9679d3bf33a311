import AppDefModel
import PathText

/// The review as JSON, for CI (`review --format json`): the summary, then the same per-screen
/// data the page shows. Documentation/CI.md gives its shape.
package enum ReviewJSON {
    static let schemaVersion = 1

    package static func json(for report: ReviewReport) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("generator", .string("sab-onboarding \(SabOnboardingVersion.current)")),
            ("appDef", .string(PathText.shown(report.appDefPath))),
            ("title", .string(report.title)),
            ("built", .bool(report.built)),
            ("summary", summary(of: report)),
            ("network", network),
            ("firstOpen", report.firstOpen.map { cost(of: $0, language: report.languages[0]) } ?? .null),
            ("languages", .array(report.languages.map(language))),
            ("themes", .array(report.themes.map { .string($0.rawValue) })),
            ("diagnostics", .array(report.generalDiagnostics.map(\.json))),
            ("screens", .array(report.screens.map(screen))),
        ])
    }

    private static func summary(of report: ReviewReport) -> JSONValue {
        .object([
            ("screens", .int(report.screens.count)),
            ("languages", .int(report.languages.count)),
            ("themes", .int(report.themes.count)),
            ("errors", .int(report.count(.error))),
            ("warnings", .int(report.count(.warning))),
            ("notes", .int(report.count(.note))),
            ("missingTranslations", .int(report.screens.map(\.missingTranslations.count).reduce(0, +))),
            ("firstOpenBytes", report.firstOpen.map { .int($0.totalBytes) } ?? .null),
            ("firstOpenMilliseconds", report.firstOpen.map { .int($0.milliseconds) } ?? .null),
        ])
    }

    /// The model's constants (see ``FirstOpenCost``).
    private static let network = JSONValue.object([
        ("roundTripMilliseconds", .int(FirstOpenModel.roundTripMilliseconds)),
        ("downloadKilobitsPerSecond", .decimal(FirstOpenModel.throughputTenthsOfKilobits, places: 1)),
        ("imageSlotPixels", .int(FirstOpenModel.imageSlotPixels)),
    ])

    private static func language(_ language: ReviewLanguage) -> JSONValue {
        .object([
            ("code", language.code.map(JSONValue.string) ?? .null),
            ("default", .bool(language.isDefault)),
            ("direction", .string(language.direction)),
        ])
    }

    private static func screen(_ screen: ScreenReview) -> JSONValue {
        .object([
            ("number", .int(screen.number)),
            ("line", .int(screen.location.line)),
            ("column", .int(screen.location.column)),
            ("heading", screen.heading.map(JSONValue.string) ?? .null),
            ("diagnostics", .array(screen.diagnostics.map(\.json))),
            ("contrast", .array(screen.contrast.map(contrast))),
            (
                "missingTranslations",
                .array(
                    screen.missingTranslations.map { missing in
                        .object([("language", .string(missing.language)), ("field", .string(missing.field.rawValue)), ("shown", .string(missing.shown))])
                    })
            ),
            ("firstOpen", .array(screen.firstOpen.map { cost(of: $0.cost, language: $0.language) })),
        ])
    }

    private static func contrast(_ contrast: ThemeContrast) -> JSONValue {
        .object(
            JSONObject(
                [("theme", JSONValue.string(contrast.theme.rawValue)), ("background", .string(contrast.background.css))]
                    + contrast.measures.map { measure in
                        var members: [(String, JSONValue)] = [
                            ("color", .string(measure.color.css)),
                            ("against", .string(measure.against.css)),
                            ("ratio", ratio(measure.ratio)),
                            ("required", ratio(measure.required)),
                        ]
                        if let replaced = measure.replaced {
                            members.append(
                                (
                                    "replaced",
                                    .object([("name", .string(replaced.name)), ("color", .string(replaced.color.css)), ("ratio", ratio(replaced.ratio))])
                                ))
                        }
                        return (measure.part.rawValue, JSONValue.object(JSONObject(members)))
                    }))
    }

    /// A contrast ratio cut, not rounded, to hundredths, as lint's messages write it: a ratio
    /// just short of 4.5 never reads as 4.5.
    static func ratio(_ ratio: Double) -> JSONValue {
        .decimal(Int((ratio * 100).rounded(.down)), places: 2)
    }

    private static func cost(of cost: FirstOpenCost, language: ReviewLanguage) -> JSONValue {
        .object([
            ("language", language.code.map(JSONValue.string) ?? .null),
            ("pageBytes", .int(cost.pageBytes)),
            ("imageFiles", .array(cost.imageFiles.map(JSONValue.string))),
            ("imageBytes", .int(cost.imageBytes)),
            ("fontFiles", .array(cost.fontFiles.map(JSONValue.string))),
            ("fontBytes", .int(cost.fontBytes)),
            ("totalBytes", .int(cost.totalBytes)),
            ("requestChains", .int(cost.requestChains)),
            ("milliseconds", .int(cost.milliseconds)),
        ])
    }
}
