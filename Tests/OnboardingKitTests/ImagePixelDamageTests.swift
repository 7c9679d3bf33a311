import Foundation
import Testing

@testable import AppDefModel
@testable import Linting
@testable import OnboardingKit

/// An image whose header libvips reads and whose pixel data it cannot decode is lint's error,
/// as it is the build's: lint read the header alone, passed a PNG whose compressed data was
/// scrambled (its chunks whole, their CRCs right), and the build failed on it.
struct ImagePixelDamageTests {
    /// The CRC-32 of PNG's chunks (and zlib's).
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The examples' 4x3 PNG with the deflate data of its IDAT inverted, its CRC made right.
    static func scrambledPNG() throws -> [UInt8] {
        var png = ExampleProject.bytes(of: .png)
        let type = try #require(png.indices.first { Array(png[$0..<min($0 + 4, png.count)]) == Array("IDAT".utf8) })
        let length = Int(png[type - 4]) << 24 | Int(png[type - 3]) << 16 | Int(png[type - 2]) << 8 | Int(png[type - 1])
        // After zlib's two-byte header, before its four-byte check value.
        for index in type + 4 + 2..<type + 4 + length - 4 { png[index] ^= 0xFF }
        let crc = Self.crc32(png[type..<type + 4 + length])
        png.replaceSubrange(type + 4 + length..<type + 8 + length, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        return png
    }

    @Test func anImageWhosePixelsDoNotDecodeIsLintsError() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB">
              <onboarding-screen>
                <title type="top-title"><t>Welcome</t></title>
                <onboarding-screen-image lang="default"><image>damaged.png</image></onboarding-screen-image>
              </onboarding-screen>
            </app-definition>
            """)
        try folder.write("images/onboarding/damaged.png", Data(try Self.scrambledPNG()))
        #expect(ImageInspector.size(of: try Self.scrambledPNG(), format: .png) == ImageSize(width: 4, height: 3), "its header reads")
        let diagnostics = Linter(options: LintOptions(rules: try RuleSelection(disable: [], enable: []))).lint(path: folder.path("app.appDef"))
        let found = diagnostics.filter { $0.ruleID == "image-not-decodable" }
        #expect(found.count == 1, "\(diagnostics.map(\.message))")
        #expect(found.first?.message.contains("'damaged.png' cannot be read by libvips") == true, "\(found.map(\.message))")
        // The examples' PNG, whole, passes.
        try folder.write("images/onboarding/damaged.png", Data(ExampleProject.bytes(of: .png)))
        let whole = Linter(options: LintOptions(rules: try RuleSelection(disable: [], enable: []))).lint(path: folder.path("app.appDef"))
        #expect(!whole.contains { $0.ruleID == "image-not-decodable" }, "\(whole.map(\.message))")
    }
}
