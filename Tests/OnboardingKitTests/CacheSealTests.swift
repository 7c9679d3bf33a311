import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A cache file is used only when its seal is this key's for its name and contents.
struct CacheSealTests {
    static let key = [UInt8](repeating: 7, count: CacheSeal.keyLength)
    static let otherKey = [UInt8](repeating: 8, count: CacheSeal.keyLength)
    static let payload = Array("sab-onboarding image variants 1\nimage/webp 4 3 3\n\n\u{1}\u{2}\u{3}".utf8)

    @Test func whatIsSealedOpensWithTheSameKeyAndName() {
        let sealed = CacheSeal.sealed(Self.payload, name: "a.variants", key: Self.key)
        #expect(CacheSeal.opened(sealed, name: "a.variants", key: Self.key) == Self.payload)
        #expect(String(decoding: sealed.prefix(22), as: UTF8.self) == "sab-onboarding seal 1 ")
    }

    @Test func anotherKeyNameOrByteDoesNotOpen() {
        let sealed = CacheSeal.sealed(Self.payload, name: "a.variants", key: Self.key)
        #expect(CacheSeal.opened(sealed, name: "a.variants", key: Self.otherKey) == nil, "written with another key")
        #expect(CacheSeal.opened(sealed, name: "b.variants", key: Self.key) == nil, "copied under another entry's name")
        for index in [0, 30, sealed.count - 1] {
            var changed = sealed
            changed[index] ^= 1
            #expect(CacheSeal.opened(changed, name: "a.variants", key: Self.key) == nil, "byte \(index) changed")
        }
        #expect(CacheSeal.opened(Array(sealed.dropLast()), name: "a.variants", key: Self.key) == nil)
        #expect(CacheSeal.opened(sealed + [0], name: "a.variants", key: Self.key) == nil)
        #expect(CacheSeal.opened(Self.payload, name: "a.variants", key: Self.key) == nil, "no seal")
        #expect(CacheSeal.opened([], name: "a.variants", key: Self.key) == nil)
    }

    @Test func aGivenKeyIsSixtyFourHexDigits() {
        #expect(CacheSeal.key(given: String(repeating: "0A", count: 32), path: nil) == [UInt8](repeating: 10, count: 32))
        for wrong in ["", "0a", String(repeating: "0a", count: 33), String(repeating: "zz", count: 32)] {
            #expect(CacheSeal.key(given: wrong, path: "/nonexistent/key") == nil, "\(wrong)")
        }
    }

    /// Made once, readable by its owner alone, and the same on every later use.
    @Test func theKeyFileIsMadeOnceForItsOwnerAlone() throws {
        let folder = TemporaryFolder()
        let path = folder.path("state/sab-onboarding/cache-key")
        let made = try #require(CacheSeal.key(given: nil, path: path))
        #expect(made.count == CacheSeal.keyLength)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(CacheSeal.key(given: nil, path: path) == made)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("state/sab-onboarding")) == ["cache-key"])
    }

    /// A key others can read, or a link, could be known to whoever planted the cache's files:
    /// it is not used, and no other is made in its place.
    @Test func aKeyOthersCanReadOrALinkIsNotUsed() throws {
        let folder = TemporaryFolder()
        try folder.write("readable", String(repeating: "k", count: 32))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.path("readable"))
        #expect(CacheSeal.readKey(at: folder.path("readable")) == nil)
        #expect(CacheSeal.key(given: nil, path: folder.path("readable")) == nil)
        try folder.write("private", String(repeating: "k", count: 32))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.path("private"))
        #expect(CacheSeal.readKey(at: folder.path("private")) == Array(String(repeating: "k", count: 32).utf8))
        try folder.link("link", to: "private")
        #expect(CacheSeal.readKey(at: folder.path("link")) == nil)
        try folder.write("short", "k")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.path("short"))
        #expect(CacheSeal.readKey(at: folder.path("short")) == nil)
    }
}
