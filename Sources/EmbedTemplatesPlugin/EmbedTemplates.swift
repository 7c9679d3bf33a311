import Foundation
import PackagePlugin

/// Embeds the files of the package's `Templates` folder into the target that uses this plugin,
/// as the generated `DefaultTemplates` enum.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appendingPathComponent("Templates")
        let templates = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".mustache") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("DefaultTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) default templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path] + templates.map(\.path),
                inputFiles: templates,
                outputFiles: [output])
        ]
    }
}
