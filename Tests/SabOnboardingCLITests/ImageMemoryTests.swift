import Foundation
import Testing

/// Lint reads an image's headers and the structure that says where it ends, never the whole
/// file: its memory does not grow with a photo's size.
@Suite(.timeLimit(.minutes(2)))
struct ImageMemoryTests {
    /// A PNG of 64 MB (4000×4000, its data in 64 chunks of 1 MB), whole and valid in structure.
    static func largePNG() -> Data {
        func chunk(_ type: String, _ data: Data) -> Data {
            var bytes = Data()
            withUnsafeBytes(of: UInt32(data.count).bigEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: Array(type.utf8))
            bytes.append(data)
            bytes.append(contentsOf: [0, 0, 0, 0])  // CRC: not checked by lint
            return bytes
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(chunk("IHDR", Data([0, 0, 0x0F, 0xA0, 0, 0, 0x0F, 0xA0, 8, 2, 0, 0, 0])))
        let megabyte = Data(count: 1 << 20)
        for _ in 0..<64 { png.append(chunk("IDAT", megabyte)) }
        png.append(chunk("IEND", Data()))
        return png
    }

    @Test func lintOfA64MegabyteImageStaysSmall() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-memory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("images/onboarding")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Self.largePNG().write(to: images.appendingPathComponent("photo.png"))
        let appDef = folder.appendingPathComponent("app.appDef")
        try Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>photo.png</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """.utf8
        ).write(to: appDef)

        let run = try PeakMemory.run(["lint", appDef.path])
        #expect(run.status == 0)
        // The tool itself takes about 20 MB; reading the image whole took 85 MB.
        #expect(run.peakBytes < 48 << 20, "peak memory \(run.peakBytes >> 20) MB")
    }
}
