import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

// MARK: - Hand-built samples

/// Minimal byte-level images, built here so each test states exactly what it feeds the parser.
private enum Sample {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ascii("IHDR") + be32(width) + be32(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]  // depth, colour type, ..., CRC (not checked)
    }

    /// SOI, APP0 (JFIF), DQT, then the frame header `sof` (C0 = baseline), a scan and EOI.
    static func jpeg(width: UInt16, height: UInt16, sof: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8]
            + [0xFF, 0xE0] + be16(16) + ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xDB] + be16(67) + [0] + [UInt8](repeating: 1, count: 64)
            + [0xFF, sof] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
            + [0xFF, 0xDA] + be16(12) + [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0] + [0x12, 0x34]
            + [0xFF, 0xD9]
    }

    /// A JPEG whose frame header is preceded by everything the walker must step over:
    /// fill bytes, a standalone marker, a DHT (C4) segment and JPG/DAC (C8/CC) segments.
    static func awkwardJPEG(width: UInt16, height: UInt16) -> [UInt8] {
        [0xFF, 0xD8]
            + [0xFF, 0xFF, 0xFF, 0xE1] + be16(6) + ascii("Exif")  // fill bytes before APP1
            + [0xFF, 0xD0]  // standalone RST0: no length
            + [0xFF, 0x01]  // standalone TEM: no length
            + [0xFF, 0xC4] + be16(7) + [0, 0, 0, 0, 0]  // DHT looks like an SOF but is not
            + [0xFF, 0xC8] + be16(4) + [0, 0]
            + [0xFF, 0xCC] + be16(6) + [0, 0, 0, 0]
            + [0xFF, 0xFE] + be16(5) + ascii("hi!")  // comment
            + [0xFF, 0xC2] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
            + [0xFF, 0xD9]
    }

    static func gif(width: UInt16, height: UInt16, version: String = "89a") -> [UInt8] {
        ascii("GIF" + version) + le16(width) + le16(height) + [0, 0, 0] + [0x3B]
    }

    static func webpLossy(width: UInt16, height: UInt16, scaleBits: UInt16 = 0) -> [UInt8] {
        let frame: [UInt8] =
            [0x50, 0x02, 0x00] + [0x9D, 0x01, 0x2A]
            + le16(width | scaleBits << 14) + le16(height | scaleBits << 14) + [0, 0]
        return riff(chunk: "VP8 ", frame)
    }

    static func webpLossless(width: UInt32, height: UInt32) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | 1 << 28  // alpha hint set, version 0
        return riff(chunk: "VP8L", [0x2F] + le32(bits) + [0, 0, 0])
    }

    static func webpExtended(width: UInt32, height: UInt32) -> [UInt8] {
        riff(chunk: "VP8X", [0x10, 0, 0, 0] + Array(le32(width - 1).prefix(3)) + Array(le32(height - 1).prefix(3)))
    }

    static func riff(chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let body = ascii("WEBP") + ascii(chunk) + le32(UInt32(payload.count)) + payload
        return ascii("RIFF") + le32(UInt32(body.count)) + body
    }

    /// An ISO base media `ftyp` box with the given brands.
    static func ftyp(major: String, compatible: [String]) -> [UInt8] {
        let body = ascii("ftyp") + ascii(major) + [0, 0, 0, 0] + compatible.flatMap(ascii)
        return be32(UInt32(body.count + 4)) + body + [0, 0, 0, 8] + ascii("meta")
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func le16(_ value: UInt16) -> [UInt8] { be16(value).reversed() }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    static func le32(_ value: UInt32) -> [UInt8] { be32(value).reversed() }
}

/// A sample with what the inspector must report for it.
struct ExpectedImage: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let format: ImageFormat
    let size: ImageSize?

    var testDescription: String { name }
}

