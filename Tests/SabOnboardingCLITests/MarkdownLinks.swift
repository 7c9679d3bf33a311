import Foundation

/// The relative links of the project's Markdown files, and those that lead nowhere: to a file
/// that does not exist, or to a heading its page does not have.
///
/// Written for the project's own pages (ATX headings, fenced code, inline links); it reads them
/// as GitHub does for what a link needs: code is not searched for links, and a heading's anchor
/// is GitHub's (lower case, punctuation dropped, spaces as hyphens, `-1` on a repeated one).
enum MarkdownLinks {
    /// A link written in a page: its line, from 1, and its target as written.
    struct Link: Equatable {
        let line: Int
        let target: String
    }

    /// The links of `text` outside code, with their line.
    static func links(in text: String) -> [Link] {
        let prose = Array(proseOnly(text))
        var links: [Link] = []
        var line = 1
        var index = 0
        while index < prose.count {
            if prose[index] == "\n" { line += 1 }
            if prose[index] == "]", index + 1 < prose.count, prose[index + 1] == "(",
                let close = prose[(index + 2)...].firstIndex(of: ")")
            {
                // A title after the target (`(page.md "Title")`) is not part of it.
                let inside = String(prose[(index + 2)..<close])
                let target = inside.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                if !target.isEmpty, !target.contains("\n") { links.append(Link(line: line, target: target)) }
            }
            index += 1
        }
        return links
    }

    /// The anchors of `text`'s headings, as GitHub makes them.
    static func anchors(in text: String) -> Set<String> {
        var counts: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in withoutFencedCode(text).split(separator: "\n", omittingEmptySubsequences: false) {
            let hashes = line.prefix(while: { $0 == "#" }).count
            guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { continue }
            let slug = slug(of: String(line.dropFirst(hashes)))
            let seen = counts[slug, default: 0]
            counts[slug] = seen + 1
            anchors.insert(seen == 0 ? slug : "\(slug)-\(seen)")
        }
        return anchors
    }

    /// Every link of the page at `file` that leads nowhere, as `path:line: target: why`.
    static func brokenLinks(of file: URL, under root: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let name = String(file.path.dropFirst(root.path.count + 1))
        return try links(in: text).compactMap { link in
            guard !hasScheme(link.target) else { return nil }
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : nil
            let destination = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) else {
                return "\(name):\(link.line): \(link.target): no such file"
            }
            guard let anchor, !isFolder.boolValue, destination.pathExtension == "md" else { return nil }
            let page = try String(contentsOf: destination, encoding: .utf8)
            return anchors(in: page).contains(anchor) ? nil : "\(name):\(link.line): \(link.target): no heading #\(anchor)"
        }
    }

    /// The Markdown files of the project under `root`: not in hidden folders (`.build`) nor in
    /// `build/`, which the tool's runs write.
    static func pages(under root: URL) -> [URL] {
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var pages: [URL] = []
        while let url = walk?.nextObject() as? URL {
            if url.deletingLastPathComponent().standardizedFileURL == root.standardizedFileURL, url.lastPathComponent == "build" {
                walk?.skipDescendants()
            } else if url.pathExtension == "md" {
                pages.append(url)
            }
        }
        return pages.sorted { $0.path < $1.path }
    }

    /// `text` with its fenced code blocks and code spans blanked out, line breaks kept, so that
    /// no link is found inside code.
    private static func proseOnly(_ text: String) -> String {
        var prose = ""
        var inSpan = false
        for character in withoutFencedCode(text) {
            if character == "`" {
                inSpan.toggle()
                prose.append(" ")
            } else {
                prose.append(inSpan && character != "\n" ? " " : character)
            }
        }
        return prose
    }

    /// `text` with the lines of its fenced code blocks emptied (a `#` comment there is no heading).
    private static func withoutFencedCode(_ text: String) -> String {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("```") {
                inFence.toggle()
                return ""
            }
            return inFence ? "" : String(line)
        }.joined(separator: "\n")
    }

    /// GitHub's anchor of a heading's text: lower case, letters, digits, `-` and `_` kept, a
    /// space made a hyphen, anything else (a code span's backticks, a colon) dropped.
    private static func slug(of heading: String) -> String {
        var slug = ""
        for character in heading.trimmingCharacters(in: .whitespaces).lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    private static func hasScheme(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }
}
