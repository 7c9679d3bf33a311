extension CachedVariantLayout {
    /// The build's GIF, as libvips's GIF writer lays it out: "GIF89a", a screen of the listed
    /// size with no background colour index and no aspect ratio, a loop extension
    /// (`NETSCAPE2.0`) at most, before the first frame, then frames each after one graphic
    /// control extension at most (its reserved bits zero, its transparent index 0 unless it
    /// has one), then the trailer, the file's end. No comment, no other extension: 1366
    /// graphic controls before the trailer, or 2048 loop extensions, each decoded without a
    /// word and carried a message of 4 KB.
    static func gifProblem(_ gif: [UInt8], width: Int, height: Int) -> String? {
        guard gif.count >= 13, gif.starts(with: Array("GIF89a".utf8)), gif.littleEndianInteger(at: 6, size: 2) == width,
            gif.littleEndianInteger(at: 8, size: 2) == height, gif[11] == 0, gif[12] == 0
        else { return "has a header other than the build's" }
        var offset = 13 + colourTableLength(flags: gif[10])
        var frames = 0
        var control = false
        var loop = false
        while offset < gif.count {
            switch (gif[offset], gif.count > offset + 1 ? gif[offset + 1] : nil) {
            case (0x21, 0xFF):
                let application = Array("NETSCAPE2.0".utf8)
                guard !loop, frames == 0, !control, gif.count >= offset + 19, gif[offset + 2] == 11,
                    gif[offset + 3..<offset + 14].elementsEqual(application), gif[offset + 14] == 3, gif[offset + 15] == 1, gif[offset + 18] == 0
                else { return "has an application extension other than one loop count before its frames" }
                loop = true
                offset += 19
            case (0x21, 0xF9):
                guard !control, gif.count >= offset + 8, gif[offset + 2] == 4, gif[offset + 7] == 0, gif[offset + 3] & 0xE0 == 0,
                    gif[offset + 3] & 0x01 == 1 || gif[offset + 6] == 0
                else { return "has a graphic control extension other than the build's, or two before one frame" }
                control = true
                offset += 8
            case (0x2C, _):
                guard gif.count >= offset + 11 else { return "ends inside a frame" }
                offset += 10 + colourTableLength(flags: gif[offset + 9]) + 1  // the LZW code size
                // The compressed data's sub-blocks, up to the empty one.
                while offset < gif.count, gif[offset] != 0 { offset += 1 + Int(gif[offset]) }
                guard offset < gif.count else { return "ends inside a frame" }
                offset += 1
                frames += 1
                control = false
            case (0x3B, _):
                if control { return "has a graphic control extension after its last frame" }
                return offset + 1 == gif.count && frames > 0 ? nil : "has its trailer elsewhere than after its last frame, at its end"
            default:
                return "has a block (0x\(String(gif[offset], radix: 16, uppercase: true))) the build's GIF has none of"
            }
        }
        return "ends before its trailer"
    }

    /// The length of the colour table a GIF's screen or frame descriptor announces in `flags`.
    private static func colourTableLength(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }
}
