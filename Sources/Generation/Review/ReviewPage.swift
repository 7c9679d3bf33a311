import AppDefModel
internal import Mustache

/// The review page, `review.html` with its style sheet and script, rendered from the built-in
/// templates of `Templates/review` (which `--templates` does not replace: the review is the
/// tool's page, not the app's).
package enum ReviewPage {
    /// The page's file and the two it loads.
    package static let pagePath = "review.html"
    static let stylesheetPath = "review.css"
    static let scriptPath = "review.js"

    /// The carousel's policy and `frame-src 'self'`: the page frames the carousel beside it
    /// (the carousel's own policy stays as it is; a policy in a `<meta>` cannot refuse framing,
    /// and the build sends no header that would).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'"

    /// Renders the page of `report`, whose frames show the carousel at `carouselPath` (relative
    /// to the page, ending with `/`).
    package static func render(_ report: ReviewReport, carouselPath: String) throws(TemplateRenderingError) -> [OutputFile] {
        let templates = try templateSet()
        let context = ReviewPageContext(report: report, carouselPath: carouselPath).values
        let common: [String: TemplateValue] = ["generator": .string("sab-onboarding \(SabOnboardingVersion.current)")]
        return [
            OutputFile(path: pagePath, contents: Array(try templates.render("review.html.mustache", context: context).utf8)),
            OutputFile(
                path: stylesheetPath,
                contents: Array(OutputCompactor.compact(try templates.render("review.css.mustache", context: common), as: .css).utf8)),
            OutputFile(
                path: scriptPath,
                contents: Array(OutputCompactor.compact(try templates.render("review.js.mustache", context: common), as: .javascript).utf8)),
        ]
    }

    /// The built-in review templates, parsed. They are the project's own and its tests render
    /// them; one that did not parse would be reported as a template's error is.
    private static func templateSet() throws(TemplateRenderingError) -> TemplateSet {
        var templates: [String: MustacheTemplate] = [:]
        var paths: [String: String] = [:]
        for file in ReviewTemplates.files {
            let name = TemplateSet.partialName(of: file.name)
            let path = TemplateSet.builtInPrefix + "review/" + file.name
            paths[name] = path
            do {
                templates[name] = try MustacheTemplate(parsing: file.text)
            } catch {
                throw TemplateRenderingError(
                    diagnostic: Diagnostic(
                        ruleID: "template-error", severity: .error,
                        location: SourceLocation(file: path, line: error.position.line, column: error.position.column), message: error.message))
            }
        }
        return TemplateSet(templates: templates, paths: paths)
    }
}
