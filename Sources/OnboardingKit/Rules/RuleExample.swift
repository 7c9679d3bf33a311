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
    }

    public var text: String
    /// Files of the images folder by name.
    public var images: [String: ImageFile]

    public init(_ text: String, images: [String: ImageFile] = [:]) {
        self.text = text
        self.images = images
    }

    /// The marker of an expected diagnostic position.
    public static let marker: Character = "↓"

    /// The full appDef text, markers removed.
    public var document: String {
        var body = text
        body.removeAll { $0 == Self.marker }
        return Self.wrapsInAppDef(text) ? Self.prefix + body + Self.suffix : body
    }

    /// The positions the markers stand at, in the full document.
    public var markedPositions: [(line: Int, column: Int)] {
        var positions: [(Int, Int)] = []
        let full = Self.wrapsInAppDef(text) ? Self.prefix + text + Self.suffix : text
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

    private static let prefix = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB" program-version="12.3">
        <onboarding-screens>

        """
    private static let suffix = """

        </onboarding-screens>
        </app-definition>

        """
}
