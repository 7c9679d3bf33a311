import AppDefModel

struct ImageContentMismatchRule: Rule {
    static let description = RuleDescription(
        id: "image-content-mismatch", category: .images, severity: .error,
        summary: "The image file's content is not what its extension says, or is damaged.",
        rationale: "A JPEG named .png, or a file that is no image at all, may not show, and its size cannot be read to reserve its space on the page.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/photo.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["photo.png": .jpeg]),
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/notes.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["notes.png": .text]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>/Users/me/Pictures/photo.jpeg</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["photo.jpeg": .jpeg])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.lookedUpImages.compactMap { reference, lookup in
            guard case .found(let file) = lookup,
                let claimed = ImageFormat.fromFileExtension(ImagePath.fileExtension(of: reference.fileName)),
                claimed.isSupported
            else { return nil }
            guard let actual = file.sniffedFormat else {
                if file.byteCount == 0 {
                    return Finding(
                        position: reference.position, message: "'\(reference.fileName)' is an empty file (0 bytes), not a \(claimed.displayName) image",
                        notes: ["copy the image into the images folder again: an interrupted copy or download leaves an empty file"])
                }
                return Finding(
                    position: reference.position, message: "'\(reference.fileName)' is not a \(claimed.displayName) image: its content is no image format known"
                )
            }
            guard actual == claimed else {
                return Finding(
                    position: reference.position, message: "'\(reference.fileName)' is named as \(claimed.displayName) but holds a \(actual.displayName) image",
                    notes: ["rename it to end in .\(actual.preferredExtension), or export it as \(claimed.displayName)"])
            }
            // An SVG that cannot be read safely is unsafe-svg-content's to report.
            if case .refused? = file.svg { return nil }
            guard file.size != nil else {
                if case .published(let svg)? = file.svg, let problem = svg.sizeProblem {
                    return Finding(
                        position: reference.position, message: "'\(reference.fileName)' has no size a page can reserve: \(problem.reason)",
                        notes: ["the carousel reserves each picture's room from its size before it loads, so that the text does not move"])
                }
                return Finding(position: reference.position, message: "the size of '\(reference.fileName)' cannot be read: the file is damaged or truncated")
            }
            if let problem = file.damage {
                return Finding(
                    position: reference.position, message: "'\(reference.fileName)' \(problem)",
                    notes: ["export it again from the photo or drawing program"])
            }
            return nil
        }
    }
}
