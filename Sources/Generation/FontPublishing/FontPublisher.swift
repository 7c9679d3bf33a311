import AppDefModel
internal import FontProcessing

/// Publishes each font file the plan uses as a font the build made: checked by its structure,
/// unwrapped from WOFF or WOFF2, subset with HarfBuzz to the characters the carousel can show
/// (every layout feature kept), compressed as WOFF2 and checked by shaping every text of the
/// languages that use it (``WebFontMaker``). A subset that does not shape as the font does is
/// replaced by the whole font as WOFF2 (still through HarfBuzz, which leaves out what no
/// browser reads), with a warning. Nothing under `fonts/` is a file of the
/// project's fonts folder: every byte published is the woff2 encoder's.
///
/// Fonts come from ``WebFontCache`` when an earlier build made them of the same source for
/// the same text, each checked as a new one is before it is used.
public enum FontPublisher {
    /// The id of the note that a font found in the cache was not used.
    public static let cacheNotUsedID = BuildDiagnosticID.fontCacheNotUsed

    /// How many fonts a build made, subset or whole, and how many it found made in the cache.
    public struct Work: Sendable, Equatable {
        /// Fonts made subset.
        public var made = 0
        /// Fonts made whole, their subset not shaping as the font does.
        public var madeWhole = 0
        public var reused = 0

        package init(made: Int = 0, madeWhole: Int = 0, reused: Int = 0) {
            self.made = made
            self.madeWhole = madeWhole
            self.reused = reused
        }

        /// What was done, for the build's last line: "2 subset, 1 published whole, 0 reused
        /// from the cache" (no fonts published whole, no word of them).
        public var summary: String {
            let whole = madeWhole > 0 ? ", \(madeWhole) published whole" : ""
            return "\(made) subset\(whole), \(reused) reused from the cache"
        }

        /// Whether the build made or reused any font.
        public var isEmpty: Bool { made + madeWhole + reused == 0 }
    }

