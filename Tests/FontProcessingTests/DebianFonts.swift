import Foundation
import Testing

/// Real fonts of Debian's packages, which `make test` installs (`test-deps`): SIL's fonts for
/// the scripts the carousel is made for, and URW's for CFF outlines.
enum DebianFonts {
    /// Charis SIL: Latin and Cyrillic, with the letters of many minority languages.
    static let charis = Font(path: "/usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf", package: "fonts-sil-charis")
    static let charisBold = Font(path: "/usr/share/fonts/truetype/charis/CharisSIL-Bold.ttf", package: "fonts-sil-charis")
    /// Andika: Latin for readers learning to read.
    static let andika = Font(path: "/usr/share/fonts/truetype/andika/Andika-Regular.ttf", package: "fonts-sil-andika")
    /// Abyssinica SIL: Ethiopic (Amharic, Tigrinya).
    static let abyssinica = Font(path: "/usr/share/fonts/truetype/abyssinica/AbyssinicaSIL-Regular.ttf", package: "fonts-sil-abyssinica")
    /// Scheherazade: Arabic, whose letters join.
    static let scheherazade = Font(path: "/usr/share/fonts/truetype/scheherazade/Scheherazade-Regular.ttf", package: "fonts-sil-scheherazade")
    /// Padauk: Myanmar, whose vowels and medials reorder.
    static let padauk = Font(path: "/usr/share/fonts/truetype/padauk/Padauk-Regular.ttf", package: "fonts-sil-padauk")
    /// Liberation Sans: Latin, kerned in both the 'GPOS' and the legacy 'kern' table.
    static let liberationSans = Font(path: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", package: "fonts-liberation")
    /// Noto Nastaliq Urdu: Urdu in the Nastaliq style, whose tatweel joins with no ink of its own.
    static let notoNastaliqUrdu = Font(path: "/usr/share/fonts/truetype/noto/NotoNastaliqUrdu-Regular.ttf", package: "fonts-noto-core")
    /// DejaVu Sans: Latin, Greek, Cyrillic, and braille, whose blank cell has no outline.
    static let dejaVuSans = Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", package: "fonts-dejavu-core")
    /// C059 (URW's Century Schoolbook): an OpenType font with CFF outlines.
    static let c059 = Font(path: "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf", package: "fonts-urw-base35")

    struct Font: Sendable, CustomTestStringConvertible {
        let path: String
        let package: String

        var testDescription: String { URL(fileURLWithPath: path).lastPathComponent }

        /// The font's bytes; a test fails, saying which package to install, without it.
        func bytes(sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
            let data = try #require(
                FileManager.default.contents(atPath: path), "\(path) is missing: install Debian's \(package) (make test-deps)",
                sourceLocation: sourceLocation)
            return [UInt8](data)
        }
    }
}
