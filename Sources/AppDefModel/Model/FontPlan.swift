package import XMLStreaming

/// A font file the plan uses, found in the fonts folder but not read.
package struct PlannedFont: Hashable {
    package var cssFamily: String
    package var fileName: String
    /// Its path, inside the fonts folder.
    package var path: String
    /// Where the appDef first names the file (its `<f>` or `<filename>`), for diagnostics about it.
    package var position: SourcePosition
    /// CSS font-weight (``FontFace/weight``), which the build writes in the face's `@font-face`.
    package var weight: String
    package var style: String

    /// ``weight`` as a number: the weight a browser sets a variable font's 'wght' axis to.
    package var numericWeight: Int { Int(weight) ?? 400 }
}

/// Which languages use which web font, and the font files to publish, from the writing
/// systems, `<fonts>` and the project's `fonts/` folder. Making the plan only looks the files
/// up: lint (which then reads each file's header) and the fingerprint of an unchanged rebuild
/// need no more, and fonts can be megabytes. The bytes are read, once, by ``FontPublisher`` for
/// a build that renders.
package struct FontPlan {
    /// The font files to publish, one per family and file name, sorted by file name.
    package var fonts: [PlannedFont] = []
    /// Language code (letters, digits and hyphens only, so safe in a CSS selector) to CSS family.
    package var languageFamilies: [(language: String, cssFamily: String)] = []
    /// Font files a language needs that the fonts folder lacks.
    package var missing: [(language: String, face: FontFace)] = []
    /// Names in the fonts folder that are there but are no file the build may read (a link,
    /// a pipe, a device, a folder), each once, with what it is.
    package var refused: [(face: FontFace, reason: String)] = []

    package init() {}

    /// The web fonts of the default language and of the screens' languages.
    package init(syntax: AppDefSyntax, screens: [OnboardingScreen]) {
        self.init(syntax: syntax, languages: (syntax.usableDefaultLanguage.map { [$0] } ?? []) + screens.languages)
    }

    package init(syntax: AppDefSyntax, languages: [String]) {
        let systems = WritingSystems(syntax.interfaceLanguages)
        let faces = FontFace.faces(in: syntax.fonts)
        let folder = Paths.absolute(BuildInputs(appDefPath: syntax.file).fontsFolder)
        var planned: [String: PlannedFont] = [:]
        var seen: Set<String> = []
        // The default language is often a language of the screens too, written otherwise (Kir, kir; wol, wo).
        for language in languages where seen.insert(LanguageTag.matchingKey(language)).inserted {
            guard let family = systems.system(for: language)?.fontFamily, Self.isSafeIdentifier(language) else { continue }
            let familyFaces = faces.filter { $0.family == family }
            let cssFamily = Self.cssFamily(for: family)
            var found = false
            for face in familyFaces {
                guard ImagePath.unsafeReason(face.fileName) == nil else {
                    missing.append((language, face))
                    continue
                }
                let path: String
                switch Self.locate(face.fileName, in: folder) {
                case .found(let found): path = found
                case .missing:
                    missing.append((language, face))
                    continue
                case .refused(let reason):
                    if !refused.contains(where: { $0.face.fileName == face.fileName }) { refused.append((face, reason)) }
                    continue
                }
                found = true
                // A file two families name is a face of each: keyed by both.
                let key = cssFamily + "\u{0}" + face.fileName
                if planned[key] == nil {
                    planned[key] = PlannedFont(
                        cssFamily: cssFamily, fileName: face.fileName, path: path, position: face.position, weight: face.weight, style: face.style)
                }
            }
            if found { languageFamilies.append((language, cssFamily)) }
        }
        fonts = planned.values.sorted { ($0.fileName, $0.cssFamily) < ($1.fileName, $1.cssFamily) }
    }

    /// The CSS family of an appDef's font family: `sab-` and its name, with every character
    /// but ASCII letters, digits and `-` written as `_` and its UTF-8 bytes in hex (`font 1` is
    /// `sab-font_201`), so that only those reach the style sheet and no two names give one
    /// family (`font 1` and `font1` set two languages in two fonts).
    package static func cssFamily(for family: String) -> String {
        var name = "sab-"
        for byte in family.utf8 {
            let isKept = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
            name += isKept ? String(UnicodeScalar(byte)) : "_" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
        }
        return name
    }

    /// The languages whose text is set in `cssFamily`.
    package func languages(using cssFamily: String) -> [String] {
        languageFamilies.filter { $0.cssFamily == cssFamily }.map(\.language)
    }

    /// What a name of `<fonts>` is in the fonts folder.
    private enum Lookup {
        /// A regular file inside the folder, at this path.
        case found(String)
        case missing
        /// Something the build does not read, and what it is.
        case refused(String)
    }

    /// The path of a regular file of the fonts folder. A link is refused, wherever it leads
    /// (another font of the folder, a file of the machine outside the project, nothing): the
    /// build never reads a font through one. Anything but a regular file (which could block a
    /// read for ever) is refused too, with what it is.
    private static func locate(_ fileName: String, in folder: String) -> Lookup {
        // The folder itself neither: a `fonts` link would publish fonts from anywhere.
        if FolderWalk.kind(of: folder) == .symbolicLink { return .refused(FontSourceFile.folderLinkReason) }
        let file = Paths.join(folder, fileName)
        switch FolderWalk.kind(of: file) {
        case nil: return .missing
        case .regularFile?: return .found(file)
        case .symbolicLink?: return .refused(FontSourceFile.linkReason)
        case .folder?: return .refused(FontSourceFile.folderReason)
        case .other?: return .refused(FontSourceFile.notRegularReason)
        }
    }

    /// Language codes go into CSS selectors: only letters, digits and inner hyphens pass.
    static func isSafeIdentifier(_ code: String) -> Bool {
        !code.isEmpty && code.first!.isLetter && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
