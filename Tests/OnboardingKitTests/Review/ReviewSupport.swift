import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A review of an appDef written by a test into a temporary folder, with files beside it.
struct ReviewedAppDef {
    let folder = TemporaryFolder()
    let review: ReviewBuilder.Review

    init(_ text: String, files: [String: String] = [:], fonts: [String: DebianFonts.Font] = [:], options: BuildOptions = BuildOptions()) throws {
        for (path, contents) in files { try folder.write(path, contents) }
        for (path, font) in fonts { try folder.write(path, font: font) }
        try folder.write("app.appDef", text)
        review = ReviewBuilder(options: options).review(appDefBytes: Array(text.utf8), appDefPath: folder.path("app.appDef"))
    }

    var report: ReviewReport { review.report }

    func screen(_ number: Int) -> ScreenReview {
        report.screens[number - 1]
    }
}

extension ReviewReport {
    /// The review's language whose code is `code`.
    func language(_ code: String?) -> ReviewLanguage? {
        languages.first { $0.code == code }
    }
}
