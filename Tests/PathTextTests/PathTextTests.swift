import PathText
import Testing

/// A path string gives back the bytes it was made from, whatever they are, and shows the bytes
/// that are not UTF-8 as `\xE9`.
struct PathTextTests {
    @Test(arguments: [
        Array("plain/ascii.appDef".utf8),
        Array("café/Ελληνικά/日本語.appDef".utf8),
        [0x63, 0x61, 0x66, 0xE9] + Array(".appDef".utf8),  // Latin-1 é
        [0xC3],  // a sequence cut short at the end
        [0xE0, 0x80, 0x80],  // overlong
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate written as UTF-8
        [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        [0xF4, 0x8F, 0xBF, 0xBF],  // U+10FFFF itself, of the range that carries bytes
        [0xFF, 0xFE, 0x80, 0x41],
    ])
    func bytesComeBackAsTheyWere(_ bytes: [UInt8]) {
        #expect(PathText.bytes(of: PathText.string(fromBytes: bytes)) == bytes)
    }

    @Test func utf8ReadsAsItIs() {
        #expect(PathText.string(fromBytes: Array("café.appDef".utf8)) == "café.appDef")
    }

    @Test func bytesThatAreNotUTF8AreShown() {
        let latin1 = PathText.string(fromBytes: [0x63, 0x61, 0x66, 0xE9] + Array(".appDef".utf8))
        #expect(PathText.shown(latin1) == "caf\\xE9.appDef")
        #expect(PathText.shown("café.appDef") == "café.appDef")
    }

    @Test func theSystemGetsTheBytes() {
        let latin1 = PathText.string(fromBytes: [0x2F, 0xE9])
        let length = PathText.withCString(latin1) { pointer in
            (0...).first { pointer[$0] == 0 }!
        }
        #expect(length == 2)
        #expect(PathText.withCString(latin1) { UInt8(bitPattern: $0[1]) } == 0xE9)
    }
}
