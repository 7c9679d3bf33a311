internal import CFonts

/// Why a font could not be made into what the carousel publishes: a library missing, what
/// HarfBuzz or the woff2 library said of the font, or a font the build will not publish.
package struct FontProcessingFailure: Error, Sendable, CustomStringConvertible, Equatable {
    package let description: String
    /// Whether the font is sound but the build will not publish it (too large to publish whole,
    /// its glyphs bitmaps only, a table copied as it is holding more than the font's data),
    /// rather than damaged.
    package let isRefusal: Bool

    package init(_ description: String, isRefusal: Bool = false) {
        self.description = description
        self.isRefusal = isRefusal
    }
}

/// The font libraries, each loaded (`dlopen`) once for the process when first needed: a run
/// that publishes no font never maps them. When one is missing, every operation that needs it
/// throws what is missing and which package installs it.
enum FontLibraries {
    static let harfBuzz = load(cfonts_load_harfbuzz)
    static let woff2 = load(cfonts_load_woff2)

    private static func load(_ loader: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> FontProcessingFailure? {
        var message = [CChar](repeating: 0, count: 512)
        guard loader(&message, message.count) != 0 else { return nil }
        return FontProcessingFailure(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Throws why a library is missing.
    static func require(_ failure: FontProcessingFailure?) throws(FontProcessingFailure) {
        if let failure { throw failure }
    }

    /// HarfBuzz's version, as a cache key: another version may subset otherwise.
    static var harfBuzzVersion: String {
        harfBuzz == nil ? String(cString: cfonts_harfbuzz_version()) : "unavailable"
    }

    /// The message a C function wrote into `buffer`.
    static func text(of buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
