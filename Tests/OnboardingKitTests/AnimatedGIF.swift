/// GIF files made by the tests: frames of one colour each on a palette of red, blue and green,
/// with the extensions a test asks for (a comment, an application's data such as XMP). The
/// image data is LZW written without compression (a clear code every 250 codes, so that codes
/// stay 9 bits wide), which every decoder reads.
enum AnimatedGIF {
    /// An application extension that carries XMP, with a GPS position in it.
    static let xmpExtension: [UInt8] =
        [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + subBlocks(Array("<x:xmpmeta><exif:GPSLatitude>51,30N</exif:GPSLatitude></x:xmpmeta>".utf8))
    /// A comment extension, as editors write their name and cameras their settings in.
    static let commentExtension: [UInt8] = [0x21, 0xFE] + subBlocks(Array("GPS 51.5N 0.1W PhoneMaker".utf8))

    /// A `width`×`height` GIF of one frame per palette index in `frames` (0 red, 1 blue, 2
    /// green), each shown `delay` hundredths of a second, looping for ever; `extensions` come
    /// before the first frame. With `pixel`, each pixel's index is `pixel(frame index, x, y)`.
    static func make(
        width: Int, height: Int, frames: [UInt8], delay: Int = 10, extensions: [[UInt8]] = [], pixel: ((UInt8, Int, Int) -> UInt8)? = nil
    ) -> [UInt8] {
        var gif = Array("GIF89a".utf8) + le(width) + le(height) + [0xF7, 0, 0]
        gif += [255, 0, 0, 0, 0, 255, 0, 255, 0] + Array(repeating: 0, count: 3 * 253)
        gif += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for block in extensions { gif += block }
        for index in frames {
            gif += [0x21, 0xF9, 4, 0] + le(delay) + [0, 0]
            gif += [0x2C] + le(0) + le(0) + le(width) + le(height) + [0]
            let indices = (0..<width * height).map { pixel?(index, $0 % width, $0 / width) ?? index }
            gif += [8] + subBlocks(uncompressedLZW(indices))
        }
        return gif + [0x3B]
    }

    /// Pixels of these palette indices, as 9-bit LZW codes with a clear code before every 250.
    private static func uncompressedLZW(_ indices: [UInt8]) -> [UInt8] {
        var codes: [Int] = []
        for start in stride(from: 0, to: indices.count, by: 250) {
            codes.append(256)
            codes += indices[start..<min(start + 250, indices.count)].map(Int.init)
        }
        codes.append(257)
        var bytes: [UInt8] = []
        var accumulator = 0
        var bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 9
            while bits >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }

    /// `data` in sub-blocks of at most 255 bytes, ended by an empty one.
    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var blocks: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(start + 255, data.count)]
            blocks += [UInt8(block.count)] + block
        }
        return blocks + [0]
    }

    private static func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
