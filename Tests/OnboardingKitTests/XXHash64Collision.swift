/// A second input with the same XXH64 digest and length as a given one: what anyone who may
/// write the output folder can make of a published file. XXH64 feeds each 32-byte stripe into
/// four lanes by a step that can be run backwards, so one chosen stripe brings the lanes back
/// to where the original left them, and the rest of the file is the original's.
enum XXHash64Collision {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// `original` with its first bytes replaced by `prefix`, then by a 32-byte stripe that
    /// restores XXH64's lanes: the same length and digest. `prefix` ends where the stripe
    /// starts, on a 32-byte boundary, padded with spaces; `nil` when the stripe would hold
    /// `avoiding` (a comment's end, say), or the original is too short.
    static func forged(_ original: [UInt8], prefix: [UInt8], avoiding: [UInt8]) -> [UInt8]? {
        let stripes = (prefix.count + 31) / 32
        guard original.count >= 32 * (stripes + 1) else { return nil }
        let head = prefix + [UInt8](repeating: 0x20, count: 32 * stripes - prefix.count)
        let current = lanes(of: head, stripes: stripes)
        let target = lanes(of: original, stripes: stripes + 1)
        var stripe: [UInt8] = []
        for lane in 0..<4 {
            // round(acc, input) = rotl(acc + input * prime2, 31) * prime1, run backwards.
            let sum = rotate(target[lane] &* inverse(prime1), 33)
            let input = (sum &- current[lane]) &* inverse(prime2)
            stripe += (0..<8).map { UInt8(truncatingIfNeeded: input >> (8 * UInt64($0))) }
        }
        if !avoiding.isEmpty, (0...(stripe.count - avoiding.count)).contains(where: { Array(stripe[$0..<$0 + avoiding.count]) == avoiding }) {
            return nil
        }
        return head + stripe + original[(32 * (stripes + 1))...]
    }

    private static func lanes(of bytes: [UInt8], stripes: Int) -> [UInt64] {
        var lanes: [UInt64] = [prime1 &+ prime2, prime2, 0, 0 &- prime1]
        for stripe in 0..<stripes {
            for lane in 0..<4 {
                let offset = 32 * stripe + 8 * lane
                let input = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
                lanes[lane] = rotate(lanes[lane] &+ input &* prime2, 31) &* prime1
            }
        }
        return lanes
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { value << count | value >> (64 - count) }

    /// The multiplicative inverse of an odd number modulo 2^64 (Newton's iteration).
    private static func inverse(_ odd: UInt64) -> UInt64 {
        var inverse = odd
        for _ in 0..<6 { inverse = inverse &* (2 &- odd &* inverse) }
        return inverse
    }
}
