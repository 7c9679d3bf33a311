import Foundation
import Testing

/// Lint reads an image's headers and the structure that says where it ends, and decodes its
/// pixels a strip at a time, never the whole file at once: its memory does not grow with a
/// photo's size.
@Suite(.timeLimit(.minutes(10)))
struct ImageMemoryTests {
    /// A whole PNG of 3000 pixels a row, RGB, of some `megabytes` MB: its rows stored
    /// uncompressed, so that the file is as large as its pixels.
    static func largePNG(megabytes: Int) -> Data {
        let row = Data(count: 3 * 3000)
        return PNGChunks.image(width: 3000, height: (megabytes << 20) / (row.count + 1)) { _ in row }
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
