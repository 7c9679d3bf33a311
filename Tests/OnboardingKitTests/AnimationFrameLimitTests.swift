import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// An animation of more frames than ``ImageCompleteness/maximumFrames`` is refused as soon as
/// its walk meets the first frame over: a GIF of a million frames of a few bytes each was
/// walked whole (13 s) before it was refused.
struct AnimationFrameLimitTests {
    /// Bytes in memory that remember the furthest byte read of them.
    final class FurthestRead: ImageBytes {
        let bytes: [UInt8]
        private(set) var furthest = -1

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var count: Int { bytes.count }

        func bytes(at offset: Int, count length: Int) -> [UInt8]? {
            let read = bytes.bytes(at: offset, count: length)
            if read != nil, length > 0 { furthest = max(furthest, offset + length - 1) }
            return read
        }

        func byte(at offset: Int) -> UInt8? {
            let read = bytes.byte(at: offset)
            if read != nil { furthest = max(furthest, offset) }
            return read
        }

        func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
            let found = bytes.firstIndex(of: byte, from: offset)
            furthest = max(furthest, found ?? bytes.count - 1)
            return found
        }
    }

    /// 200,000 frames of one pixel, 14 bytes each (``ImageFrameSizeTests/gif(screen:frames:)``
    /// after a 13-byte header and a 6-byte colour table): the walk reads the first 1001 and stops.
    @Test func aGIFOfTwoHundredThousandFramesIsRefusedAfterItsFirstThousandAndOne() throws {
        let frameBytes = 14
        let gif = FurthestRead(ImageFrameSizeTests.gif(screen: (1, 1), frames: Array(repeating: (0, 0, 1, 1), count: 200_000)))
        let head = 13 + 6
        #expect(gif.count == head + 200_000 * frameBytes + 1)
        let structure = try #require(ImageStructure.read(gif, format: .gif))
        #expect(structure.frameCount == ImageCompleteness.maximumFrames + 1)
        let limit = head + (ImageCompleteness.maximumFrames + 1) * frameBytes
        #expect(gif.furthest < limit, "read to byte \(gif.furthest) of \(gif.count); frame 1001 ends at \(limit)")
        let problem = try #require(ImageCompleteness.problem(with: structure, size: ImageSize(width: 1, height: 1)))
        #expect(problem.hasPrefix("has more than 1000 frames, the most an animation may have"), "\(problem)")
    }
}
