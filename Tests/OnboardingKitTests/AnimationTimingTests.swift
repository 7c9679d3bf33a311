import ImageProcessing
import Testing

/// An animation plays in its published encodings as browsers play its source (round 42): a
/// WebP's 12 ms frames became 1 cs GIF frames, which Chromium plays for 100 ms each; a delay
/// past 65535 cs wrapped in a GIF's 16 bits; a GIF's 65535 loops became a WebP that loops for
/// ever.
struct AnimationTimingTests {
    /// A three-frame animated WebP whose frames last `milliseconds` each.
    static func webp(frameMilliseconds milliseconds: Int) throws -> [UInt8] {
        let gif = AnimatedGIF.make(width: 40, height: 30, frames: [0, 1, 2])
        var webp = try ImageProcessor.resize(gif, toWidth: 40, allFrames: true, as: [.webp], quality: 90)[0].bytes
        // Each ANMF chunk: its tag and length, X, Y, width and height less one (3 bytes each),
        // then its duration (3 bytes, little-endian).
        var offset = 12
        var frames = 0
        while offset + 8 <= webp.count {
            let length = Int(webp[offset + 4]) | Int(webp[offset + 5]) << 8 | Int(webp[offset + 6]) << 16 | Int(webp[offset + 7]) << 24
            if Array(webp[offset..<offset + 4]) == Array("ANMF".utf8) {
                for byte in 0..<3 { webp[offset + 8 + 12 + byte] = UInt8(truncatingIfNeeded: milliseconds >> (8 * byte)) }
                frames += 1
            }
            offset += 8 + length + length % 2
        }
        #expect(frames == 3)
        return webp
    }

    /// The delay, in hundredths of a second, of each frame of `gif` (its graphic control
    /// extensions).
    static func delays(of gif: [UInt8]) -> [Int] {
        var found: [Int] = []
        var index = 0
        while index + 6 < gif.count {
            if gif[index] == 0x21, gif[index + 1] == 0xF9, gif[index + 2] == 4 {
                found.append(Int(gif[index + 4]) | Int(gif[index + 5]) << 8)
                index += 8
            } else {
                index += 1
            }
        }
        return found
    }

    @Test(arguments: [(12, 2), (14, 2), (10, 1), (15, 2), (40, 4), (16_777_215, 65_535)])
    func aFramesDelayIsOneTheGIFPlaysAsTheSource(milliseconds: Int, centiseconds: Int) throws {
        let source = try Self.webp(frameMilliseconds: milliseconds)
        let gif = try ImageProcessor.resize(source, toWidth: 40, allFrames: true, as: [.gif], quality: 90)[0].bytes
        #expect(Self.delays(of: gif) == [centiseconds, centiseconds, centiseconds])
    }

    @Test func aGIFsLoopsPastAWebPsFieldStayFinite() throws {
        var gif = AnimatedGIF.make(width: 40, height: 30, frames: [0, 1, 2])
        let netscape = try #require((0..<gif.count - 11).first { Array(gif[$0..<$0 + 11]) == Array("NETSCAPE2.0".utf8) })
        // The loop count, after the sub-block's length (3) and its id (1): 65535.
        gif[netscape + 13] = 0xFF
        gif[netscape + 14] = 0xFF
        let webp = try ImageProcessor.resize(gif, toWidth: 40, allFrames: true, as: [.webp], quality: 90)[0].bytes
        let anim = try #require((12..<webp.count - 4).first { Array(webp[$0..<$0 + 4]) == Array("ANIM".utf8) })
        // After the tag and length: the background colour (4 bytes), then the loop count.
        let loops = Int(webp[anim + 12]) | Int(webp[anim + 13]) << 8
        #expect(loops == 65_535)
    }
}
