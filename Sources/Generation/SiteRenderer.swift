import AppDefModel

/// A file of the output: its path inside the output folder and its bytes.
package struct OutputFile: Hashable {
    package var path: String
    package var contents: [UInt8]

    package init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}

/// Renders every file of the output, in a fixed order, from the project and the templates.
package enum SiteRenderer {
    private static func compacted(_ text: String, as language: OutputCompactor.Language) -> [UInt8] {
        Array(OutputCompactor.compact(text, as: language).utf8)
    }

    package static func render(_ project: OnboardingProject, templates: TemplateSet, options: BuildOptions) throws(TemplateRenderingError) -> [OutputFile] {
        let context = PageContext(project: project, options: options)
        let common = context.common
        var files = [
            OutputFile(path: OutputNames.index, contents: Array(try templates.render("index.html.mustache", context: context.index(common: common)).utf8)),
            OutputFile(path: OutputNames.stylesheet, contents: compacted(try templates.render("onboarding.css.mustache", context: common), as: .css)),
            OutputFile(path: OutputNames.script, contents: compacted(try templates.render("onboarding.js.mustache", context: common), as: .javascript)),
            OutputFile(path: OutputNames.gateScript, contents: Array(try templates.render("onboarding-gate.js.mustache", context: common).utf8)),
            OutputFile(path: OutputNames.manifest, contents: Array(Manifest.json(for: project).rendered().utf8)),
        ]
        for screen in project.screens {
            let page = try templates.render("screen.html.mustache", context: context.screenPage(screen, common: common))
            files.append(OutputFile(path: ScreenPage.path(of: screen), contents: Array(page.utf8)))
        }
        // Two names can reduce to one safe name for the same content: one copy serves both.
        var copied: Set<String> = []
        for asset in project.images.values.sorted(by: { $0.outputPath < $1.outputPath }) {
            for file in asset.publishedFiles where copied.insert(file.path).inserted { files.append(file) }
        }
        // A file two families name is published once for both (its path is its bytes' hash).
        for font in project.fontAssets where copied.insert(font.outputPath).inserted {
            files.append(OutputFile(path: font.outputPath, contents: font.bytes))
        }
        return files
    }
}
