import AppDefModel

/// An input for a rule's documentation and tests.
///
/// `text` is either a whole document (it starts with `<?xml` or `<app-definition`, or is not
/// XML at all) or a fragment of onboarding screens that ``document`` wraps in an appDef.
/// `↓` marks the position a diagnostic must point at; it is removed from the document.
public struct RuleExample: Sendable, Hashable {
    /// An image file placed in the example project's `images/onboarding` folder.
    public enum ImageFile: Sendable, Hashable {
        /// A valid 4x3 PNG.
        case png
        /// A valid 4x3 baseline JPEG.
        case jpeg
        /// Bytes that are no image at all.
        case text
        /// A 4x3 PNG whose chunks are whole but whose header no decoder accepts (bit depth 3).
        case pngWithInvalidHeader
        /// A valid 4x3 JPEG made over 1 MB by comment segments, as a camera's metadata can.
        case jpegOverOneMegabyte
        /// A valid 4x3 animated PNG of two frames (red, then blue), its default image the first.
        case animatedPNG
        /// A valid 4x3 CMYK JPEG of cyan ink with a CMYK colour profile.
        case cmykJPEGWithProfile
        /// An SVG file with this text.
        case svg(String)
    }

    /// A file placed in the example project's `fonts` folder, beside the appDef.
    public enum FontFile: Sendable, Hashable {
        /// A small TrueType font: one empty glyph, and the tables every font needs.
        case trueType
        /// A file holding this text: a page, a script, an SVG font.
        case text(String)
        /// The small TrueType font with a box for each printable ASCII character: it draws an
        /// English text.
        case trueTypeDrawingASCII
        /// The same font with an empty glyph for 'W': text with a W is drawn with nothing.
        case trueTypeDrawingNothing
    }

    public var text: String
    /// Files of the images folder by name.
    public var images: [String: ImageFile]
    /// Files of the fonts folder by name.
    public var fonts: [String: FontFile]
    /// Whether the example holds as well in the appDef's other form: the PWA data export's short
    /// tags on one line, or a project file's long tags. Its tests run it in both; an example
    /// about one form's own syntax says `false`.
    public var holdsInBothForms: Bool
    /// Where the example is written, so that a failing example's test points at it.
    public var fileID: String
    public var filePath: String
    public var line: Int

    public init(
        _ text: String, images: [String: ImageFile] = [:], fonts: [String: FontFile] = [:], holdsInBothForms: Bool = true,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        self.text = text
        self.images = images
        self.fonts = fonts
        self.holdsInBothForms = holdsInBothForms
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    /// The marker of an expected diagnostic position.
    public static let marker: Character = "↓"

    /// The full appDef text, markers removed.
    public var document: String {
        var body = markedDocument
        body.removeAll { $0 == Self.marker }
        return body
    }

    /// The full appDef text, markers kept: a fragment wrapped in an appDef.
    public var markedDocument: String {
        Self.wrapsInAppDef(text) ? Self.prefix(for: text) + text + Self.suffix : text
    }

    /// The positions the markers stand at, in the full document.
    public var markedPositions: [(line: Int, column: Int)] {
        var positions: [(Int, Int)] = []
        let full = markedDocument
        var line = 1
        var column = 1
        for character in full {
            if character == Self.marker {
                positions.append((line, column))
                continue
            }
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return positions
    }

    private static func wrapsInAppDef(_ text: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace }
        return trimmed.hasPrefix("<onboarding-screen")
    }

    /// The appDef around a fragment: the button words of every language the fragment uses, so
    /// that the example is a whole, clean appDef (a non-triggering example gives no diagnostic).
    private static func prefix(for fragment: String) -> String {
        var languages = ["en"]
        for match in fragment.matches(of: /lang="([^"]*)"/) where !AppDefVocabulary.isDefaultKeyword(String(match.output.1)) {
            let language = String(match.output.1)
            if !languages.contains(language) { languages.append(language) }
        }
        let mappings = ["Button_Skip", "Button_Next", "Button_Start"].map { id in
            "<translation-mapping id=\"\(id)\">"
                + languages.map { "<translation lang=\"\($0)\">\(id.dropFirst(7))</translation>" }.joined() + "</translation-mapping>"
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB" program-version="12.3">
            <translation-mappings default-lang="en">\(mappings.joined())</translation-mappings>
            <onboarding-screens>

            """
    }

    private static let suffix = """

        </onboarding-screens>
        </app-definition>

        """
}
