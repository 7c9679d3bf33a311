package import FontProcessing

/// A font file of the fonts folder checked by its structure, read a window at a time: its
/// header and table directory; then by what it draws, as the build checks it.
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

    /// Why the build would not publish the font file at `path`, a font by its structure, for
    /// what it draws (``drawing(at:texts:characters:weight:)``); `nil` when it would.
    package static func drawingProblem(
        at path: String, texts: [ShapingText], characters: [Unicode.Scalar]? = nil, weight: Int = WebFontMaker.normalWeight
    ) -> FontProcessingFailure? {
        if case .failure(let problem) = drawing(at: path, texts: texts, characters: characters, weight: weight) { return problem }
        return nil
    }

    /// What the font file at `path`, a font by its structure, draws of `texts`, subset to
    /// `characters` as the build subsets it (``CarouselText/characters``; those of `texts` when
    /// not given): the characters
    /// of them it lacks (a browser draws them with another font), or why the build would not
    /// publish it: it does not decode or HarfBuzz cannot read its tables (not a refusal), or it
    /// draws `texts` with empty glyphs or bitmaps alone (a refusal), at the `@font-face` weight
    /// `weight` the build publishes it with when it is variable. Nothing lacked when the font
    /// libraries are missing, which the build reports.
    package static func drawing(
        at path: String, texts: [ShapingText], characters: [Unicode.Scalar]? = nil, weight: Int
    ) -> Result<[Unicode.Scalar], FontProcessingFailure> {
        guard WebFontMaker.missingLibrary == nil else { return .success([]) }
        switch FontSourceFile.bytes(at: path) {
        case .failure(let problem): return .failure(FontProcessingFailure(problem.reason))
        case .success(let bytes):
            do {
                return .success(try WebFontMaker.checkPublishable(bytes, texts: texts, characters: characters, weight: weight))
            } catch {
                return .failure(error)
            }
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
