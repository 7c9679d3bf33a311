import Foundation
import PackagePlugin

/// Embeds the files of the package's `Templates` folder into the target that uses this plugin,
/// as the generated `DefaultTemplates` enum (the pages of the carousel), and those of
/// `Templates/review` as `ReviewTemplates` (the review page, which `--templates` does not replace).
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appendingPathComponent("Templates")
        return try [
            command(embedding: folder, as: "DefaultTemplates", context: context),
            command(embedding: folder.appendingPathComponent("review"), as: "ReviewTemplates", context: context),
        ]
    }

    /// The command that writes the `.mustache` files of `folder` (not of its sub-folders) into
    /// an enum named `typeName`.
    private func command(embedding folder: URL, as typeName: String, context: PluginContext) throws -> Command {
        let templates = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".mustache") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(typeName).swift")
        return .buildCommand(
            displayName: "Embedding \(templates.count) templates as \(typeName)",
            executable: try context.tool(named: "TemplateEmbedder").url,
            arguments: [output.path, typeName] + templates.map(\.path),
            inputFiles: templates,
            outputFiles: [output])
    }
}