    /// The project with its fonts published, and a diagnostic for each font that could not be
    /// (an error) or is published whole (a warning). Web fonts are looked up in and noted to the
    /// cache in `cacheFolder`; without one, `cacheRefusal` says why (``CacheAccess``), in a note.
    package static func publish(_ project: OnboardingProject, cacheFolder: String? = WebFontCache.folder, cacheRefusal: String? = nil) -> (
        project: OnboardingProject, diagnostics: [Diagnostic], work: Work
    ) {
        guard !project.fonts.fonts.isEmpty else { return (project, [], Work()) }
        let text = CarouselText(project)
        let characters = text.characters
        var published = project
        var diagnostics: [Diagnostic] = []
        var work = Work()
        // The key is not asked for without a cache folder: looking it up may make its file.
        if let problem = cacheRefusal ?? (cacheFolder == nil ? nil : CacheSeal.keyProblem) {
            diagnostics.append(
                Diagnostic(
                    ruleID: cacheNotUsedID, severity: .note, location: SourceLocation(file: project.appDefPath, line: 1, column: 1),
                    message: "the font cache was not used, and every font was made: \(problem)",
                    notes: [
                        cacheRefusal == nil
                            ? "a cache file is used only if it is sealed with the user's cache key (see Documentation/Output.md, Cache key)"
                            : CacheAccess.refusalNote
                    ]))
        }
        for font in project.fonts.fonts {
            let location = SourceLocation(file: project.appDefPath, line: font.position.line, column: font.position.column)
            func report(_ ruleID: String, _ severity: Severity, _ message: String, notes: [String] = []) {
                diagnostics.append(Diagnostic(ruleID: ruleID, severity: severity, location: location, message: message, notes: notes))
            }
            if let missing = WebFontMaker.missingLibrary {
                report(BuildDiagnosticID.fontNotPublished, .error, "'\(font.fileName)' cannot be published: \(missing.description)")
                continue
            }
            // Read again, and checked again: the file may have changed since lint looked at it
            // (grown past the largest font taken, or become a link). Opened once, never through
            // a link: the bytes checked, hashed and subset below are the ones read here.
            let file: [UInt8]
            switch FontSourceFile.bytes(at: font.path) {
            case .success(let bytes): file = bytes
            case .failure(let problem):
                report(
                    BuildDiagnosticID.fontNotAFont, .error,
                    "'\(font.fileName)' is not a font the build can publish: \(problem.reason) (it changed after lint looked at it)")
                continue
            }
            let made: WebFont
            let isVariable: Bool
            do {
                let source = try WebFontMaker.sfnt(from: file)
                isVariable = WebFontMaker.isVariable(source)
                let texts = text.texts(in: project.fonts.languages(using: font.cssFamily))
                let name = WebFontCache.name(sourceDigest: SHA256.hexDigest(of: file), characters: characters, settings: WebFontMaker.settings)
                let textsDigest = WebFontCache.digest(of: texts)
                var cacheProblem: String?
                var reusable: WebFont?
                switch WebFontCache.read(name, in: cacheFolder) {
                case nil: break
                case .unreadable?: cacheProblem = "its file is not a whole web font file"
                case .notSealed?: cacheProblem = "its file is not sealed with this user's cache key (written by another user or machine, or changed since)"
                case .contents(let cached)?:
                    // A whole font made for other texts may not shape these ones alike: made again, unremarked.
                    if cached.font.wholeFontReason == nil || cached.textsDigest == textsDigest {
                        if let difference = WebFontMaker.difference(
                            of: cached.font, fromSource: source, characters: characters, texts: texts, weight: font.numericWeight)
                        {
                            cacheProblem = "it " + difference
                        } else {
                            reusable = cached.font
                        }
                    }
                }
                if let cacheProblem {
                    report(
                        cacheNotUsedID, .note, "the cached web font of '\(font.fileName)' was not used, and was made again: \(cacheProblem)",
                        notes: [OutputCache.folderNote("fonts")])
                }
                if let reusable {
                    made = reusable
                    work.reused += 1
                } else {
                    made = try WebFontMaker.make(from: source, characters: characters, texts: texts, weight: font.numericWeight)
                    WebFontCache.write(WebFontCache.Entry(font: made, textsDigest: textsDigest), as: name, in: cacheFolder)
                    if made.wholeFontReason == nil { work.made += 1 } else { work.madeWhole += 1 }
                }
            } catch  where error.isRefusal {
                report(BuildDiagnosticID.fontNotPublished, .error, "'\(font.fileName)' is not published: \(error.description)")
                continue
            } catch {
                report(BuildDiagnosticID.fontNotAFont, .error, "'\(font.fileName)' is not a font the build can publish: \(error.description)")
                continue
            }
            if let reason = made.wholeFontReason {
                report(
                    BuildDiagnosticID.fontPublishedWhole, .warning,
                    "'\(font.fileName)' is published whole (\(made.woff2.count / 1000) KB as WOFF2), not subset: its subset \(reason)",
                    notes: ["the carousel shows its text as the font does; visitors download all of the font's glyphs"])
            }
            published.fontAssets.append(
                FontAsset(
                    cssFamily: font.cssFamily, outputPath: Self.outputPath(for: font.fileName, woff2: made.woff2),
                    weight: font.weight, style: font.style, bytes: made.woff2, isVariable: isVariable))
        }
        published.fontAssets.sort { $0.outputPath < $1.outputPath }
        return (published, diagnostics, work)
    }

    /// `fonts/<stem>-<hash>.woff2`: the file name without its extension (the published font is
    /// WOFF2 whatever it was), reduced as image names are, and the WOFF2's content hash.
    static func outputPath(for fileName: String, woff2: [UInt8]) -> String {
        let fileExtension = ImagePath.fileExtension(of: fileName)
        let stem = fileExtension.isEmpty ? fileName : String(fileName.dropLast(fileExtension.count + 1))
        // No dot left in it, so that no part of the stem is taken for an extension.
        return OutputNames.fontsFolder + "/" + ImageAsset.outputName(for: stem.replacing(".", with: "-"), bytes: woff2) + ".woff2"
    }

    /// Whether `name` has the form of a published font's name in its folder (see
    /// ``outputPath(for:woff2:)``): an image's name without an extension, then `.woff2`.
    static func isOutputName(_ name: String) -> Bool {
        guard name.hasSuffix(".woff2") else { return false }
        let base = String(name.dropLast(".woff2".count))
        return !base.contains(".") && ImageAsset.isOutputName(base)
    }
}
