import Testing

@testable import AppDefModel

/// A GIF without a transparent colour whose frames leave part of its screen undrawn: browsers
/// show the page through it, and libvips, which reads such a GIF without an alpha band, drew it
/// black, or in the GIF's background colour where a frame was cleared. Lint and the build
/// published each; they are refused now, and the same GIFs with a transparent colour pass.
struct GIFUndrawnPartTests {
    /// A frame: its place, and the packed byte of the graphic control before it (disposal in
    /// bits 2 to 4, a transparent colour in bit 0), when it has one.
    struct Frame {
        var left = 0, top = 0, width = 60, height = 40
        var control: Int?
    }

    /// A GIF of a 60×40 screen (with a colour table of black and white, or `localColours`
    /// tables of the frames' own): its structure, not its pixels, is what is checked.
    static func gif(_ frames: [Frame], localColours: Bool = false) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let table: [UInt8] = [0, 0, 0, 255, 255, 255]
        var bytes = Array("GIF89a".utf8) + le(60) + le(40) + (localColours ? [0, 0, 0] : [0x80, 0, 0] + table)
        for (index, frame) in frames.enumerated() {
            if let control = frame.control { bytes += [0x21, 0xF9, 4, UInt8(control), 10, 0, 0, 0] }
            let local: [UInt8] = localColours && index == 0 ? [0x80] + table : [0]
            bytes += [0x2C] + le(frame.left) + le(frame.top) + le(frame.width) + le(frame.height) + local + [2, 1, 0x44, 0]
        }
        return bytes + [0x3B]
    }

    /// A frame without a colour table, the file's or its own (round 23): Chromium drew it
    /// black, WebKit not at all, and the build published it white. A table of its own will do.
    @Test func aFrameWithoutColours() throws {
        let screen = ImageSize(width: 60, height: 40)
        let first = try #require(ImageCompleteness.problem(in: Self.gif([Frame(), Frame()], localColours: true), format: .gif, size: screen))
        #expect(first.hasPrefix("has no colour table for its frame 2 (neither the file's nor the frame's own)"), "\(first)")
        #expect(ImageCompleteness.problem(in: Self.gif([Frame()], localColours: true), format: .gif, size: screen) == nil)
    }

    /// Disposal 4 is none of the format's: browsers and libvips take it as "restore to
    /// previous" (round 23: lint passed it, and the page showed through). And the graphic
    /// controls before one frame give it their transparency together, as libvips reads them.
    @Test func disposalFourAndTwoControlsBeforeAFrame() throws {
        let small = Frame(left: 10, top: 10, width: 10, height: 10)
        #expect(Self.problem([Frame(control: 4 << 2), small]) != nil)
        var twoControls = Self.gif([small])
        let frameStart = twoControls.firstIndex(of: 0x2C)!
        twoControls.insert(contentsOf: [0x21, 0xF9, 4, UInt8(Self.transparent), 10, 0, 0, 0, 0x21, 0xF9, 4, 0, 10, 0, 0, 0], at: frameStart)
        #expect(ImageCompleteness.problem(in: twoControls, format: .gif, size: ImageSize(width: 60, height: 40)) == nil)
    }

    static func problem(_ frames: [Frame]) -> String? {
        ImageCompleteness.problem(in: gif(frames), format: .gif, size: ImageSize(width: 60, height: 40))
    }

    static let restoreToBackground = 2 << 2
    static let restoreToPrevious = 3 << 2
    static let transparent = 1

    @Test func aFirstFrameThatDoesNotFillTheScreen() throws {
        let partial = Frame(left: 30, top: 20, width: 30, height: 20)
        let problem = try #require(Self.problem([partial]))
        #expect(
            problem.hasPrefix(
                "has no transparent colour and its first frame (30×20 at (30, 20)) does not fill its 60×40 screen: browsers show the page through"),
            "\(problem)")
        #expect(Self.problem([Frame(left: 30, top: 20, width: 30, height: 20, control: Self.transparent)]) == nil)
        // Nothing drawn at all, and an animation whose later frames fill it: the first shows.
        #expect(Self.problem([Frame(width: 0, height: 0)]) != nil)
        #expect(Self.problem([partial, Frame()]) != nil)
        // A transparent colour in a later frame is enough: libvips reads it with alpha. Not in
        // a graphic control after the last frame, which controls none (round 22).
        #expect(Self.problem([partial, Frame(control: Self.transparent)]) == nil)
        let trailing = Self.gif([partial]).dropLast() + [0x21, 0xF9, 4, 1, 0, 0, 0, 0, 0x3B]
        #expect(ImageCompleteness.problem(in: Array(trailing), format: .gif, size: ImageSize(width: 60, height: 40)) != nil)
    }

    @Test func aFrameClearedAndNotDrawnOver() throws {
        let small = Frame(left: 10, top: 10, width: 10, height: 10)
        let problem = try #require(Self.problem([Frame(control: Self.restoreToBackground), small]))
        #expect(
            problem.contains("its frame 2 (10×10 at (10, 10)) does not draw over all of what frame 1's disposal (\"restore to background\") left"),
            "\(problem)")
        let previous = try #require(Self.problem([Frame(control: Self.restoreToPrevious), small]))
        #expect(previous.contains("its frame 2 (10×10 at (10, 10)) does not draw over all of what frame 1's disposal (\"restore to previous\")"), "\(previous)")
        // Put back to a screen a frame's disposal had emptied, later on (round 22: the page
        // showed through in both browsers, the build published white or black).
        for first in [Self.restoreToBackground, Self.restoreToPrevious] {
            let late = try #require(Self.problem([Frame(control: first), Frame(control: Self.restoreToPrevious), small]))
            let said = "its frame 3 (10×10 at (10, 10)) does not draw over all of what frame 2's disposal (\"restore to previous\") left"
            #expect(late.contains(said), "\(late)")
        }
        // Drawn over whole, left in place (disposal 1), or put back to a screen frame 1 filled.
        #expect(Self.problem([Frame(control: Self.restoreToBackground), Frame()]) == nil)
        #expect(Self.problem([Frame(control: 1 << 2), small]) == nil)
        #expect(Self.problem([Frame(), Frame(control: Self.restoreToPrevious), small]) == nil)
        #expect(Self.problem([Frame(control: Self.restoreToBackground | Self.transparent), small]) == nil)
        // Cleared to the background of a frame without a transparent colour of its own: libvips
        // fills it with the background colour, browsers show the page, whatever other frame
        // has a transparent colour (round 24: a frame's own, drawn over it half, or whole).
        let half = Frame(width: 60, height: 20, control: Self.transparent)
        let mixed = try #require(Self.problem([Frame(control: Self.restoreToBackground), half]))
        #expect(mixed.hasPrefix("has a frame cleared (\"restore to background\") without a transparent colour of its own, and its frame 2"), "\(mixed)")
        #expect(Self.problem([Frame(control: Self.restoreToBackground | Self.transparent), half]) == nil)
        // Drawn over whole by a frame with a transparent colour: taken to hide it (round 25:
        // Pillow flags a colour no pixel uses, and the GIF was refused though drawn alike).
        #expect(Self.problem([Frame(control: Self.restoreToBackground), Frame(control: Self.transparent)]) == nil)
        // What a decoder clears is what lies on the screen (round 25: a frame past the edge, or
        // wholly outside, cleared, then a frame filling the screen, was refused).
        let pastTheEdge = Frame(left: 30, top: 20, control: Self.restoreToBackground)
        let outside = Frame(left: 100, top: 100, width: 10, height: 10, control: Self.restoreToBackground)
        for cleared in [pastTheEdge, outside] {
            #expect(Self.problem([Frame(), cleared, Frame()]) == nil)
        }
        // The last frame's disposal is never seen: frame 1 fills the screen again.
        #expect(Self.problem([Frame(), Frame(control: Self.restoreToBackground)]) == nil)
    }
}
