package import FontProcessing

/// A font file of the fonts folder checked by its structure, read a window at a time: its
/// header and table directory, never its glyphs.
package enum FontFileCheck {
    /// Why the file at `path` is not a font the build takes, or `nil` when it is one.
    package static func problem(at path: String) -> FontStructureProblem? {
        guard let file = ImageFileBytes(path: path) else { return FontStructureProblem("the file cannot be read") }
        do {
            _ = try FontFileStructure.format(of: file)
            return nil
        } catch {
            return error
        }
    }
}

/// A file read a window at a time serves fonts as it does images.
extension ImageFileBytes: FontBytes {
    package var byteCount: Int { count }

    package func bytes(from offset: Int, count length: Int) -> [UInt8]? {
        bytes(at: offset, count: length)
    }
}
