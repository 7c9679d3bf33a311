import AppDefModel

/// One digest of everything a build's output is made from, so that a rebuild can tell after
/// lint, without rendering, that the output it would write is the one already there.
///
/// What goes in, and why that is all the output depends on:
/// - the tool's version and the text of every template in effect: a built-in one's (so that a
///   changed template shows even where the version was not raised) or, in its place, the file
///   of the same name in `--templates` (its name and text). Other files there are not used and
///   only give warnings, which lint-time reporting recomputes on every build anyway;
/// - the appDef's bytes. Everything the project takes from the appDef (screens, texts, languages,
///   colours, button words, font names) follows from them. The path does not count: the same
///   bytes beside the same images give the same output wherever they are;
/// - each image the screens name: its name and what the images folder holds for it (its bytes,
///   read a window at a time, or that it is missing, a folder, unreadable or a link out of the
///   folder). These are the lookups lint made, which the build then uses. Images not named
///   are never read and cannot change the output; a file added under a missing name changes its
///   lookup;
/// - the web-font plan: every font file published (its bytes and where it goes) and every font
///   file named but not found in the fonts folder. What a font is subset to is the text, which
///   the appDef's bytes hold;
/// - the start URL, the only option that reaches the output. The output folder is where the
///   output goes, not what it holds; `--images` and `--templates` count by what they hold; the
///   rule selection decides only whether lint fails, and a failed lint stops the build before
///   the fingerprint.
///
/// Not in it: the code of the tool itself beyond its version and templates. A development build
/// whose code changed under the same version would see the previous output as current, so the
/// output's cache (``OutputCache``) also notes which executable wrote it, and any other one
/// checks the output in full.
///
/// Every input is hashed before or as it is read for the output: an edit that races a build can
/// only make the record look older than the output, which the next build corrects, never newer.
package struct InputFingerprint: Hashable, Sendable {
    /// 16 hexadecimal digits.
    let text: String

    /// A fingerprint as written in a record.
    package init(text: String) {
        self.text = text
    }

    /// The digest of the appDef file, taken before lint reads it; `nil` when it cannot be read.
    package static func appDefDigest(at path: String) -> UInt64? {
        XXHash64.digest(ofFileAt: path)
    }

    /// The fingerprint of a build whose lint passed. `templates` are the sources in effect, by
    /// file name.
    package init(appDefDigest: UInt64, lint context: LintContext, templates: [TemplateSet.Source], options: BuildOptions) {
        var hasher = FieldHasher()
        hasher.add("version", SabOnboardingVersion.current)
        hasher.add("appdef", appDefDigest)
        for template in templates {
            hasher.add("template", template.name)
            hasher.add("text", template.text)
        }
        // Names as bytes, as the images folder looks them up: NFC and NFD `café.png` are two files.
        var seen: Set<[UInt8]> = []
        for image in context.models.flatMap(\.images) where seen.insert(Array(image.fileName.utf8)).inserted {
            hasher.add("image", image.fileName)
            hasher.add(context.images.lookUp(image.fileName))
        }
        let fonts = FontPlan(syntax: context.syntax, screens: context.models)
        for font in fonts.fonts {
            for field in [font.cssFamily, font.fileName, font.weight, font.style] { hasher.add("font", field) }
            // XXH64 of the bytes, streamed: the SHA-256 output name waits for a build that writes.
            hasher.add("bytes", XXHash64.digest(ofFileAt: font.path).map(\.paddedHex) ?? "unreadable")
        }
        for (language, cssFamily) in fonts.languageFamilies { hasher.add("family", language + "\u{0}" + cssFamily) }
        for (language, face) in fonts.missing { hasher.add("missing font", language + "\u{0}" + face.fileName) }
        hasher.add("start url", options.startURL)
        hasher.add("image quality", String(options.imageQuality))
        hasher.add("original images", options.keepsOriginalImages ? "kept" : "resized")
        text = hasher.finalize().paddedHex
    }

}

/// Hashes named fields so that no two different sequences of fields give the same stream:
/// each field is its label, its length and its bytes.
private struct FieldHasher {
    private var hasher = XXHash64()

    mutating func add(_ label: String, _ bytes: [UInt8]) {
        addHeader(label, length: bytes.count)
        hasher.update(bytes)
    }

    mutating func add(_ label: String, _ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            addHeader(label, length: utf8.count)
            hasher.update(UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func add(_ label: String, _ number: UInt64) {
        add(label, withUnsafeBytes(of: number.littleEndian) { Array($0) })
    }

    /// What the images folder gave for a name.
    mutating func add(_ lookup: ImageFolder.Lookup) {
        switch lookup {
        case .found(let file): addContents(of: file.path)
        case .missing: add("missing", [])
        case .outsideFolder: add("outside", [])
        case .unreadable(let reason): add("unreadable", reason)
        }
    }

    /// The bytes of the file at `path`, a window at a time: an image is never held whole.
    mutating func addContents(of path: String) {
        guard let file = ImageFileBytes(path: path) else { return add("unreadable", "") }
        // One over the limit is not built: its size alone tells it apart.
        guard file.count <= ImageFileSize.maximumBytes else { return add("too large", UInt64(file.count)) }
        addHeader("found", length: file.count)
        for offset in stride(from: 0, to: file.count, by: 1 << 16) {
            guard let window = file.bytes(at: offset, count: min(1 << 16, file.count - offset)) else { return add("unreadable", "") }
            hasher.update(window)
        }
    }

    func finalize() -> UInt64 { hasher.finalize() }

    private mutating func addHeader(_ label: String, length: Int) {
        var header = Array(label.utf8)
        header.append(0)
        withUnsafeBytes(of: UInt64(length).littleEndian) { header.append(contentsOf: $0) }
        hasher.update(header)
    }
}
