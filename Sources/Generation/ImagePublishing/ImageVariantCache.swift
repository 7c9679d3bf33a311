import AppDefModel

/// The variants of each source image already encoded, in the user's cache folder
/// (`images/` in ``OutputCache/folder``), one file per source and settings (libvips's version
/// among them): a rebuild after an edit re-encodes only the images that changed. What a file
/// gives is checked before it is used (``CachedVariantCheck``), and is used only if it carries
/// the seal of this user's key (``CacheSeal``): a whole, clean picture of the right size that
/// someone else put there is still not this source's.
///
/// A file is named by a digest of the source's bytes and the settings, and holds a header line,
/// a line per variant (`type width height length`) and the variants' bytes. One that does not
/// read back whole is ignored and written again. Files are written under a temporary name and
/// renamed (``SealedCacheFile``), so a reader never sees half of one; each use renews its time,
/// and pruning removes those unused for ``OutputCache/imageRetention``.
package enum ImageVariantCache {
    static let header = "sab-onboarding image variants 1"
    /// The largest file read: the variants of a 16383-pixel-wide animation stay far below it, and
    /// a file claiming more (a sparse one, planted) is not read into memory.
    static let maximumFileSize = 256 << 20

    struct Entry: Equatable {
        var mediaType: String
        var width: Int
        var height: Int
        var bytes: [UInt8]
    }

    package static var folder: String? { OutputCache.subfolder("images") }

    /// The cache file's name for a source and the settings that shape its variants.
    static func name(sourceDigest: String, settings: String) -> String {
        // The seal's version too: files of builds that did not seal them are never looked up
        // (pruning removes them), rather than each reported as unsealed once.
        SHA256.hexDigest(of: Array("\(sourceDigest)\n\(settings)\n\(SabOnboardingVersion.current)\n\(CacheSeal.version)".utf8)) + ".variants"
    }

    /// What a cache file gives: its entries, not yet checked (``CachedVariantCheck``).
    typealias Cached = SealedCacheFile.Read<[Entry]>

    /// What the file `name` in `folder` (``folder`` unless given) holds; `nil` without one, or
    /// without a key (then nothing is read: nothing could be told from a planted file). Without
    /// a folder the key is not looked up: that may make its file (see ``CacheAccess``).
    static func read(_ name: String, in folder: String? = folder, key: @autoclosure () -> [UInt8]? = CacheSeal.machineKey) -> Cached? {
        guard folder != nil else { return nil }
        return SealedCacheFile.read(name, in: folder, key: key(), maximumSize: maximumFileSize, parse: entries(in:))
    }

    /// Stores `entries`, sealed with `key` (``SealedCacheFile/write(_:as:in:key:)``).
    static func write(_ entries: [Entry], as name: String, in folder: String? = folder, key: @autoclosure () -> [UInt8]? = CacheSeal.machineKey) {
        guard folder != nil else { return }
        var text = header + "\n"
        for entry in entries { text += "\(entry.mediaType) \(entry.width) \(entry.height) \(entry.bytes.count)\n" }
        SealedCacheFile.write(Array((text + "\n").utf8) + entries.flatMap(\.bytes), as: name, in: folder, key: key())
    }

    /// The entries of a cache file's contents (its seal taken off), or `nil` unless they read
    /// back whole.
    static func entries(in bytes: [UInt8]) -> [Entry]? {
        guard let blank = bytes.indices.first(where: { $0 > 0 && bytes[$0] == 0x0A && bytes[$0 - 1] == 0x0A }),
            let text = String(utf8Text: Array(bytes[..<blank]))
        else { return nil }
        let lines = text.split(separator: "\n")
        guard lines.first == Substring(header) else { return nil }
        var entries: [Entry] = []
        var offset = blank + 1
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]), let length = Int(fields[3]),
                width > 0, height > 0, length > 0, length <= bytes.count - offset
            else { return nil }
            entries.append(Entry(mediaType: String(fields[0]), width: width, height: height, bytes: Array(bytes[offset..<offset + length])))
            offset += length
        }
        return offset == bytes.count && !entries.isEmpty ? entries : nil
    }
}
