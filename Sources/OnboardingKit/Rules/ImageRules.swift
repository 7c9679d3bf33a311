// Rules about each screen's image: the path, the file, its format and content.

struct MissingImagePathRule: Rule {
    static let description = RuleDescription(
        id: "missing-image-path", severity: .error,
        summary: "An image block without an <image> path.",
        rationale: "<onboarding-screen-image> names its file in <image>; without one there is nothing to show.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>  </image></onboarding-screen-image>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  ↓<onboarding-screen-image lang="default"/>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>/Users/me/Pictures/a.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.imageBlocks).compactMap { block in
            guard let image = block.children(named: AppDefVocabulary.image).first else {
                return Finding(position: block.position, message: "image block has no <image>")
            }
            guard image.trimmedText.isEmpty else { return nil }
            return Finding(position: image.position, message: "<image> has no path")
        }
    }
}

struct UnsafeImagePathRule: Rule {
    static let description = RuleDescription(
        id: "unsafe-image-path", severity: .error,
        summary: "An image path whose file name is unusable, or a link out of the images folder.",
        rationale:
            "Only the file name of the path is used, inside the images folder; a name that is empty, `..`, has control characters, or is a link to elsewhere could make the build read other files.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>C:\\Users\\me\\Pictures\\..</image></onboarding-screen-image>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>../../../a.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png])
        ],
        isSafetyRule: true)

    func check(_ context: LintContext) -> [Finding] {
        let unsafeNames = context.imageReferences.compactMap { reference in
            ImagePath.unsafeReason(reference.fileName).map {
                Finding(position: reference.position, message: "unusable image path '\(reference.sourcePath)': \($0)")
            }
        }
        let escaping = context.lookedUpImages.compactMap { reference, lookup -> Finding? in
            guard case .outsideFolder = lookup else { return nil }
            return Finding(
                position: reference.position,
                message: "'\(reference.fileName)' is a link that leads out of \(context.images.displayPath); it is not read")
        }
        return unsafeNames + escaping
    }
}

struct ImageNotFoundRule: Rule {
    static let description = RuleDescription(
        id: "image-not-found", severity: .error,
        summary: "The image file is not in the images folder (`images/onboarding` beside the appDef, or --images).",
        rationale:
            "SAB copies each onboarding image into the project's images/onboarding folder under its own file name; the path in the appDef is only where the author picked it.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/Missing.png</image></onboarding-screen-image>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>C:\\Users\\me\\Pictures\\Present.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["Present.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.lookedUpImages.compactMap { reference, lookup in
            let expected = context.images.displayPath + "/" + reference.fileName
            switch lookup {
            case .missing(let suggestion):
                var notes = ["looked for \(expected)"]
                if let suggestion { notes.append("found '\(suggestion)', whose name differs in case only") }
                return Finding(position: reference.position, message: "image '\(reference.fileName)' not found", notes: notes)
            case .unreadable(let reason):
                return Finding(
                    position: reference.position, message: "image '\(reference.fileName)' cannot be read: \(reason)", notes: ["looked for \(expected)"])
            case .found, .outsideFolder:
                return nil
            }
        }
    }
}

struct UnsupportedImageFormatRule: Rule {
    static let description = RuleDescription(
        id: "unsupported-image-format", severity: .error,
        summary: "The image's format is not one every browser shows (PNG, JPEG, GIF, WebP, SVG).",
        rationale:
            "The carousel runs in a browser: TIFF, HEIC, BMP, PSD and other formats show as broken images in some or all of them. Export the image as PNG or JPEG.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/scan.tiff</image></onboarding-screen-image>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>/Users/me/Pictures/photo.jpg</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["photo.jpg": .jpeg])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.imageReferences.filter { ImagePath.unsafeReason($0.fileName) == nil }.compactMap { reference in
            let fileExtension = ImagePath.fileExtension(of: reference.fileName)
            let format = ImageFormat.fromFileExtension(fileExtension)
            guard format?.isSupported != true else { return nil }
            let what =
                format.map { "\($0.displayName) images are" } ?? (fileExtension.isEmpty ? "a file without an extension is" : "'.\(fileExtension)' files are")
            return Finding(
                position: reference.position, message: "\(what) not shown by every browser: '\(reference.fileName)'",
                notes: ["use PNG, JPEG, GIF, WebP or SVG"])
        }
    }
}

struct ImageContentMismatchRule: Rule {
    static let description = RuleDescription(
        id: "image-content-mismatch", severity: .error,
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
