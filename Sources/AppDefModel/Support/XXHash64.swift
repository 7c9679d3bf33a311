/// XXH64 (xxHash, 64-bit), fed in pieces: the digest of the input fingerprint and of the output
/// files that a rebuild checks.
///
/// Not SHA-256 (``SHA256``): a rebuild hashes the appDef, every image and font and the
/// templates before it can stop, all in the time budget of a fraction of a lint, and XXH64 reads
/// several gigabytes a second where our SHA-256 reads a few hundred megabytes. It is not a
/// cryptographic hash, and needs not be: it tells an edited input from the previous one, and an
/// accidental collision of two 64-bit digests (about 1 in 10^19) is far less likely than a
/// disk error. Whoever could craft a colliding input controls the input anyway.
package struct XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5
    private static let stripeSize = 32

    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    private let seed: UInt64
    /// Bytes of an incomplete stripe, waiting for the next piece.
    private var pending: [UInt8] = []
    private var totalLength: UInt64 = 0

    package init(seed: UInt64 = 0) {
        self.seed = seed
        lanes = (seed &+ Self.prime1 &+ Self.prime2, seed &+ Self.prime2, seed, seed &- Self.prime1)
        pending.reserveCapacity(Self.stripeSize)
    }

    /// The digest of `bytes` in one call.
    package static func digest(of bytes: [UInt8]) -> UInt64 {
        var hasher = XXHash64()
        hasher.update(bytes)
        return hasher.finalize()
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        totalLength &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.stripeSize - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<taken])
            offset = taken
            guard pending.count == Self.stripeSize else { return }
            pending.withUnsafeBytes { consumeStripe($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - offset >= Self.stripeSize {
            consumeStripe(buffer, at: offset)
            offset += Self.stripeSize
        }
        pending.append(contentsOf: buffer[offset...])
    }

    /// The digest of everything given so far.
    package func finalize() -> UInt64 {
        var hash: UInt64
        if totalLength >= UInt64(Self.stripeSize) {
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
                hash = (hash ^ Self.round(0, lane)) &* Self.prime1 &+ Self.prime4
            }
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= totalLength
        pending.withUnsafeBytes { tail in
            var offset = 0
            while tail.count - offset >= 8 {
                hash ^= Self.round(0, tail.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                hash = rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if tail.count - offset >= 4 {
                hash ^= UInt64(tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) &* Self.prime1
                hash = rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < tail.count {
                hash ^= UInt64(tail[offset]) &* Self.prime5
                hash = rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    private mutating func consumeStripe(_ buffer: UnsafeRawBufferPointer, at offset: Int) {
        func word(_ index: Int) -> UInt64 {
            buffer.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self).littleEndian
        }
        lanes = (Self.round(lanes.0, word(0)), Self.round(lanes.1, word(1)), Self.round(lanes.2, word(2)), Self.round(lanes.3, word(3)))
    }

    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }
}

private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    value << count | value >> (64 - count)
}

extension UInt64 {
    /// 16 lowercase hexadecimal digits, leading zeros kept.
    package var paddedHex: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
