extension CachedVariantLayout {
    /// The build's GIF, as libvips's GIF writer lays it out: "GIF89a", a screen of the listed
    /// size with no background colour index and no aspect ratio, a loop extension
    /// (`NETSCAPE2.0`) at most, before the first frame, then frames each after one graphic
    /// control extension at most (its reserved bits zero, its transparent index 0 unless it
    /// has one), then the trailer, the file's end. No comment, no other extension: 1366
    /// graphic controls before the trailer, or 2048 loop extensions, each decoded without a
    /// word and carried a message of 4 KB.
    static func gifProblem(_ gif: [UInt8], width: Int, height: Int) -> String? {
        // The screen's flags: a colour table or none, its size; colour resolution and sort
        // order (0x78) as the writer leaves them, 0.
        guard gif.count >= 13, gif.starts(with: Array("GIF89a".utf8)), gif.littleEndianInteger(at: 6, size: 2) == width,
            gif.littleEndianInteger(at: 8, size: 2) == height, gif[10] & 0x78 == 0, gif[11] == 0, gif[12] == 0
        else { return "has a header other than the build's" }
        var offset = 13 + colourTableLength(flags: gif[10])
        var frames = 0
        var control = false
        // A screen's colour table no frame uses is 768 bytes no pixel names.
        var usesScreenTable = gif[10] & 0x80 == 0
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
                // Its flags: reserved bits (0xE0) and the user-input bit (0x02) 0, a disposal of
                // 1 or 2 as libvips's writer sets them (0 and 3 draw as one of those where a
                // frame is the last, and carried a bit each), a transparent index 0 unless it
                // has one.
                guard !control, gif.count >= offset + 8, gif[offset + 2] == 4, gif[offset + 7] == 0, gif[offset + 3] & 0xE2 == 0,
                    [1, 2].contains(gif[offset + 3] >> 2 & 0x07), gif[offset + 3] & 0x01 == 1 || gif[offset + 6] == 0
                else { return "has a graphic control extension other than the build's, or two before one frame" }
                control = true
                offset += 8
            case (0x2C, _):
                guard gif.count >= offset + 11 else { return "ends inside a frame" }
                if let problem = frameProblem(gif, at: offset, width: width, height: height) { return problem }
                if gif[offset + 9] & 0x80 == 0 { usesScreenTable = true }
                offset += 10 + colourTableLength(flags: gif[offset + 9]) + 1  // the LZW code size
                // The compressed data's sub-blocks, up to the empty one: each of 255 bytes but the
                // last, as libvips's writer cuts them (lengths chosen otherwise spelled a message).
                var previous = 255
                while offset < gif.count, gif[offset] != 0 {
                    guard previous == 255 else { return "has its image data cut in blocks other than the build's, of 255 bytes" }
                    previous = Int(gif[offset])
                    offset += 1 + previous
                }
                guard offset < gif.count else { return "ends inside a frame" }
                offset += 1
                frames += 1
                control = false
            case (0x3B, _):
                if control { return "has a graphic control extension after its last frame" }
                guard offset + 1 == gif.count, frames > 0 else { return "has its trailer elsewhere than after its last frame, at its end" }
                return usesScreenTable ? nil : "has a colour table on its screen that no frame uses"
            default:
                return "has a block (0x\(String(gif[offset], radix: 16, uppercase: true))) the build's GIF has none of"
            }
        }
        return "ends before its trailer"
    }

    /// Why the frame whose descriptor is at `offset` is not one the build writes: inside the
    /// screen, not interlaced or sorted (its flags' 0x78 bits 0), and its LZW code size the
    /// one its colour table (its own or the screen's) needs, so that every entry of the table
    /// is one its pixels can name. A 1×1 frame's table grown to 256 entries with its code size
    /// kept at 2, and a 60000×2 frame placed at (4000, 4000) of a 300×200 screen, each carried
    /// kilobytes no browser draws.
    private static func frameProblem(_ gif: [UInt8], at offset: Int, width: Int, height: Int) -> String? {
        guard let left = gif.littleEndianInteger(at: offset + 1, size: 2), let top = gif.littleEndianInteger(at: offset + 3, size: 2),
            let frameWidth = gif.littleEndianInteger(at: offset + 5, size: 2), let frameHeight = gif.littleEndianInteger(at: offset + 7, size: 2),
            frameWidth > 0, frameHeight > 0, left + frameWidth <= width, top + frameHeight <= height
        else { return "has a frame outside its screen" }
        let flags = gif[offset + 9]
        guard flags & 0x78 == 0 else { return "has a frame descriptor other than the build's" }
        let table = flags & 0x80 != 0 ? flags : gif[10]
        let codeSize = offset + 10 + colourTableLength(flags: flags) < gif.count ? Int(gif[offset + 10 + colourTableLength(flags: flags)]) : -1
        guard table & 0x80 != 0, codeSize == max(2, Int(table & 0x07) + 1) else {
            return "has a frame whose colour table is not the size its pixels' code size names"
        }
        return nil
    }

    /// The length of the colour table a GIF's screen or frame descriptor announces in `flags`.
    private static func colourTableLength(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }
}
