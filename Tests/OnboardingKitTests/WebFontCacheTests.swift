import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Fonts made once are taken from the cache by the next build, and only after the checks a
/// new font passes: what the cache holds is input, never published on trust.
struct WebFontCacheTests {
    /// A project with one font, its cache folder and the project as a build makes it.
    struct Project {
        let folder = TemporaryFolder()
        var cache: String { folder.path("cache") }

        init(title: String = "Welcome") throws {
            try write(title: title)
            try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        }

        func write(title: String) throws {
            try folder.write(
                "app.appDef",
                FontBuildTests.appDef.replacingOccurrences(of: "<t>Welcome</t>", with: "<t>\(title)</t>")
                    .replacingOccurrences(of: "CharisSIL-B.ttf", with: "CharisSIL-R.ttf"))
        }

        func publish() throws -> (fonts: [FontAsset], diagnostics: [Diagnostic], work: FontPublisher.Work) {
            let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
            let published = FontPublisher.publish(project, cacheFolder: cache)
            return (published.project.fontAssets, published.diagnostics, published.work)
        }

        /// The cache's files, by name.
        var entries: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(WebFontCache.suffix) }.sorted()
        }

        func replaceEntry(with bytes: [UInt8]) throws {
            let name = try #require(entries.first)
            try Data(bytes).write(to: URL(fileURLWithPath: cache + "/" + name))
        }
    }

    @Test func aRebuildTakesTheFontFromTheCacheWithTheSameBytes() throws {
        let project = try Project()
        let first = try project.publish()
        #expect(first.work == FontPublisher.Work(made: 1, reused: 0))
        #expect(project.entries.count == 1)
        let second = try project.publish()
        #expect(second.work == FontPublisher.Work(made: 0, reused: 1))
        #expect(second.fonts == first.fonts)
    }

    /// A word changed whose characters the text has keeps the subset (checked with the new
    /// text); a new character makes a new one.
    @Test func aChangedWordReusesTheSubsetUnlessItBringsANewCharacter() throws {
        let project = try Project(title: "Welcome")
        _ = try project.publish()
        try project.write(title: "Welcome come")
        #expect(try project.publish().work == FontPublisher.Work(made: 0, reused: 1))
        try project.write(title: "Ɓe welcome")
        let changed = try project.publish()
        #expect(changed.work == FontPublisher.Work(made: 1, reused: 0))
        #expect(project.entries.count == 2)
    }

    /// What the cache gives is checked: another font, bytes that are no WOFF2, a subset said to
    /// be the whole font (each sealed with this user's key, as a file of an earlier build of
    /// another project would be), a damaged file, and a whole, clean font of someone else's (its
    /// seal another key's). Each is made anew with a note saying why, and the cache written again.
    @Test(arguments: [
        ("another font", "it shapes"), ("no WOFF2", "it is no WOFF2 file"), ("a subset said to be whole", "it is not the whole font"),
        ("cut short", "not sealed with this user's cache key"), ("another key", "not sealed with this user's cache key"),
    ])
    func whatTheCacheGivesIsCheckedAsInput(_ tampering: String, reason: String) throws {
        let project = try Project()
        let made = try project.publish()
        let name = try #require(project.entries.first)
        guard case .contents(let entry)? = WebFontCache.read(name, in: project.cache) else {
            Issue.record("the cache file the build wrote cannot be read")
            return
        }
        let replacement: [UInt8]
        switch tampering {
        case "another font":
            let andika = WebFontCache.Entry(
                font: WebFont(woff2: try WOFF2Codec.encode(try DebianFonts.andika.bytes()), wholeFontReason: nil), textsDigest: entry.textsDigest)
            replacement = try Self.fileBytes(of: andika, as: name)
        case "no WOFF2":
            replacement = try Self.fileBytes(
                of: WebFontCache.Entry(font: WebFont(woff2: Array("<script>".utf8), wholeFontReason: nil), textsDigest: entry.textsDigest), as: name)
        case "a subset said to be whole":
            replacement = try Self.fileBytes(
                of: WebFontCache.Entry(font: WebFont(woff2: entry.font.woff2, wholeFontReason: "said so"), textsDigest: entry.textsDigest), as: name)
        case "another key":
            replacement = try Self.fileBytes(of: entry, as: name, key: CacheSealTests.otherKey)
        default:
            replacement = Array(try Self.fileBytes(of: entry, as: name).dropLast(100))
        }
        try project.replaceEntry(with: replacement)
        let again = try project.publish()
        #expect(again.work == FontPublisher.Work(made: 1, reused: 0), "\(tampering)")
        #expect(again.fonts == made.fonts)
        #expect(again.diagnostics.map(\.ruleID) == [FontPublisher.cacheNotUsedID], "\(tampering)")
        #expect(again.diagnostics.first?.message.contains(reason) == true, "\(tampering): \(again.diagnostics.map(\.message))")
        #expect(again.diagnostics.first?.severity == .note)
        #expect(try project.publish().work == FontPublisher.Work(made: 0, reused: 1), "the cache was written again")
    }

    @Test func anEntryReadsBackAsItWasWrittenAndNothingElseDoes() throws {
        let folder = TemporaryFolder()
        let entry = WebFontCache.Entry(
            font: WebFont(woff2: Array("wOF2 and more".utf8), wholeFontReason: "shapes 'am' text\n\"x\" otherwise"),
            textsDigest: String(repeating: "a", count: 64))
        let name = "e" + WebFontCache.suffix
        WebFontCache.write(entry, as: name, in: folder.path("cache"), key: CacheSealTests.key)
        #expect(WebFontCache.read(name, in: folder.path("cache"), key: CacheSealTests.key) == .contents(entry))
        #expect(WebFontCache.read(name, in: folder.path("cache"), key: CacheSealTests.otherKey) == .notSealed)
        #expect(WebFontCache.read(name, in: folder.path("cache"), key: nil) == nil, "without a key the cache is not read")
        let bytes = try #require(CacheSeal.opened(try Self.fileBytes(of: entry, as: name, key: CacheSealTests.key), name: name, key: CacheSealTests.key))
        #expect(WebFontCache.entry(in: bytes) == entry)
        #expect(WebFontCache.entry(in: Array(bytes.dropLast())) == nil)
        #expect(WebFontCache.entry(in: bytes + [0]) == nil)
        #expect(WebFontCache.entry(in: Array("sab-onboarding web font 2".utf8) + Array(bytes.drop { $0 != 0x0A })) == nil)
        #expect(WebFontCache.entry(in: []) == nil)
    }

    /// A sparse file planted at an entry's name claims gigabytes: it is refused by its size.
    @Test func aFileOverTheLimitIsNotRead() throws {
        let folder = TemporaryFolder()
        try folder.write("cache/huge" + WebFontCache.suffix, "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("cache/huge" + WebFontCache.suffix)))
        try handle.truncate(atOffset: UInt64(64) << 30)
        try handle.close()
        #expect(WebFontCache.read("huge" + WebFontCache.suffix, in: folder.path("cache"), key: CacheSealTests.key) == .unreadable)
    }

    /// The file is written under a new name and renamed over the entry's: a link left at the
    /// entry's name is replaced, never written through.
    @Test func writingNeverFollowsALink() throws {
        let folder = TemporaryFolder()
        try folder.write("outside.txt", "not the cache's")
        try folder.write("cache/placeholder", "")
        try folder.link("cache/e" + WebFontCache.suffix, to: "outside.txt")
        let entry = WebFontCache.Entry(font: WebFont(woff2: Array("wOF2".utf8), wholeFontReason: nil), textsDigest: String(repeating: "b", count: 64))
        WebFontCache.write(entry, as: "e" + WebFontCache.suffix, in: folder.path("cache"), key: CacheSealTests.key)
        #expect(try String(contentsOfFile: folder.path("outside.txt"), encoding: .utf8) == "not the cache's")
        #expect(WebFontCache.read("e" + WebFontCache.suffix, in: folder.path("cache"), key: CacheSealTests.key) == .contents(entry))
        let kind = try FileManager.default.attributesOfItem(atPath: folder.path("cache/e" + WebFontCache.suffix))[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
    }

    @Test func unusedFontsArePruned() throws {
        let folder = TemporaryFolder()
        let entry = WebFontCache.Entry(font: WebFont(woff2: Array("wOF2".utf8), wholeFontReason: nil), textsDigest: String(repeating: "c", count: 64))
        WebFontCache.write(entry, as: "old" + WebFontCache.suffix, in: folder.path("cache"), key: CacheSealTests.key)
        try folder.write("cache/kept.txt", "")
        let written = try #require(FileStatus.of(folder.path("cache/old" + WebFontCache.suffix))).modified
        WebFontCache.prune(in: folder.path("cache"), now: written + OutputCache.imageRetention - 1)
        #expect(FileManager.default.fileExists(atPath: folder.path("cache/old" + WebFontCache.suffix)))
        WebFontCache.prune(in: folder.path("cache"), now: written + OutputCache.imageRetention)
        #expect(!FileManager.default.fileExists(atPath: folder.path("cache/old" + WebFontCache.suffix)))
        #expect(FileManager.default.fileExists(atPath: folder.path("cache/kept.txt")))
    }

    /// The bytes ``WebFontCache/write`` gives an entry stored as `name`, read back from a file
    /// it wrote.
    static func fileBytes(of entry: WebFontCache.Entry, as name: String, key: [UInt8]? = CacheSeal.machineKey) throws -> [UInt8] {
        let folder = TemporaryFolder()
        WebFontCache.write(entry, as: name, in: folder.path("cache"), key: key)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("cache/" + name))))
    }
}
