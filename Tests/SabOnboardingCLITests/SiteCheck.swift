import Foundation

/// What a visitor of a built site would find missing: the files its pages (`index.html` and
/// `screens/*.html`) name in `src` and `href`, and the pages and images its manifest lists,
/// that are not there. Empty when the site can be used as it is.
enum SiteCheck {
    static func missingReferences(in folder: URL) -> [String] {
        let index = folder.appendingPathComponent("index.html")
        guard FileManager.default.fileExists(atPath: index.path) else { return ["index.html"] }
        let screens = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("screens").path)) ?? []
        var missing: [String] = []
        let pages = ["index.html"] + screens.filter { $0.hasSuffix(".html") }.map { "screens/" + $0 }
        for page in pages {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8) else {
                missing.append(page)
                continue
            }
            let base = folder.appendingPathComponent(page).deletingLastPathComponent()
            for reference in references(in: text) where !exists(base.appendingPathComponent(reference)) {
                missing.append("\(reference) (in \(page))")
            }
        }
        for file in manifestFiles(in: folder) where !exists(folder.appendingPathComponent(file)) {
            missing.append("\(file) (in onboarding.json)")
        }
        return missing
    }

    /// The local files a page names: `src="…"` and `href="…"` values that are no URL or fragment.
    private static func references(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: ##"(?:src|href)="([^"#:?]+)""##)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// The pages and image files the manifest lists.
    private static func manifestFiles(in folder: URL) -> [String] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("onboarding.json")),
            let manifest = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let screens = manifest["screens"] as? [[String: Any]]
        else { return ["onboarding.json"] }
        return screens.flatMap { screen -> [String] in
            let images = (screen["image"] as? [String: [String: Any]] ?? [:]).values.compactMap { $0["file"] as? String }
            return [screen["page"] as? String].compactMap { $0 } + images
        }
    }

    private static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.standardizedFileURL.path)
    }
}
