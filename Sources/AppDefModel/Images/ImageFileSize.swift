/// The most bytes an image file of the images folder may have. The build holds an image's bytes
/// in memory to publish it (libvips decodes from them, an SVG is read whole), so a file's size
/// must be bounded before anything reads it: a valid PNG followed by a sparse tail of 64 GB
/// passed lint, which reads headers only, and the build then failed to allocate it.
///
/// Onboarding images are under 10 MB; a phone's full-size photo of 50 megapixels (the most
/// ``ImageCompleteness`` lets through) is 10 to 25 MB as JPEG. 30 MB takes both with room to
/// spare, and keeps what a build holds at once to a few of them.
package enum ImageFileSize {
    package static let maximumBytes = 30_000_000

    /// Why a file of `byteCount` bytes is not read, or `nil` when it is within the limit.
    package static func problem(byteCount: Int) -> String? {
        guard byteCount > maximumBytes else { return nil }
        // Just over the limit, its size to a tenth is the limit's: then in bytes.
        let size = describe(byteCount) == describe(maximumBytes) ? "\(byteCount) bytes" : describe(byteCount)
        return "it is \(size), more than an image file may be (at most \(describe(maximumBytes)))"
    }

    /// `31.5 MB`, `68.7 GB`, `30 MB`: bytes in decimal units, to a tenth, as file managers show
    /// them.
    static func describe(_ byteCount: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(byteCount)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        guard unit > 0 else { return "\(byteCount) \(byteCount == 1 ? "byte" : "bytes")" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) \(units[unit])" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
