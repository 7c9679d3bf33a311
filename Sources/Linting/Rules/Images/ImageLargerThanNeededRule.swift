import AppDefModel
internal import ImageProcessing

struct ImageLargerThanNeededRule: Rule {
    /// A source over this many bytes is noted, whatever its width.
    static let byteLimit: Int64 = 1_000_000

    static let description = RuleDescription(
        id: "image-larger-than-needed", category: .images, severity: .note,
        summary: "The image is far larger than any screen shows: more than twice the widest published size, or over 1 MB.",
        rationale:
            "The build publishes smaller copies, so visitors never download the original; a smaller source keeps the project and its builds light, and says what the build will publish. An animated GIF or WebP is measured as a still is.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/camera.jpg</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["camera.jpg": .jpegOverOneMegabyte])
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
        context.lookedUpImages.compactMap { reference, lookup in
            guard case .found(let file) = lookup, file.isResized, let size = file.size, file.damage == nil, let byteCount = file.byteCount,
                size.width > 2 * ImageVariantWidths.largest || byteCount > Self.byteLimit
            else { return nil }
            let widths = ImageVariantWidths.widths(for: size, animated: file.isAnimated)
            let why =
                size.width > 2 * ImageVariantWidths.largest
                ? "is \(size.width) pixels wide, more than twice the widest size a screen is given (\(ImageVariantWidths.largest))"
                : "is \(Double(byteCount / 100_000) / 10) MB, more than a screen needs"
            return Finding(
                position: reference.position, message: "'\(reference.fileName)' \(why)",
                notes: [
                    "the build publishes it \(widths.map(String.init).joined(separator: ", ")) pixels wide, "
                        + (file.isAnimated ? "as animated WebP and as an animated GIF" : "as WebP and as JPEG or PNG")
                        + " for older browsers; visitors never download the original"
                ])
        }
    }
}