private let simpleSVG = Sample.ascii(#"<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"/>"#)

private let inlineSamples: [ExpectedImage] = [
    .init(name: "PNG", bytes: Sample.png(width: 37, height: 21), format: .png, size: .init(width: 37, height: 21)),
    .init(
        name: "JPEG baseline", bytes: Sample.jpeg(width: 640, height: 480), format: .jpeg,
        size: .init(width: 640, height: 480)),
    .init(
        name: "JPEG progressive", bytes: Sample.jpeg(width: 3, height: 65_535, sof: 0xC2), format: .jpeg,
        size: .init(width: 3, height: 65_535)),
    .init(
        name: "JPEG awkward", bytes: Sample.awkwardJPEG(width: 101, height: 7), format: .jpeg,
        size: .init(width: 101, height: 7)),
    .init(name: "GIF89a", bytes: Sample.gif(width: 300, height: 2), format: .gif, size: .init(width: 300, height: 2)),
    .init(
        name: "GIF87a", bytes: Sample.gif(width: 1, height: 1, version: "87a"), format: .gif,
        size: .init(width: 1, height: 1)),
    .init(
        name: "WebP lossy", bytes: Sample.webpLossy(width: 550, height: 368, scaleBits: 2), format: .webp,
        size: .init(width: 550, height: 368)),
    .init(
        name: "WebP lossless", bytes: Sample.webpLossless(width: 16_384, height: 3), format: .webp,
        size: .init(width: 16_384, height: 3)),
    .init(
        name: "WebP extended", bytes: Sample.webpExtended(width: 1 << 24, height: 77), format: .webp,
        size: .init(width: 1 << 24, height: 77)),
    .init(name: "SVG", bytes: simpleSVG, format: .svg, size: .init(width: 320, height: 200)),
]

// MARK: - Format identification

@Suite("ImageFormat")
struct ImageFormatTests {
    @Test func supportedFormatsAreExactlyTheBrowserOnes() {
        let supported = Set(ImageFormat.allCases.filter(\.isSupported))
        #expect(supported == [.png, .jpeg, .gif, .webp, .svg])
    }

    @Test(arguments: [
        (ImageFormat.png, "PNG", "png"), (.jpeg, "JPEG", "jpg"), (.gif, "GIF", "gif"), (.webp, "WebP", "webp"),
        (.svg, "SVG", "svg"), (.bmp, "BMP", "bmp"), (.tiff, "TIFF", "tiff"), (.heic, "HEIC", "heic"),
        (.avif, "AVIF", "avif"), (.ico, "ICO", "ico"), (.psd, "Photoshop (PSD)", "psd"),
    ])
    func namesAndExtensions(format: ImageFormat, displayName: String, preferredExtension: String) {
        #expect(format.displayName == displayName)
        #expect(format.preferredExtension == preferredExtension)
        #expect(ImageFormat.fromFileExtension(format.preferredExtension) == format)
    }

    @Test(arguments: [
        ("png", ImageFormat.png), ("PNG", .png), ("jpg", .jpeg), ("JPEG", .jpeg), ("jpe", .jpeg), ("jfif", .jpeg),
        ("Gif", .gif), ("webp", .webp), ("svg", .svg), ("bmp", .bmp), ("tif", .tiff), ("TIFF", .tiff),
        ("heic", .heic), ("heif", .heic), ("avif", .avif), ("ico", .ico), ("psd", .psd),
    ])
    func knownExtensions(ext: String, format: ImageFormat) {
        #expect(ImageFormat.fromFileExtension(ext) == format)
    }

    @Test(arguments: ["", "txt", "svgz", ".png", "png ", "jpgx", "mp4"])
    func unknownExtensions(ext: String) {
        #expect(ImageFormat.fromFileExtension(ext) == nil)
    }
}

@Suite("ImageInspector.sniffFormat")
struct SniffFormatTests {
    @Test(arguments: inlineSamples)
    func sniffsSupportedSamples(sample: ExpectedImage) {
        #expect(ImageInspector.sniffFormat(sample.bytes) == sample.format)
    }

    @Test(
        arguments: [
            ("BMP", Sample.ascii("BM") + [0x36, 0, 0, 0], ImageFormat.bmp),
            ("TIFF little-endian", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
            ("TIFF big-endian", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
            ("HEIC", Sample.ftyp(major: "heic", compatible: ["mif1", "heic"]), .heic),
            ("HEIX", Sample.ftyp(major: "heix", compatible: []), .heic),
            ("HEIF generic", Sample.ftyp(major: "mif1", compatible: ["heic"]), .heic),
            ("HEIF sequence", Sample.ftyp(major: "msf1", compatible: []), .heic),
            ("AVIF", Sample.ftyp(major: "avif", compatible: ["mif1", "miaf"]), .avif),
            ("AVIF sequence", Sample.ftyp(major: "avis", compatible: []), .avif),
            ("AVIF with generic major brand", Sample.ftyp(major: "mif1", compatible: ["miaf", "avif"]), .avif),
            ("ICO", [0x00, 0x00, 0x01, 0x00, 1, 0], .ico),
            ("PSD", Sample.ascii("8BPS") + [0, 1], .psd),
        ] as [(String, [UInt8], ImageFormat)])
    func sniffsRecognisedButUnsupportedFormats(name: String, bytes: [UInt8], format: ImageFormat) {
        #expect(ImageInspector.sniffFormat(bytes) == format, "\(name)")
        #expect(!format.isSupported)
        #expect(ImageInspector.size(of: bytes, format: format) == nil, "no size for unsupported formats")
    }

    @Test(
        arguments: [
            ("empty", []),
            ("text", Sample.ascii("hello world")),
            ("HTML", Sample.ascii("<!doctype html><html><svg></svg></html>")),
            ("MP4", Sample.ftyp(major: "isom", compatible: ["iso2", "mp41"])),
            ("RIFF WAVE", Sample.ascii("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ")),
            ("GIF without version", Sample.ascii("GIF")),
            ("PNG signature cut short", [0x89, 0x50, 0x4E, 0x47]),
            ("JPEG SOI only", [0xFF, 0xD8]),
            ("XML that is not SVG", Sample.ascii(#"<?xml version="1.0"?><svgx width="1"/>"#)),
            ("text before svg", Sample.ascii(#"oops <svg width="1" height="1"/>"#)),
        ] as [(String, [UInt8])])
    func rejectsOtherContent(name: String, bytes: [UInt8]) {
        #expect(ImageInspector.sniffFormat(bytes) == nil, "\(name)")
    }

    @Test func sniffsSVGWithPrologAndDoctype() {
        let svg =
            "\u{FEFF}<?xml version=\"1.0\" standalone=\"no\"?>\n<!-- made by hand -->\n"
            + "<?xml-stylesheet href=\"a.css\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
            + "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\" [ <!ENTITY e \"]>\"> ]>\n"
            + "<svg\n  width=\"10\" height=\"10\"></svg>"
        // An SVG with a DTD of its own is an SVG (refused as such when published): its size is
        // never read past the DTD, which is never read.
        #expect(ImageInspector.sniffFormat(Array(svg.utf8)) == .svg)
        #expect(ImageInspector.size(of: Array(svg.utf8), format: .svg) == nil)
    }

    /// The SVG 1.1 DOCTYPE that authoring tools write names a DTD and declares nothing: it is
    /// passed over, never loaded.
    @Test func readsSVGWithThePlainDoctypeEditorsWrite() {
        let svg =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Generator: Adobe Illustrator 27.0 -->\n"
            + "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
            + "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"10cm\" height=\"5cm\"><rect width=\"1\" height=\"1\"/></svg>"
        #expect(ImageInspector.sniffFormat(Array(svg.utf8)) == .svg)
        #expect(ImageInspector.size(of: Array(svg.utf8), format: .svg) == ImageSize(width: 378, height: 189))
    }

    @Test func aLongPrologDoesNotHideTheRootAndUTF16IsRead() {
        let far = "<!--" + String(repeating: " ", count: 20_000) + "--><svg width=\"5\" height=\"6\"/>"
        #expect(ImageInspector.sniffFormat(Array(far.utf8)) == .svg)
        #expect(ImageInspector.size(of: Array(far.utf8), format: .svg) == ImageSize(width: 5, height: 6))
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("<svg width=\"3\" height=\"4\"/>".utf8).flatMap { [$0, 0] }
        #expect(ImageInspector.sniffFormat(utf16) == .svg)
        #expect(ImageInspector.size(of: utf16, format: .svg) == ImageSize(width: 3, height: 4))
    }
}

// MARK: - Raster sizes

@Suite("ImageInspector.size (raster)")
struct RasterSizeTests {
    @Test(arguments: inlineSamples)
    func readsExactSizes(sample: ExpectedImage) {
        #expect(ImageInspector.size(of: sample.bytes, format: sample.format) == sample.size)
    }

    @Test(arguments: inlineSamples)
    func wrongFormatGivesNil(sample: ExpectedImage) {
        for other in ImageFormat.allCases where other != sample.format {
            #expect(ImageInspector.size(of: sample.bytes, format: other) == nil, "\(other)")
        }
    }

    @Test(
        arguments: [
            ("PNG zero width", Sample.png(width: 0, height: 5), ImageFormat.png),
            ("PNG zero height", Sample.png(width: 5, height: 0), .png),
            ("PNG beyond 2^31-1", Sample.png(width: 0x8000_0000, height: 1), .png),
            ("JPEG zero height (DNL)", Sample.jpeg(width: 5, height: 0), .jpeg),
            ("JPEG zero width", Sample.jpeg(width: 0, height: 5), .jpeg),
            ("GIF 0x0", Sample.gif(width: 0, height: 0), .gif),
            ("WebP lossy zero width", Sample.webpLossy(width: 0, height: 9), .webp),
            ("WebP lossy scale bits only", Sample.webpLossy(width: 0, height: 0, scaleBits: 3), .webp),
        ] as [(String, [UInt8], ImageFormat)])
    func zeroOrOutOfRangeSizesGiveNil(name: String, bytes: [UInt8], format: ImageFormat) {
        #expect(ImageInspector.size(of: bytes, format: format) == nil, "\(name)")
    }

    @Test func hugeDeclaredSizesAreReportedNotAllocated() {
        #expect(
            ImageInspector.size(of: Sample.png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), format: .png)
                == ImageSize(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
        #expect(
            ImageInspector.size(of: Sample.gif(width: 65_535, height: 65_535), format: .gif)
                == ImageSize(width: 65_535, height: 65_535))
        #expect(
            ImageInspector.size(of: Sample.webpExtended(width: 1 << 24, height: 1 << 24), format: .webp)
                == ImageSize(width: 1 << 24, height: 1 << 24))
    }

    @Test func corruptHeadersGiveNil() {
        var png = Sample.png(width: 3, height: 3)
        png[12] = UInt8(ascii: "X")  // IHDR is not the first chunk
        #expect(ImageInspector.size(of: png, format: .png) == nil)

        // JPEG: a segment length below 2, a scan before any frame header, garbage between segments.
        #expect(ImageInspector.size(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0, 0], format: .jpeg) == nil)
        #expect(ImageInspector.size(of: [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x04, 0, 0, 0xFF, 0xD9], format: .jpeg) == nil)
        #expect(ImageInspector.size(of: [0xFF, 0xD8, 0x12, 0xFF, 0xC0], format: .jpeg) == nil)
        #expect(ImageInspector.size(of: [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 10_000), format: .jpeg) == nil)

        var lossy = Sample.webpLossy(width: 4, height: 4)
        lossy[20] |= 1  // not a key frame
        #expect(ImageInspector.size(of: lossy, format: .webp) == nil)
        var lossless = Sample.webpLossless(width: 4, height: 4)
        lossless[20] = 0x2E  // wrong signature
        #expect(ImageInspector.size(of: lossless, format: .webp) == nil)
        #expect(ImageInspector.size(of: Sample.riff(chunk: "ALPH", [0, 0, 0, 0]), format: .webp) == nil)
    }
}

// MARK: - SVG sizes

@Suite("ImageInspector.size (SVG)")
struct SVGSizeTests {
    @Test(
        arguments: [
            (#"width="320" height="200""#, ImageSize(width: 320, height: 200)),
            (#"width="320px" height="200PX""#, .init(width: 320, height: 200)),
            (#"width='320.5' height='199.4'"#, .init(width: 321, height: 199)),
            (#"width=" 48 " height="1e2""#, .init(width: 48, height: 100)),
            (#"width=".5e1" height="+7.""#, .init(width: 5, height: 7)),
            (#"viewBox="0 0 100 50""#, .init(width: 100, height: 50)),
            (#"viewBox="-10,-10,100,50""#, .init(width: 100, height: 50)),
            (#"viewBox=" 0, 0  100.6 ,49.5 ""#, .init(width: 101, height: 50)),
            (#"viewBox="0 0 24 24" width="100%" height="100%""#, .init(width: 24, height: 24)),
            (#"width="2em" height="3in" viewBox="0 0 30 15""#, .init(width: 576, height: 288)),  // em defers to the viewBox
            (#"width="210mm" height="297mm""#, .init(width: 794, height: 1123)),
            (#"width="8.5in" height="11in""#, .init(width: 816, height: 1056)),
            (#"width="72pt" height="6pc""#, .init(width: 96, height: 96)),
            (#"width="2.54cm" height="10Q""#, .init(width: 96, height: 9)),
            (#"width="48" viewBox="0 0 24 12""#, .init(width: 48, height: 24)),
            (#"height="30" width="auto" viewBox="0 0 20 10""#, .init(width: 60, height: 30)),
            (#"data-width="9" width="10" height="20""#, .init(width: 10, height: 20)),
        ] as [(String, ImageSize)])
    func readsSizes(attributes: String, size: ImageSize) {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)><g/></svg>".utf8)
        #expect(ImageInspector.sniffFormat(svg) == .svg)
        #expect(ImageInspector.size(of: svg, format: .svg) == size)
    }

    @Test func toleratesWhitespaceAndNewlinesInTheTag() {
        let svg = "<svg\n\twidth\n=\n\"11\"\r\n height = '12' \n></svg>"
        #expect(ImageInspector.size(of: Array(svg.utf8), format: .svg) == ImageSize(width: 11, height: 12))
    }

    @Test(arguments: [
        "",  // no size at all
        #"width="320""#,  // one side and nothing to scale the other by
        #"width="100%" height="100%""#,
        #"width="0" height="10""#,
        #"width="10" height="0.4""#,  // rounds to zero
        #"width="-5" height="5""#,
        #"width="inf" height="nan""#,
        #"width="0x10" height="0x10""#,
        #"width="1e999" height="1""#,
        #"viewBox="0 0 0 10""#,
        #"viewBox="0 0 10 -10""#,
        #"viewBox="0 0 10""#,
        #"viewBox="0 0 10 10 10""#,
        #"viewBox="0 0 10px 10""#,
        #"width="1" width="2" height="3""#,  // duplicate attribute: ill-formed
        #"width=10 height=10"#,  // unquoted
        #"width="10" height="10"#,  // unterminated quote
        #"width="10" height"#,
    ])
    func givesNilWithoutAUsableSize(attributes: String) {
        let svg = Array("<svg \(attributes)></svg>".utf8)
        #expect(ImageInspector.size(of: svg, format: .svg) == nil)
    }

    @Test func skipsPrologBeforeTheRoot() {
        let svg =
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- <svg width=\"1\" height=\"1\"> -->\n"
            + "<?pi data?>\r\n<svg width='64' height='48' viewBox='0 0 32 24'/>"
        #expect(ImageInspector.size(of: Array(svg.utf8), format: .svg) == ImageSize(width: 64, height: 48))
    }

    @Test(arguments: [
        #"<!DOCTYPE svg [<!ENTITY w "1">]><svg width="1" height="1"/>"#,  // never read past a DTD of its own
        #"<html><svg width="1" height="1"/></html>"#,  // not the root
        #"<svgx width="1" height="1"/>"#,
        #"<!-- unterminated <svg width="1" height="1"/>"#,
        #"<?xml version="1.0" <svg width="1" height="1"/>"#,
        #"<svg"#,
        #"<svg width="1" height="1""#,  // no end of tag
        #"text <svg width="1" height="1"/>"#,
    ])
    func rejectsDocumentsWithoutAReadableRoot(text: String) {
        #expect(ImageInspector.size(of: Array(text.utf8), format: .svg) == nil)
    }
}

// MARK: - Real files

/// Files produced by Pillow (and one hand-written SVG), named after their true sizes.
private let fixtureExpectations: [String: (ImageFormat, ImageSize)] = [
    "sample-37x21.png": (.png, .init(width: 37, height: 21)),
    "sample-baseline-41x23.jpg": (.jpeg, .init(width: 41, height: 23)),
    "sample-progressive-53x29.jpg": (.jpeg, .init(width: 53, height: 29)),
    "sample-19x43.gif": (.gif, .init(width: 19, height: 43)),
    "sample-lossy-45x27.webp": (.webp, .init(width: 45, height: 27)),  // "VP8 "
    "sample-lossless-31x17.webp": (.webp, .init(width: 31, height: 17)),  // "VP8L"
    "sample-alpha-27x35.webp": (.webp, .init(width: 27, height: 35)),  // "VP8X" + ALPH
    "sample-64x48.svg": (.svg, .init(width: 64, height: 48)),
]

private func fixtureFolder() throws -> URL {
    let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return fixtures.appendingPathComponent("images", isDirectory: true)
}

private func fixture(_ name: String) throws -> ExpectedImage {
    let (format, size) = try #require(fixtureExpectations[name])
    let bytes = try [UInt8](Data(contentsOf: fixtureFolder().appendingPathComponent(name)))
    return ExpectedImage(name: name, bytes: bytes, format: format, size: size)
}

@Suite("ImageInspector on real files")
struct FixtureImageTests {
    @Test func everyFixtureHasAnExpectation() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtureFolder().path)
        #expect(Set(names) == Set(fixtureExpectations.keys))
    }

    @Test(arguments: fixtureExpectations.keys.sorted())
    func identifiesAndMeasures(name: String) throws {
        let sample = try fixture(name)
        let ext = String(name.split(separator: ".").last ?? "")
        #expect(ImageFormat.fromFileExtension(ext) == sample.format)
        #expect(ImageInspector.sniffFormat(sample.bytes) == sample.format)
        #expect(ImageInspector.size(of: sample.bytes, format: sample.format) == sample.size)
    }

    @Test(arguments: fixtureExpectations.keys.sorted())
    func survivesEveryTruncation(name: String) throws {
        try checkEveryPrefix(of: fixture(name))
    }

    @Test(arguments: fixtureExpectations.keys.sorted())
    func survivesByteMutations(name: String) throws {
        let sample = try fixture(name)
        var random = SplitMix64(seed: 0xC0FFEE)
        for _ in 0..<300 {
            var bytes = sample.bytes
            for _ in 0...random.next(below: 4) {
                bytes[random.next(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            checkNoNonsense(bytes)
        }
    }
}

// MARK: - Robustness

@Suite("ImageInspector robustness")
struct RobustnessTests {
    @Test(arguments: inlineSamples)
    func survivesEveryTruncation(sample: ExpectedImage) {
        checkEveryPrefix(of: sample)
    }

    @Test func survivesRandomBytes() {
        var random = SplitMix64(seed: 2_024)
        for _ in 0..<3_000 {
            let bytes = (0..<random.next(below: 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            checkNoNonsense(bytes)
        }
    }

    /// Random data behind each real signature gets past the sniffing into the size parsers.
    @Test(arguments: inlineSamples)
    func survivesRandomBytesAfterASignature(sample: ExpectedImage) {
        var random = SplitMix64(seed: UInt64(sample.bytes.count))
        let signatureLength = sample.format == .webp ? 16 : min(8, sample.bytes.count)
        for _ in 0..<1_000 {
            let tail = (0..<random.next(below: 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            checkNoNonsense(Array(sample.bytes.prefix(signatureLength)) + tail)
        }
    }
}

/// Every prefix either reports exactly the full file's answer or nothing.
private func checkEveryPrefix(of sample: ExpectedImage) {
    for length in 0...sample.bytes.count {
        let prefix = Array(sample.bytes.prefix(length))
        let sniffed = ImageInspector.sniffFormat(prefix)
        #expect(sniffed == nil || sniffed == sample.format, "\(sample.name) prefix \(length)")
        let size = ImageInspector.size(of: prefix, format: sample.format)
        #expect(size == nil || size == sample.size, "\(sample.name) prefix \(length)")
    }
}

/// No trap, and never a non-positive size, whatever the bytes and claimed format.
private func checkNoNonsense(_ bytes: [UInt8]) {
    _ = ImageInspector.sniffFormat(bytes)
    for format in ImageFormat.allCases {
        if let size = ImageInspector.size(of: bytes, format: format) {
            #expect(size.width > 0 && size.height > 0, "\(format) \(bytes)")
        }
    }
}

/// A tiny seeded generator so that the random tests are the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
