internal import XMLStreaming

/// A font file copied into the output under a content-hashed name, for an `@font-face`.
struct FontAsset: Hashable {
    /// The CSS family name the carousel gives it: `sab-` and the appDef's family id.
    var cssFamily: String
    var outputPath: String
    var format: String
    var weight: String
    var style: String
    var bytes: [UInt8]
}

/// A font file the plan uses, found in the fonts folder but not read.
struct PlannedFont: Hashable {
    var cssFamily: String
    var fileName: String
    /// Its path, inside the fonts folder.
    var path: String
    /// Where the appDef first names the file (its `<f>` or `<filename>`), for diagnostics about it.
    var position: SourcePosition
    var format: String
    var weight: String
    var style: String
}

/// Which languages use which web font, and the font files to copy, from the writing systems,
/// `<fonts>` and the project's `fonts/` folder. Making the plan only looks the files up: lint
/// and the fingerprint of an unchanged rebuild need no more, and fonts can be megabytes. The
/// bytes are read, once, by ``assets()`` for a build that writes.
struct FontPlan {
    /// The font files to copy, one per file name, sorted by it.
    var fonts: [PlannedFont] = []
    /// Language code (letters, digits and hyphens only, so safe in a CSS selector) to CSS family.
    var languageFamilies: [(language: String, cssFamily: String)] = []
    /// Font files a language needs that the fonts folder lacks.
    var missing: [(language: String, face: FontFace)] = []

    init() {}

    init(syntax: AppDefSyntax, languages: [String]) {
        let systems = WritingSystems(syntax.interfaceLanguages)
        let faces = FontFace.faces(in: syntax.fonts)
        let folder = Paths.absolute(BuildInputs(appDefPath: syntax.file).fontsFolder)
        var planned: [String: PlannedFont] = [:]
        var seen: Set<String> = []
        // The default language is often a language of the screens too, in another case (Kir, kir).
        for language in languages where seen.insert(language.lowercased()).inserted {
            guard let family = systems.system(for: language)?.fontFamily, Self.isSafeIdentifier(language) else { continue }
            let familyFaces = faces.filter { $0.family == family }
            let cssFamily = "sab-" + family.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            var found = false
            for face in familyFaces {
                guard ImagePath.unsafeReason(face.fileName) == nil, let path = Self.locate(face.fileName, in: folder) else {
                    missing.append((language, face))
                    continue
                }
                found = true
                if planned[face.fileName] == nil {
                    planned[face.fileName] = PlannedFont(
                        cssFamily: cssFamily, fileName: face.fileName, path: path, position: face.position, format: face.format, weight: face.weight,
                        style: face.style)
                }
            }
            if found { languageFamilies.append((language, cssFamily)) }
        }
        fonts = planned.values.sorted { $0.fileName < $1.fileName }
    }

    /// The planned fonts read, each under its content-hashed output name, sorted by it. A file
    /// that cannot be read any more is left out, as a missing one is.
    func assets() -> [FontAsset] {
        fonts.compactMap { font in
            RegularFile.bytes(at: font.path).map { bytes in
                FontAsset(
                    cssFamily: font.cssFamily, outputPath: "fonts/" + ImageAsset.outputName(for: font.fileName, bytes: bytes),
                    format: font.format, weight: font.weight, style: font.style, bytes: bytes)
            }
        }.sorted { $0.outputPath < $1.outputPath }
    }

    /// The path of a regular file of the fonts folder, refusing links that lead out of it.
    private static func locate(_ fileName: String, in folder: String) -> String? {
        let file = Paths.join(folder, fileName)
        guard Paths.leadsInside(file, folder: folder), FolderWalk.kind(of: file, followingLinks: true) == .regularFile else { return nil }
        return file
    }

    /// Language codes go into CSS selectors: only letters, digits and inner hyphens pass.
    static func isSafeIdentifier(_ code: String) -> Bool {
        !code.isEmpty && code.first!.isLetter && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
