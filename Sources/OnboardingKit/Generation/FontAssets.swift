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

/// Which languages use which web font, and the font files to copy, from the writing systems,
/// `<fonts>` and the project's `fonts/` folder.
struct FontPlan: Hashable {
    var assets: [FontAsset] = []
    /// Language code (letters, digits and hyphens only, so safe in a CSS selector) to CSS family.
    var languageFamilies: [(language: String, cssFamily: String)] = []
    /// Font files a language needs that the fonts folder lacks.
    var missing: [(language: String, face: FontFace)] = []

    static func == (lhs: FontPlan, rhs: FontPlan) -> Bool {
        lhs.assets == rhs.assets && lhs.languageFamilies.elementsEqual(rhs.languageFamilies) { $0 == $1 }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(assets) }

    init() {}

    init(syntax: AppDefSyntax, languages: [String]) {
        let systems = WritingSystems(syntax.interfaceLanguages)
        let faces = FontFace.faces(in: syntax.fonts)
        let folder = Paths.join(Paths.parent(of: Paths.absolute(syntax.file)), "fonts")
        var copied: [String: FontAsset] = [:]
        for language in languages {
            guard let family = systems.system(for: language)?.fontFamily, Self.isSafeIdentifier(language) else { continue }
            let familyFaces = faces.filter { $0.family == family }
            let cssFamily = "sab-" + family.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            var found = false
            for face in familyFaces {
                guard ImagePath.unsafeReason(face.fileName) == nil, let bytes = Self.read(face.fileName, in: folder) else {
                    missing.append((language, face))
                    continue
                }
                found = true
                if copied[face.fileName] == nil {
                    copied[face.fileName] = FontAsset(
                        cssFamily: cssFamily, outputPath: "fonts/" + ImageAsset.outputName(for: face.fileName, bytes: bytes),
                        format: face.format, weight: face.weight, style: face.style, bytes: bytes)
                }
            }
            if found { languageFamilies.append((language, cssFamily)) }
        }
        assets = copied.values.sorted { $0.outputPath < $1.outputPath }
    }

    /// Reads a regular file of the fonts folder, refusing links that lead out of it.
    private static func read(_ fileName: String, in folder: String) -> [UInt8]? {
        let file = Paths.join(folder, fileName)
        // A regular file only: reading a pipe or a device could block for ever.
        guard Paths.leadsInside(file, folder: folder),
            FolderWalk.kind(of: file, followingLinks: true) == .regularFile
        else { return nil }
        return RegularFile.bytes(at: file)
    }

    /// Language codes go into CSS selectors: only letters, digits and inner hyphens pass.
    static func isSafeIdentifier(_ code: String) -> Bool {
        !code.isEmpty && code.first!.isLetter && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
