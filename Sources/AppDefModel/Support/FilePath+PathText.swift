import PathText
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FilePath {
    /// The path a tool's path string names, byte for byte: bytes that are not UTF-8, carried
    /// in the string (see `PathText`), are given back to the system as they were.
    package init(pathText: String) {
        self = PathText.withCString(pathText) { FilePath(platformString: $0) }
    }

    /// This path as the tool carries paths: a name that is not UTF-8 keeps its bytes, where
    /// `string` would replace them.
    package var pathText: String {
        withPlatformString { pointer in
            PathText.string(fromBytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
    }
}
