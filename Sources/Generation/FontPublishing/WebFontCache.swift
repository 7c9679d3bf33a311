import AppDefModel
internal import FontProcessing

/// The fonts already made, in the user's cache folder (`fonts/` in ``OutputCache/folder``): one
/// file per source font, characters and settings (HarfBuzz's version among them), so that a
/// rebuild subsets and compresses only the fonts whose source changed or whose text gained or
/// lost a character. Encoding a subset as WOFF2 at Brotli's highest quality takes 0.1 to 0.3 s
/// a font, and a preview rebuilds on every change.
///
/// A subset depends on the characters alone; the texts only check it, and are checked again on
/// every use. A whole font published for a subset that failed with some texts is used again
/// only for the same texts (their digest is in the file): other texts may shape alike in the
/// subset.
///
/// What a file gives is checked before it is used, as any input is (``FontPublisher``: it
/// decodes as WOFF2, maps the text's characters as the source does, and shapes every text as
/// the source does), and is used only if it carries the seal of this user's key (``CacheSeal``):
/// a font that passes every check can still draw other letters (colour glyphs, say), or carry
/// text of someone else's. One that does not read back whole is written again. Files are
/// written under a new temporary name (created exclusively, never through a link) and renamed,
/// so a reader never sees half of one; each use renews its time, and pruning removes those
/// unused for ``OutputCache/imageRetention``.
package enum WebFontCache {
    static let header = "sab-onboarding web font 1"
    static let suffix = ".webfont"
    /// The largest file read: above the largest source font a project may have, which its WOFF2
    /// never exceeds. A file claiming more (a sparse one, planted) is not read into memory.
    static let maximumFileSize = 64 << 20

    package static var folder: String? { OutputCache.subfolder("fonts") }

    /// What a cache file holds: the font, and the digest of the texts it was checked with.
    struct Entry: Equatable {
        var font: WebFont
        var textsDigest: String
    }

    /// The file's name for a source font, the characters it is subset to, and the settings.
    static func name(sourceDigest: String, characters: [Unicode.Scalar], settings: String) -> String {
        // The seal's version too, as for images (``ImageVariantCache/name(sourceDigest:settings:)``).
        let key =
            "\(sourceDigest)\n\(settings)\n\(SabOnboardingVersion.current)\n\(CacheSeal.version)\n"
            + characters.map { String($0.value, radix: 16) }.joined(separator: ",")
        return SHA256.hexDigest(of: Array(key.utf8)) + suffix
    }

    /// A digest of texts, each with its language and their lengths, so that no two lists give
    /// the same.
    static func digest(of texts: [ShapingText]) -> String {
        var bytes: [UInt8] = []
        for text in texts { bytes += Array("\(text.language.utf8.count) \(text.language) \(text.text.utf8.count) \(text.text)\n".utf8) }
        return SHA256.hexDigest(of: bytes)
    }

    /// What a cache file gives: its entry, not yet checked against the source (``FontPublisher``).
    typealias Cached = SealedCacheFile.Read<Entry>

    /// What the file `name` in `folder` holds; `nil` without one, or without a key (then
    /// nothing is read: nothing could be told from a planted file). Without a folder the key is
    /// not looked up: that may make its file (see ``CacheAccess``).
    static func read(_ name: String, in folder: String?, key: @autoclosure () -> [UInt8]? = CacheSeal.machineKey) -> Cached? {
        guard folder != nil else { return nil }
        return SealedCacheFile.read(name, in: folder, key: key(), maximumSize: maximumFileSize, parse: entry(in:))
    }

    /// Stores `entry`, sealed with `key` (``SealedCacheFile/write(_:as:in:key:)``).
    static func write(_ entry: Entry, as name: String, in folder: String?, key: @autoclosure () -> [UInt8]? = CacheSeal.machineKey) {
        guard folder != nil else { return }
        let font = entry.font
        let reason = Array((font.wholeFontReason ?? "").utf8)
        let kind = font.wholeFontReason == nil ? "subset" : "whole"
        let contents = Array("\(header)\n\(kind) \(entry.textsDigest) \(reason.count) \(font.woff2.count)\n\n".utf8) + reason + font.woff2
        SealedCacheFile.write(contents, as: name, in: folder, key: key())
    }

    /// The entry a cache file's contents (its seal taken off) hold, or `nil` unless they read
    /// back whole.
    static func entry(in bytes: [UInt8]) -> Entry? {
        guard let blank = bytes.indices.first(where: { $0 > 0 && bytes[$0] == 0x0A && bytes[$0 - 1] == 0x0A }),
            let text = String(utf8Text: Array(bytes[..<blank]))
        else { return nil }
        let lines = text.split(separator: "\n")
        guard lines.count == 2, lines[0] == Substring(header) else { return nil }
        let fields = lines[1].split(separator: " ")
        guard fields.count == 4, fields[0] == "subset" || fields[0] == "whole", fields[1].count == 64, let reasonLength = Int(fields[2]),
            let length = Int(fields[3]), reasonLength >= 0, length > 0, (fields[0] == "whole") == (reasonLength > 0),
            reasonLength + length == bytes.count - blank - 1
        else { return nil }
        let start = blank + 1
        guard let reason = String(utf8Text: Array(bytes[start..<start + reasonLength])) else { return nil }
        let font = WebFont(woff2: Array(bytes[(start + reasonLength)...]), wholeFontReason: fields[0] == "whole" ? reason : nil)
        return Entry(font: font, textsDigest: String(fields[1]))
    }

    /// Removes the fonts no build used for ``OutputCache/imageRetention``, and what killed
    /// builds left (``SealedCacheFile/prune(in:suffix:now:)``).
    static func prune(in folder: String, now: Int64) {
        SealedCacheFile.prune(in: folder, suffix: suffix, now: now)
    }
}
