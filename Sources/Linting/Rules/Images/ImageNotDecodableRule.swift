import AppDefModel
internal import ImageProcessing
import PathText

struct ImageNotDecodableRule: Rule {
    static let description = RuleDescription(
        id: BuildDiagnosticID.imageNotDecodable, category: .images, severity: .error,
        summary: "libvips, which makes the published sizes of each image, cannot read the image or decode its pixels.",
        rationale:
            "The build publishes each PNG, JPEG, GIF and WebP image as smaller WebP and JPEG, PNG or GIF files made with libvips; an image it cannot read cannot be published. Export it again from the photo or drawing program.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/odd.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["odd.png": .pngWithInvalidHeader])
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
        context.lookedUpImages.flatMap { reference, lookup -> [Finding] in
            // Only what image-content-mismatch finds whole: the rest it reports. Without libvips
            // there is nothing to ask: a build that needs it says so, `--keep-original-images` does not.
            guard case .found(let file) = lookup, ImageProcessor.isAvailable else { return [] }
            if case .published(let svg)? = file.svg {
                // The pictures an SVG embeds, which the build makes again as it does image files,
                // an animation with every frame.
                return svg.embeddedImages.compactMap { image in
                    if let problem = ImageProcessor.problemReading(image.bytes)
                        ?? Self.problemDecoding(image.bytes, format: image.format, size: image.size, allFrames: image.isAnimated)
                    {
                        return Finding(
                            position: reference.position,
                            message: "'\(reference.fileName)' cannot be published: libvips cannot read \(image.description): \(problem.description)",
                            notes: ["export the picture again and embed it anew"])
                    }
                    return ImageProcessor.problemTurningFrames(image.bytes).map { turned in
                        Finding(
                            position: reference.position,
                            message: "'\(reference.fileName)' cannot be published: \(image.description): \(turned.description)",
                            notes: ["export the picture again and embed it anew"])
                    }
                }
            }
            guard file.isResized, file.size != nil, file.damage == nil else { return [] }
            if file.isAnimated, let turned = PathText.withCString(file.path, { ImageProcessor.problemTurningFrames(fileAt: $0) }) {
                return [
                    Finding(
                        position: reference.position, message: "'\(reference.fileName)' cannot be published: \(turned.description)",
                        notes: ["export it again from the photo or drawing program"])
                ]
            }
            guard
                let problem = PathText.withCString(file.path, { ImageProcessor.problemReading(fileAt: $0) })
                    ?? Self.problemDecoding(atPath: file.path, format: file.sniffedFormat, size: file.size, allFrames: file.isAnimated)
            else { return [] }
            return [
                Finding(
                    position: reference.position, message: "'\(reference.fileName)' cannot be read by libvips: \(problem.description)",
                    notes: ["export it again from the photo or drawing program"])
            ]
        }
    }

    /// Why the pixels of the image in `bytes` do not decode, as the build decodes them to make
    /// its variants (an error fails, a warning does not; every frame of an animation): a PNG
    /// whose compressed data is scrambled has a header libvips reads, and lint passed it.
    static func problemDecoding(_ bytes: [UInt8], format: ImageFormat?, size: ImageSize?, allFrames: Bool) -> ImageProcessor.Failure? {
        guard let format, let size else { return nil }
        return ImageProcessor.problemDecoding(
            bytes, format: ImageProcessor.Format(named: format.rawValue), width: size.width, height: size.height, allFrames: allFrames, warningsFail: false)
    }

    /// ``problemDecoding(_:format:size:allFrames:)`` of the file at `path`, read a strip at a
    /// time: lint's memory does not grow with a photo's size.
    static func problemDecoding(atPath path: String, format: ImageFormat?, size: ImageSize?, allFrames: Bool) -> ImageProcessor.Failure? {
        guard let format, let size else { return nil }
        return PathText.withCString(path) {
            ImageProcessor.problemDecoding(
                fileAt: $0, format: ImageProcessor.Format(named: format.rawValue), width: size.width, height: size.height, allFrames: allFrames,
                warningsFail: false)
        }
    }
}
