import ImageProcessing
import Testing

/// A fully transparent pixel is published without its colour: an author's eraser clears alpha
/// and keeps the colour under it (GIMP's "save colour values from transparent pixels"), and a
/// band of text erased so was published in the PNG fallback, readable once its alpha was set
/// opaque (round 38).
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

    /// The cache check refuses a PNG with colour under its fully transparent pixels, which the
    /// build never writes: a message written there decoded as the build's own picture.
    @Test func colourUnderTransparencyIsFound() throws {
        var rows: [UInt8] = []
        for _ in 0..<3 {
            rows.append(0)
            for column in 0..<4 { rows += column < 2 ? [200, 0, 0, 255] : [0, 0, UInt8(column), 0] }
        }
        let hidden = UprightPhotoVariantTests.png(width: 4, height: 3, rows: rows, colourType: 6)
        #expect(try ImageProcessor.hasColourUnderTransparency(hidden))
        let published = try ImageProcessor.resize(hidden, toWidth: 4, as: .png, quality: 90)
        #expect(try !ImageProcessor.hasColourUnderTransparency(published.bytes))
    }
}
