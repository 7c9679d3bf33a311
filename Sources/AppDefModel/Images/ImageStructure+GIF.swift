extension ImageStructure {
    /// The application extensions that say how an animation loops: Netscape's, and the
    /// older name some tools write. Any other (XMP's among them) is an extra.
    private static let loopExtensions: Set<[UInt8]> = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8)]

    /// After the header and the global colour table, blocks up to the trailer (`;`): image
    /// descriptors (each a frame: its left, top, width and height, which may reach beyond the
    /// logical screen) with their data, and extensions, both as sub-blocks ending with an empty
    /// one.
    package static func gif(_ data: ByteReader<some ImageBytes>) -> ImageStructure {
        var structure = ImageStructure()
        structure.frameCount = 0
        guard let width = data.uint16LE(at: 6), let height = data.uint16LE(at: 8), let flags = data.byte(at: 10) else { return structure }
        structure.canvas = ImageSize(width: width, height: height)
        var offset = 13 + colorTableSize(flags)
        var drawing = GIFDrawing(screen: Frame(left: 0, top: 0, width: width, height: height))
        let hasGlobalColours = flags & 0x80 != 0
        while let introducer = data.byte(at: offset) {
            switch introducer {
            case 0x3B:
                structure.end = offset + 1
                return structure
            case 0x21:
                guard let label = data.byte(at: offset + 1) else { return structure }
                switch label {
                case 0xF9:
                    // Graphic control, a frame's delay and transparency: one sub-block of 4 bytes.
                    if data.byte(at: offset + 2) != 4 || data.byte(at: offset + 7) != 0 {
                        structure.note("a graphic control extension holding more than its 4 bytes")
                    }
                    if let packed = data.byte(at: offset + 3) {
                        drawing.control(packed: packed)
                        structure.undrawnPart = drawing.said
                    }
                case 0xFF:
                    // The first sub-block is the application's name and code, 11 bytes; a loop
                    // extension's next is its loop count (1, then 2 bytes), and the last.
                    let name = data.bytes(at: offset + 3, count: 11) ?? []
                    if data.byte(at: offset + 2) != 11 || !loopExtensions.contains(name) {
                        structure.note("an application extension ('\(printable(name))')")
                    } else if data.bytes(at: offset + 14, count: 5).map({ $0[0] != 3 || $0[1] != 1 || $0[4] != 0 }) ?? true {
                        structure.note("an application extension ('\(printable(name))') holding more than its loop count")
                    }
                case 0xFE: structure.note("a comment extension")
                case 0x01: structure.note("a plain text extension")
                default: structure.note("an extension of type 0x\(String(label, radix: 16, uppercase: true))")
                }
                offset += 2
            case 0x2C:
                // Descriptor (10 bytes): left, top, width, height, flags; then its own colour
                // table and the LZW minimum code size.
                guard let left = data.uint16LE(at: offset + 1), let top = data.uint16LE(at: offset + 3),
                    let frameWidth = data.uint16LE(at: offset + 5), let frameHeight = data.uint16LE(at: offset + 7),
                    let localFlags = data.byte(at: offset + 9)
                else { return structure }
                structure.add(Frame(left: left, top: top, width: frameWidth, height: frameHeight))
                drawing.draw(Frame(left: left, top: top, width: frameWidth, height: frameHeight))
                structure.undrawnPart = drawing.said
                // Without a colour table, the file's or its own, a frame's colours are nobody's:
                // Chromium drew it black, WebKit not at all, libvips white.
                if !hasGlobalColours && localFlags & 0x80 == 0 && structure.frameWithoutColours == nil {
                    structure.frameWithoutColours = structure.frameCount + 1
                }
                structure.frameCount += 1
                // Refused as it is: the rest of a million frames is not walked.
                if structure.frameCount > ImageCompleteness.maximumFrames { return structure }
                offset += 10 + colorTableSize(localFlags) + 1
            default:
                return structure
            }
            while let blockSize = data.byte(at: offset) {
                offset += 1 + blockSize
                if blockSize == 0 { break }
            }
        }
        return structure
    }

    /// What a GIF's frames leave of its screen as browsers draw them: a screen starts empty
    /// (transparent), each frame is drawn over it, then disposed of as its graphic control
    /// says: left (0, 1), cleared to transparency ("restore to background", 2), or the screen
    /// put back as it was before it (3, and 4, as browsers read it). Only rectangles are followed: a GIF without a
    /// transparent colour draws every pixel of each frame, and a frame that does not cover
    /// what is empty when it is drawn is the first undrawn part, so that the screen is full
    /// after each frame until then, and what is empty before the next is one rectangle, or none.
    private struct GIFDrawing {
        let screen: Frame
        /// Whether a frame's graphic control gives it a transparent colour: libvips then reads
        /// the GIF with an alpha band, and draws it as browsers do. One controlling no frame
        /// (after the last) is no frame's.
        var hasTransparency = false
        /// The first part found undrawn, said.
        var undrawnPart: String?
        /// The first part libvips draws in the background colour where browsers show the
        /// page, said: what "restore to background" cleared of a frame without a transparent
        /// colour of its own (libnsgif, which libvips reads GIFs with, fills it with the
        /// background colour then, and clears it only for a frame with one), when the next
        /// frame does not cover it whole, or may show it through its own transparent colour.
        /// Whatever other frame has a transparent colour, this is said.
        var backgroundPart: String?
        /// The graphic control (its packed byte) for the next frame.
        private var pending = 0
        /// What is empty before the next frame is drawn: the whole screen at first; and whether
        /// libvips has the background colour there (``backgroundPart``).
        private var empty: Frame?
        private var emptyIsBackground = false
        /// Why the screen is empty there, said.
        private var emptiedBy = ""
        private var count = 0

        init(screen: Frame) {
            self.screen = screen
            empty = screen
        }

        /// The part libvips draws otherwise than browsers: the part in the background colour,
        /// or the part undrawn, unless a transparent colour makes libvips draw it as browsers do.
        var said: UndrawnPart? {
            if let backgroundPart { return UndrawnPart(said: backgroundPart, isBackground: true) }
            return hasTransparency ? nil : undrawnPart.map { UndrawnPart(said: "has no transparent colour and \($0)", isBackground: false) }
        }

        /// A graphic control for the next frame: its disposal the last one's, its transparency
        /// any one's (libnsgif, which libvips reads GIFs with, and Skia keep it so).
        mutating func control(packed: Int) {
            pending = (packed & ~0x01) | (pending & 0x01) | (packed & 0x01)
        }

        mutating func draw(_ frame: Frame) {
            count += 1
            let disposal = (pending >> 2) & 0x07
            let isTransparent = pending & 0x01 != 0
            if isTransparent { hasTransparency = true }
            pending = 0
            let place = "\(frame.width)×\(frame.height) at (\(frame.left), \(frame.top))"
            // A frame drawn over it whole is taken to hide it, transparent colour or not: which
            // pixels are transparent is in the image data, which is not decoded (Pillow flags a
            // colour no pixel uses in a frame it made of RGBA).
            if let empty, emptyIsBackground, backgroundPart == nil, !frame.covers(empty) {
                backgroundPart =
                    "has a frame cleared (\"restore to background\") without a transparent colour of its own, and its frame \(count) (\(place)) "
                    + "does not draw over all of what \(emptiedBy) left"
            } else if undrawnPart == nil, let empty, !frame.covers(empty) {
                undrawnPart =
                    count == 1
                    ? "its first frame (\(place)) does not fill its \(screen.width)×\(screen.height) screen"
                    : "its frame \(count) (\(place)) does not draw over all of what \(emptiedBy) left empty"
            }
            // Drawn over (or found undrawn, and said): what its disposal empties is next;
            // "restore to previous" puts back what was empty before it.
            let (before, beforeIsBackground) = (empty, emptyIsBackground)
            switch disposal {
            case 2:
                // What lies on the screen of it: decoders clear no more (libnsgif clips it, and
                // clears nothing of a frame wholly outside).
                let cleared = frame.clipped(to: screen)
                (empty, emptyIsBackground) = (cleared, cleared != nil && !isTransparent)
                emptiedBy = "frame \(count)'s disposal (\"restore to background\")"
            case 3, 4:
                // 4 is no disposal of the format's, and Chromium, WebKit and libvips take it as 3.
                (empty, emptyIsBackground) = (before, beforeIsBackground)
                emptiedBy = "frame \(count)'s disposal (\"restore to previous\")"
            default:
                (empty, emptyIsBackground) = (nil, false)
            }
        }
    }

    /// The size of the colour table a GIF's packed flags announce: 3 bytes for each of 2^(n+1)
    /// colours when the high bit is set.
    private static func colorTableSize(_ flags: Int) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << ((flags & 0x07) + 1)
    }
}
