import AppDefModel
import PathText
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seals the files of the image and font caches with a key of this user's, so that a build
/// uses only what a build with the same key wrote.
///
/// The caches live in a folder others may write: a cache home shared by several users, a CI
/// cache restored from an earlier run (which a pull request may have written). Checking what a
/// cached file holds catches damage and metadata, but not a picture or a font that is whole and
/// clean and simply another one: a planted image of the right size, or a font whose colour
/// glyphs draw other letters. A sealed file carries, on its first line, an HMAC-SHA256 of the
/// name it is stored under and of its contents, made with a 32-byte key that is never in the
/// cache folder: `SAB_ONBOARDING_CACHE_KEY` (64 hex digits: a CI secret), or a file made once,
/// readable by its owner alone (``keyPath``). A file whose seal does not match (another key, a
/// changed byte, a file copied under another entry's name) is not used, and is made again.
/// Without a key (no home folder, a key file others can read) the caches are not used.
enum CacheSeal {
    static let keyVariable = "SAB_ONBOARDING_CACHE_KEY"
    static let keyLength = 32
    /// The seal's form, in every sealed file's first line and in the caches' file names.
    static let version = "seal 1"
    private static let prefix = "sab-onboarding \(version) "

    /// The key of this process's user: the environment's, else the key file's, made if missing;
    /// `nil` when there is none to be had. Read once.
    static var machineKey: [UInt8]? { machine.key }

    /// Why this process has no key, for a note: the caches are not used without one.
    static var keyProblem: String? { machine.problem }

    private static let machine: (key: [UInt8]?, problem: String?) = loadKey()

    /// Where the key file is: `$XDG_STATE_HOME/sab-onboarding/cache-key`, by default
    /// `~/.local/state/sab-onboarding/cache-key` (on macOS, in `~/Library/Application Support`):
    /// beside neither the caches nor a project.
    static var keyPath: String? {
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        #if canImport(Darwin)
            return home + "/Library/Application Support/sab-onboarding/cache-key"
        #else
            if let base = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), base.hasPrefix("/") {
                return base + "/sab-onboarding/cache-key"
            }
            return home + "/.local/state/sab-onboarding/cache-key"
        #endif
    }

    /// `payload` sealed for the file name `name` (its last path component).
    static func sealed(_ payload: [UInt8], name: String, key: [UInt8]) -> [UInt8] {
        let code = HMACSHA256.code(key: key, message: message(payload[...], name: name))
        return Array((prefix + hex(code) + "\n").utf8) + payload
    }

    /// What a file sealed for `name` holds, or `nil` unless its seal is this key's for that name
    /// and these contents.
    static func opened(_ bytes: [UInt8], name: String, key: [UInt8]) -> [UInt8]? {
        let headerLength = prefix.utf8.count + 2 * 32 + 1
        guard bytes.count >= headerLength, bytes[headerLength - 1] == 0x0A, bytes.starts(with: prefix.utf8),
            let code = decodedHex(bytes[prefix.utf8.count..<headerLength - 1])
        else { return nil }
        let payload = bytes[headerLength...]
        guard HMACSHA256.matches(HMACSHA256.code(key: key, message: message(payload, name: name)), code) else { return nil }
        return Array(payload)
    }

    private static func message(_ payload: ArraySlice<UInt8>, name: String) -> [UInt8] {
        Array("\(name.utf8.count) \(name)\n".utf8) + payload
    }

    // MARK: - The key

    private static func loadKey() -> (key: [UInt8]?, problem: String?) {
        let given = getenv(keyVariable).map { String(cString: $0) }
        if let key = key(given: given, path: keyPath) { return (key, nil) }
        if given != nil { return (nil, "\(keyVariable) is not 64 hex digits") }
        if keyPath == nil { return (nil, "there is no home folder to keep a cache key in, and \(keyVariable) is not set") }
        return (
            nil,
            "the cache key file (sab-onboarding/cache-key in $XDG_STATE_HOME, by default ~/.local/state) is not a file of this user's "
                + "that only they can read and write, nor could one be made"
        )
    }

    /// The key `given` (64 hex digits; anything else gives no key, rather than another source's),
    /// else the one in the file at `path`, made there if there is none.
    static func key(given: String?, path: String?) -> [UInt8]? {
        if let given {
            let text = Array(given.utf8)
            guard text.count == 2 * keyLength else { return nil }
            return decodedHex(text[...])
        }
        guard let path else { return nil }
        if let key = readKey(at: path) { return key }
        return makeKey(at: path)
    }

    /// The key in the file at `path`: a regular file (not a link) of ``keyLength`` bytes that
    /// this user owns and no one else may read or write; `nil` otherwise.
    static func readKey(at path: String) -> [UInt8]? {
        guard let file = try? FileDescriptor.open(FilePath(pathText: path), .readOnly, options: [.noFollow, .closeOnExec, .nonBlocking]) else {
            return nil
        }
        defer { try? file.close() }
        var status = stat()
        guard fstat(file.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
            status.st_mode & 0o077 == 0, status.st_size == keyLength
        else { return nil }
        var key = [UInt8](repeating: 0, count: keyLength)
        let read = try? key.withUnsafeMutableBytes { try file.read(into: $0) }
        return read == keyLength ? key : nil
    }

    /// Makes a key at `path`, readable by its owner alone: written whole under a temporary name,
    /// then linked into place, which fails if another process made one meanwhile (that one is
    /// read instead).
    private static func makeKey(at path: String) -> [UInt8]? {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard (try? FileSystemCalls.makeDirectories(folder)) != nil else { return nil }
        var generator = SystemRandomNumberGenerator()  // getrandom(2) / arc4random: for keys
        let key = (0..<keyLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
        guard (try? FileSystemCalls.createFile(key, at: temporary, permissions: [.ownerReadWrite])) != nil else {
            PathText.withCString(temporary) { _ = unlink($0) }
            return nil
        }
        defer { PathText.withCString(temporary) { _ = unlink($0) } }
        let linked = PathText.withCString(temporary) { from in PathText.withCString(path) { to in link(from, to) } }
        return linked == 0 ? key : readKey(at: path)
    }

    // MARK: - Hex

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// The bytes lowercase or uppercase hex digits stand for; `nil` for anything else.
    private static func decodedHex(_ digits: ArraySlice<UInt8>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 0x30...0x39: digit - 0x30
            case 0x61...0x66: digit - 0x61 + 10
            case 0x41...0x46: digit - 0x41 + 10
            default: nil
            }
        }
        var result: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }
}
