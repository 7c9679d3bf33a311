import ImageProcessing
import Testing

/// A transparent pixel is published with no more colour than browsers keep of it (8-bit
/// premultiplied): an author's eraser clears alpha and keeps the colour under it (GIMP's "save
/// colour values from transparent pixels"), a layer faded to 1% keeps all of it, and a band of
/// text erased or faded so was published in the PNG fallback, readable once its alpha was set
/// opaque (rounds 38 and 39).
struct TransparentColourTests {
    @Test(arguments: [ImageProcessor.Format.png, .webp])
    func whatIsErasedToTransparencyIsNotPublished(format: ImageProcessor.Format) throws {
        // 40×30: the left half opaque red, the right half transparent and blue beneath.
        var rows: [UInt8] = []
        for _ in 0..<30 {
            rows.append(0)  // no filter
            for column in 0..<40 { rows += column < 20 ? [200, 0, 0, 255] : [0, 0, 255, 0] }
        }
        let source = UprightPhotoVariantTests.png(width: 40, height: 30, rows: rows, colourType: 6)
        let published = try ImageProcessor.resize(source, toWidth: 40, as: format, quality: 90)
        #expect((published.width, published.height) == (40, 30))
        // The mean over every pixel, alpha not weighed in: the blue beneath is gone.
        let colour = try ImageProcessor.averageColor(of: published.bytes)
        #expect(colour.blue <= 10 && colour.red >= 95, "\(colour)")  // lossy WebP blurs its edge a little
    }

    /// Under alpha 1 a browser keeps one bit a sample: (37, 150, 201) is drawn as (0, 128,
    /// 128) would be, in Chromium (which rounds the premultiplied sample) and in WebKit (which
    /// floors it), and published so.
    @Test func whatIsFadedToNearlyNothingKeepsOnlyWhatBrowsersDraw() throws {
        var rows: [UInt8] = []
        for _ in 0..<30 {
            rows.append(0)
            for column in 0..<40 { rows += column < 20 ? [200, 0, 0, 255] : [37, 150, 201, 1] }
        }
        let source = UprightPhotoVariantTests.png(width: 40, height: 30, rows: rows, colourType: 6)
        let published = try ImageProcessor.resize(source, toWidth: 40, as: .png, quality: 90)
        let colour = try ImageProcessor.averageColor(of: published.bytes)
        #expect((colour.red, colour.green, colour.blue) == (100, 64, 64), "\(colour)")
    }

    /// The cache check refuses a PNG with colour under its transparent pixels that browsers do
    /// not draw, which the build never writes: a message written under alpha 0, or in the low
    /// bits of alpha 1, decoded as the build's own picture.
    @Test(
        arguments: [
            ([0, 0, 3, 0], true), ([0, 0, 3, 1], true), ([100, 0, 0, 2], true), ([0, 5, 0, 100], true),
            ([0, 0, 0, 0], false), ([0, 255, 0, 1], false), ([128, 0, 255, 2], false), ([1, 2, 3, 255], false),
        ] as [([UInt8], Bool)])
    func colourNotDrawnIsFound(hiddenPixel: [UInt8], found: Bool) throws {
        var rows: [UInt8] = []
        for _ in 0..<3 {
            rows.append(0)
            for column in 0..<4 { rows += column < 2 ? [200, 0, 0, 255] : hiddenPixel }
        }
        let image = UprightPhotoVariantTests.png(width: 4, height: 3, rows: rows, colourType: 6)
        #expect(try ImageProcessor.hasColourNotDrawn(image) == found)
    }

    /// Every colour at every alpha, as published, is one browsers keep whole: the check takes
    /// what the build writes.
    @Test func whatTheBuildWritesPassesTheCheck() throws {
        var rows: [UInt8] = []
        for row in 0..<256 {
            rows.append(0)
            for column in 0..<256 { rows += [UInt8(row), UInt8(255 - row), UInt8((row * 37 + column) % 256), UInt8(column)] }
        }
        let source = UprightPhotoVariantTests.png(width: 256, height: 256, rows: rows, colourType: 6)
        #expect(try ImageProcessor.hasColourNotDrawn(source))
        let published = try ImageProcessor.resize(source, toWidth: 256, as: .png, quality: 90)
        #expect(try !ImageProcessor.hasColourNotDrawn(published.bytes))
    }
}
