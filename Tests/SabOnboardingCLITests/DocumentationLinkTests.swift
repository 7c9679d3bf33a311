import Foundation
import Testing

/// Every relative link of the project's Markdown pages (README.md, CONTRIBUTING.md,
/// Documentation/*.md and the rest) leads to a file that exists, and to a heading it has.
struct DocumentationLinkTests {
    @Test func everyRelativeLinkOfTheProjectsPagesResolves() throws {
        let root = ToolRunner.packageRoot.standardizedFileURL
        let pages = MarkdownLinks.pages(under: root)
        let names = pages.map { String($0.path.dropFirst(root.path.count + 1)) }
        // The pages a newcomer reads must be among those checked, or the check proves nothing.
        for expected in ["README.md", "CONTRIBUTING.md", "Documentation/Output.md", "Documentation/Rules.md"] {
            #expect(names.contains(expected), "\(expected) is not checked")
        }
        let broken = try pages.flatMap { try MarkdownLinks.brokenLinks(of: $0, under: root) }
        #expect(broken.isEmpty, "links that lead nowhere:\n\(broken.joined(separator: "\n"))")
    }

    @Test func aLinkToAMissingFileOrHeadingIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sab-links-\(UUID().uuidString)").standardizedFileURL
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Documentation"), withIntermediateDirectories: true)
        try "# Output\n\n## Cache key\n\n## Images\n\n## Images\n".write(
            to: root.appendingPathComponent("Documentation/Output.md"), atomically: true, encoding: .utf8)
        try """
        # Tool

        See [the cache key](Documentation/Output.md#cache-key), [images](Documentation/Output.md#images-1),
        [the web](https://example.org/missing.md) and [home](#tool).
        Broken: [safety](Documentation/Safety.md), [fonts](Documentation/Output.md#fonts),
        [here](#nowhere).

        ```sh
        echo "[not a link](Missing.md)"
        ```

        Nor is `[this](Missing.md)`.
        """.write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        let broken = try MarkdownLinks.brokenLinks(of: root.appendingPathComponent("README.md"), under: root)
        #expect(
            broken == [
                "README.md:5: Documentation/Safety.md: no such file",
                "README.md:5: Documentation/Output.md#fonts: no heading #fonts",
                "README.md:6: #nowhere: no heading #nowhere",
            ])
    }

    @Test func headingsAnchorAsOnGitHub() {
        let anchors = MarkdownLinks.anchors(
            in: "# The appDef format it reads\n### Every screen at once: `review`\n## Font group: 2026-11-26\n```sh\n# a comment\n```\n")
        #expect(anchors == ["the-appdef-format-it-reads", "every-screen-at-once-review", "font-group-2026-11-26"])
    }
}
