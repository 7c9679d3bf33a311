import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// An appDef comes in two forms: SAB's project files write long tags (`<translation>`,
/// `<feature>`, `<translation-mapping>`, `<color-mapping>`) pretty-printed; the PWA's data export
/// writes short ones (`<t>`, `<e>`, `<tm>`, `<cm>`), the whole document on one line. A rule's
/// example is run in the form it is written in and in the other one.
extension RuleExample {
    private static let renames = [("translation", "t"), ("feature", "e"), ("translation-mapping", "tm"), ("color-mapping", "cm")]

    /// Whether the example is written in the export's short form.
    var isShortForm: Bool {
        Self.renames.contains { _, short in markedDocument.contains("<\(short) ") || markedDocument.contains("<\(short)>") }
    }

    /// The same example in the other form, markers where the same things are, from the same
    /// place in the sources.
    func inOtherForm() -> RuleExample {
        var text = markedDocument
        let toShort = !isShortForm
        for (long, short) in Self.renames {
            let (from, to) = toShort ? (long, short) : (short, long)
            text = text.replacing(try! Regex("<(/?)\(from)(?=[\\s/>])"), with: { "<\($0.output[1].substring ?? "")\(to)" })
        }
        if toShort {
            // One line: the white space between one tag and the next goes, a marker stays.
            text = text.replacing(try! Regex(">\\s*\\n\\s*(↓?)<"), with: { ">\($0.output[1].substring ?? "")<" })
        }
        return RuleExample(text, images: images, fonts: fonts, holdsInBothForms: holdsInBothForms, fileID: fileID, filePath: filePath, line: line)
    }

    /// The example in each form it holds in: as written, and in the other form where it holds.
    var forms: [(name: String, example: RuleExample)] {
        let written = (isShortForm ? "short form" : "long form", self)
        guard holdsInBothForms else { return [written] }
        return [written, (isShortForm ? "long form" : "short form", inOtherForm())]
    }

    /// Where the example is written, for a failing expectation to point at.
    var sourceLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1)
    }
}
