import AppDefModel

struct UnsupportedImageFormatRule: Rule {
    static let description = RuleDescription(
        id: "unsupported-image-format", category: .images, severity: .error,
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
