import Foundation
import Testing

/// Lint reads an image's headers and the structure that says where it ends, never the whole
/// file: its memory does not grow with a photo's size.
@Suite(.timeLimit(.minutes(10)))
struct ImageMemoryTests {
    /// A PNG of 4000×4000 pixels whose data is `megabytes` chunks of 1 MB, whole and valid in
    /// structure (its checksums right: libvips reads its header).
    static func largePNG(megabytes: Int) -> Data {
        PNGChunks.file(
            header: Data([0, 0, 0x0F, 0xA0, 0, 0, 0x0F, 0xA0, 8, 2, 0, 0, 0]),
            data: Array(repeating: Data(count: 1 << 20), count: megabytes))
    }

    /// The peak memory of `lint` of an appDef whose one image is `png`.
    func peakOfLint(with png: Data) throws -> (status: Int, peakBytes: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-memory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("images/onboarding")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try png.write(to: images.appendingPathComponent("photo.png"))
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
        return (run.status, run.peakBytes)
    }

    /// 28 MiB is just under the largest image file lint accepts (``ImageFileSize``, 30 MB).
    @Test func lintOfA28MegabyteImageTakesNoMoreMemoryThanOfA1MegabyteOne() throws {
        let small = try peakOfLint(with: Self.largePNG(megabytes: 1))
        let large = try peakOfLint(with: Self.largePNG(megabytes: 28))
        #expect(small.status == 0)
        #expect(large.status == 0)
        // Reading the image whole took 28 MB more.
        #expect(large.peakBytes - small.peakBytes < 8 << 20, "peak memory \(small.peakBytes >> 20) MB, then \(large.peakBytes >> 20) MB")
    }

    /// A file over the limit is refused by its size, before anything reads it.
    @Test func lintOfA64MegabyteImageRefusesItWithoutReadingIt() throws {
        let small = try peakOfLint(with: Self.largePNG(megabytes: 1))
        let large = try peakOfLint(with: Self.largePNG(megabytes: 64))
        #expect(large.status == 1)
        #expect(large.peakBytes - small.peakBytes < 8 << 20, "peak memory \(small.peakBytes >> 20) MB, then \(large.peakBytes >> 20) MB")
    }
}
