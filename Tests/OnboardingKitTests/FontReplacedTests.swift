import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A font is read again by the build, and never past the largest font taken: it may have been
/// replaced after lint looked at it.
struct FontReplacedTests {
    @Test func aFontThatGrewAfterLintIsRefusedUnread() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", WholeFontTests.appDef)
        try folder.write("fonts/Kerned.ttf", Data(try DebianFonts.liberationSans.bytes()))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        // A sparse file of 64 GB in its place: the build trapped, failing to allocate it.
        let handle = try #require(FileHandle(forWritingAtPath: folder.path("fonts/Kerned.ttf")))
        try handle.truncate(atOffset: UInt64(64) << 30)
        try handle.close()
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.hasPrefix("'Kerned.ttf' is not a font the build can publish: it is 65536 MB, more than the 32 MB"), "\(message)")
    }
}
