import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

struct XXHash64Tests {
    /// Digests given by the reference implementation (xxHash's `XXH64`, seed 0).
    static let referenceDigests: [(input: [UInt8], digest: UInt64)] = [
        ([], 0xEF46_DB37_51D8_E999),
        (Array("a".utf8), 0xD24E_C4F1_A98C_6E5B),
        (Array("abc".utf8), 0x44BC_2CF5_AD77_0999),
        (Array("The quick brown fox jumps over the lazy dog".utf8), 0x0B24_2D36_1FDA_71BC),
        (allByteValuesThreeTimesAndXYZ, 0xE921_A1B4_5BD7_79F8),
    ]

    /// 771 bytes: every length of tail (8, 4 and 1 byte steps) after many 32-byte stripes.
    static var allByteValuesThreeTimesAndXYZ: [UInt8] {
        let all = (0...255).map { UInt8($0) }
        return all + all + all + Array("xyz".utf8)
    }

    @Test(arguments: referenceDigests.indices)
    func digestIsTheReferenceOne(_ index: Int) {
        let (input, digest) = Self.referenceDigests[index]
        #expect(XXHash64.digest(of: input) == digest, "\(input.count) bytes")
    }

    @Test func givenInPiecesItIsTheDigestOfTheWhole() {
        let input = Self.allByteValuesThreeTimesAndXYZ
        let whole = XXHash64.digest(of: input)
        for split in [1, 5, 31, 32, 33, 64, 100, 700, 770] {
            var hasher = XXHash64()
            hasher.update(Array(input[..<split]))
            hasher.update(Array(input[split...]))
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
        var byteByByte = XXHash64()
        for byte in input { byteByByte.update([byte]) }
        #expect(byteByByte.finalize() == whole)
    }

    @Test func aFileIsHashedAsItsBytes() throws {
        let folder = TemporaryFolder()
        let input = [UInt8](repeating: 0xA5, count: 200_000) + Self.allByteValuesThreeTimesAndXYZ
        try folder.write("big.bin", Data(input))
        #expect(XXHash64.digest(ofFileAt: folder.path("big.bin")) == XXHash64.digest(of: input))
        #expect(XXHash64.digest(ofFileAt: folder.path("missing.bin")) == nil)
        #expect(XXHash64.digest(ofFileAt: folder.url.path) == nil, "a folder is no file")
    }

    @Test func hexKeepsLeadingZeros() {
        #expect(UInt64(0x0B24_2D36_1FDA_71BC).paddedHex == "0b242d361fda71bc")
        #expect(UInt64(0).paddedHex == "0000000000000000")
    }
}
