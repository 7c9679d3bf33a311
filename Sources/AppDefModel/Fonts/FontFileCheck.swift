package import FontProcessing

/// A font file of the fonts folder checked by its structure, read a window at a time: its
/// header and table directory, never its glyphs.
package enum FontFileCheck {
    /// Why the file at `path` is not a font the build takes, or `nil` when it is one. It is
    /// opened as the build opens it (``FontSourceFile``): a link is refused, not followed.
    package static func problem(at path: String) -> FontStructureProblem? {
        let file: ImageFileBytes
        switch FontSourceFile.open(path) {
        case .success(let opened): file = opened
        case .failure(let problem): return FontStructureProblem(problem.reason)
        }
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
