import AppDefModel
internal import ImageProcessing

extension ImagePublisher {
    /// An embedded image libvips could not make again, and its words.
    struct EmbeddedImageFailure: Error {
        var image: SVGEmbeddedImage
        var failure: ImageProcessor.Failure
    }

    /// The published SVG of `asset` with each raster image it embeds made again by libvips: no
    /// larger than the SVG can show it (``embeddedBox(upright:inSVGOf:)``), in its own format (an
    /// animation with every frame), without metadata, so that only what the build made leaves.
    /// Lint checked them as it checks image files.
    static func remakingEmbeddedImages(of asset: ImageAsset, quality: Int) throws(EmbeddedImageFailure) -> [UInt8] {
        var bytes = asset.bytes
        // From the last, so that the ranges before stay where they are.
        for image in asset.embeddedImages.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            let format = ImageProcessor.Format(named: image.format.rawValue)
            let made: ImageProcessor.Encoded
            do {
                let upright = try ImageProcessor.uprightSize(image.bytes)
                let box = embeddedBox(upright: ImageSize(width: upright.width, height: upright.height), inSVGOf: asset.size)
                made = try ImageProcessor.resize(
                    image.bytes, toWidth: box.width, maximumHeight: box.height, allFrames: image.isAnimated, as: [format], quality: quality)[0]
            } catch {
                throw EmbeddedImageFailure(image: image, failure: error)
            }
            let prefix = SVGAllowlist.embeddedImagePrefixes.first { $0.format == image.format }?.prefix ?? "data:image/png;base64,"
            bytes.replaceSubrange(image.range, with: Array((prefix + Base64.encode(made.bytes)).utf8))
        }
        return bytes
    }

    /// The box, in pixels, an embedded image `upright` pixels wide and high (after its EXIF
    /// orientation) is published within in an SVG of `svgSize` (CSS pixels): its own size, or
    /// less when the SVG cannot show that many pixels.
    ///
    /// The page shows an SVG at most at its own width and at most as wide as the image block
    /// (624 CSS pixels), at up to 3 device pixels each, as the raster images' widths assume: a
    /// box of `min(width, 624) × 3` pixels across, in the SVG's proportions. An image inside it
    /// needs no more pixels across than the box has, nor more down: it is made smaller until
    /// one of its sides is the box's, so that an image stretched to the box either way keeps
    /// its detail. Only an image drawn larger than the whole picture (zoomed into by a
    /// transform) shows fewer pixels than before.
    static func embeddedBox(upright: ImageSize, inSVGOf svgSize: ImageSize) -> ImageSize {
        guard svgSize.width > 0, svgSize.height > 0, upright.width > 0, upright.height > 0 else { return upright }
        let ratio = Double(ImageVariantWidths.pixelRatios.last ?? 1)
        let boxWidth = Double(min(svgSize.width, ImageVariantWidths.slotWidths.last ?? svgSize.width)) * ratio
        let boxHeight = boxWidth * Double(svgSize.height) / Double(svgSize.width)
        let scale = max(min(1, boxWidth / Double(upright.width)), min(1, boxHeight / Double(upright.height)))
        // Up, less a hair: 1200 × (300 / 1200) is 300, though the division may land above it.
        func side(_ pixels: Int) -> Int { min(pixels, max(1, Int((Double(pixels) * scale - 1e-6).rounded(.up)))) }
        return ImageSize(width: side(upright.width), height: side(upright.height))
    }
}
