import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The whole output of each sample, compared with `Fixtures/golden/<sample>/`: every text file in
/// full, and `files.txt` listing every file with the SHA-256 of its bytes (images included).
/// Re-record with `RECORD_FIXTURES=1 swift test` and review the diff.
struct BuildGoldenTests {
    static let samples = Fixtures.sampleAppDefs

    @Test(arguments: samples)
    func sampleOutputMatchesItsGoldenFiles(_ appDef: URL) throws {
        let sample = appDef.deletingLastPathComponent().lastPathComponent
        let output = TemporaryFolder()
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: output.path("onboarding"))).build(appDefPath: appDef.path)
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        let files = filesUnder(output.path("onboarding"))
        let golden = Fixtures.folder("golden").appendingPathComponent(sample)

        let listing = files.keys.sorted().map { "\(SHA256.hexDigest(of: [UInt8](files[$0]!)))  \($0)" }.joined(separator: "\n") + "\n"
        expectMatchesGolden(listing, at: golden.appendingPathComponent("files.txt"))
        for (path, data) in files where Self.isText(path) {
            expectMatchesGolden(String(decoding: data, as: UTF8.self), at: golden.appendingPathComponent(path))
        }
    }

    @Test(arguments: samples)
    func everyImageOfTheSampleIsCopiedWithItsSize(_ appDef: URL) throws {
        let output = TemporaryFolder()
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: output.path("out"))).build(appDefPath: appDef.path)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output.path("out/onboarding.json")))) as? [String: Any]
        let screens = try #require(manifest?["screens"] as? [[String: Any]])
        var checked = 0
        for screen in screens {
            for case (_, let image as [String: Any]) in (screen["image"] as? [String: Any]) ?? [:] {
                let file = try #require(image["file"] as? String)
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output.path("out/" + file))))
                let format = try #require(ImageInspector.sniffFormat(bytes))
                let size = try #require(ImageInspector.size(of: bytes, format: format))
                #expect(image["width"] as? Int == size.width && image["height"] as? Int == size.height)
                #expect(file.range(of: #"^images/[A-Za-z0-9_-]+-[0-9a-f]{10}\.(png|jpg|jpeg)$"#, options: .regularExpression) != nil, "\(file)")
                checked += 1
            }
        }
        #expect(checked >= 2)
    }

    static func isText(_ path: String) -> Bool {
        [".html", ".css", ".js", ".json"].contains { path.hasSuffix($0) } || path == OutputRecord.fileName
    }
}
