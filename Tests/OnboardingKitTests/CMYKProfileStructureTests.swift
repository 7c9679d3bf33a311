import Testing

@testable import AppDefModel

/// A CMYK JPEG's colour profile is found however it is cut into chunks: one cut after 12 bytes
/// of its header gave no `cmyk-colour-profile` warning (round 23), though browsers drew it apart.
struct CMYKProfileStructureTests {
    /// A CMYK profile header (128 bytes, colour space at byte 16) with no tags.
    static let profile: [UInt8] =
        [0, 0, 0, 132] + Array(repeating: 0, count: 4) + [2, 0x10, 0, 0] + Array("prtrCMYKLab ".utf8) + Array(repeating: 0, count: 12)
        + Array("acsp".utf8) + Array(repeating: 0, count: 132 - 40)

    /// `jpeg` with `parts` of a profile as APP2 chunks after its start marker.
    static func withProfile(_ jpeg: [UInt8], in parts: [[UInt8]]) -> [UInt8] {
        let chunks = parts.enumerated().flatMap { index, part -> [UInt8] in
            let length = 2 + 14 + part.count
            return [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(parts.count)]
                + part
        }
        return Array(jpeg[0..<2]) + chunks + Array(jpeg[2...])
    }

    static func hasCMYKProfile(_ jpeg: [UInt8]) -> Bool? {
        ImageStructure.read(jpeg, format: .jpeg)?.hasCMYKProfile
    }

    @Test func aProfileInOneChunkOrCutIsFound() {
        let jpeg = ExampleProject.cmykJPEG
        #expect(Self.hasCMYKProfile(jpeg) == false)
        #expect(Self.hasCMYKProfile(Self.withProfile(jpeg, in: [Self.profile])) == true)
        #expect(Self.hasCMYKProfile(Self.withProfile(jpeg, in: [Array(Self.profile[..<12]), Array(Self.profile[12...])])) == true)
        #expect(Self.hasCMYKProfile(Self.withProfile(jpeg, in: [Array(Self.profile[..<1]), Array(Self.profile[1..<17]), Array(Self.profile[17...])])) == true)
        // An RGB JPEG with it is no CMYK JPEG.
        #expect(Self.hasCMYKProfile(Self.withProfile(ExampleProject.bytes(of: .jpeg), in: [Self.profile])) == false)
    }
}
