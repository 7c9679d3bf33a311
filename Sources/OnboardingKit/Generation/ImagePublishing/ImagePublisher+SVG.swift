internal import ImageProcessing

extension ImagePublisher {
    /// An embedded image libvips could not make again, and its words.
    struct EmbeddedImageFailure: Error {
        var image: SVGEmbeddedImage
        var failure: ImageProcessor.Failure
    }

    /// The published SVG of `asset` with each raster image it embeds made again by libvips: at
    /// its own size, in its own format (an animation with every frame), without metadata, so
    /// that only what the build made leaves. Lint checked them as it checks image files.
    static func remakingEmbeddedImages(of asset: ImageAsset, quality: Int) throws(EmbeddedImageFailure) -> [UInt8] {
        var bytes = asset.bytes
        // From the last, so that the ranges before stay where they are.
        for image in asset.embeddedImages.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            let format: ImageProcessor.Format =
                switch image.format {
                case .jpeg: .jpeg
                case .gif: .gif
                case .webp: .webp
                default: .png
                }
            let made: ImageProcessor.Encoded
            do {
                made = try ImageProcessor.resize(image.bytes, toWidth: image.size.width, allFrames: image.isAnimated, as: [format], quality: quality)[0]
            } catch {
                throw EmbeddedImageFailure(image: image, failure: error)
            }
            let prefix = SVGAllowlist.embeddedImagePrefixes.first { $0.format == image.format }?.prefix ?? "data:image/png;base64,"
            bytes.replaceSubrange(image.range, with: Array((prefix + Base64.encode(made.bytes)).utf8))
        }
        return bytes
    }
}
