import AppDefModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a build may use the user's caches (``OutputCache``, ``ImageVariantCache``,
/// ``WebFontCache``) and the cache key (``CacheSeal``) for an output folder.
///
/// Not when the cache folder, or the folder of the key file, is the output folder, lies in it
/// or holds it (`XDG_CACHE_HOME=out/.cache`, `XDG_STATE_HOME=out`): the caches' files, the
/// output's path and the secret key would then be published with the output, and a cache
/// folder that holds the output would have the build's caches written among its files. Such a
/// build uses no cache, as when none is to be had, and nothing of the caches or the key is read,
/// made or removed; the image and font publishers say why in their notes. The note does not
/// name the output folder: the review page, a shared file, would show its absolute path.
package enum CacheAccess {
    /// Why the caches are not used for the output folder `output` (as the user named it), for a
    /// note; `nil` when they may be.
    package static func refusal(for output: String) -> String? {
        if let cache = OutputCache.folderPath, overlap(cache, output) {
            return "the user's cache folder (sab-onboarding/ in $XDG_CACHE_HOME) is the output folder, is in it or holds it, "
                + "and a cache is never published"
        }
        // A key given in the environment is not kept in a file.
        if getenv(CacheSeal.keyVariable) == nil, let key = CacheSeal.keyPath, overlap(Paths.parent(of: key), output) {
            return "the folder of the user's cache key (sab-onboarding/ in $XDG_STATE_HOME) is the output folder, is in it "
                + "or holds it, and the key is never published"
        }
        return nil
    }

    /// The note that goes with a refusal.
    static let refusalNote =
        "set XDG_CACHE_HOME and XDG_STATE_HOME to folders outside the output, or choose another --out (see Documentation/Output.md)"

    /// Whether one of the folders `first` and `second` is the other or lies in it: as written
    /// (standardized), and as the links in their existing parts lead (a cache folder named
    /// through a link to the output is the output's); on macOS, whose file systems ignore case
    /// by default, whatever the case.
    static func overlap(_ first: String, _ second: String) -> Bool {
        let forms: (String) -> [String] = { [Paths.standardized($0), Paths.resolvingExistingLinks($0)].map(Self.compared) }
        return forms(first).contains { one in forms(second).contains { other in nested(one, other) } }
    }

    private static func compared(_ path: String) -> String {
        #if canImport(Darwin)
            path.lowercased()
        #else
            path
        #endif
    }

    /// Whether one of the two absolute, standardized paths is the other or lies in it.
    static func nested(_ first: String, _ second: String) -> Bool {
        first == second || first.hasPrefix(Paths.join(second, "")) || second.hasPrefix(Paths.join(first, ""))
    }
}
