import AppDefModel

/// The names the tool gives what it writes in an output folder, and the one check of whether a
/// path has such a name.
///
/// The record (``OutputRecord``) says what a rebuild may remove, but it lies in the output
/// folder, where a pull request or anyone else who can write there may edit it or plant one.
/// So a build removes only what it could have written: a path the record lists that has none
/// of these forms (`CNAME`, `.git/config`, a folder of the user's) is left in place, and left
/// out of the record the build writes. The renderers name their files with these constants and
/// functions, so the check cannot drift from what they write.
package enum OutputNames {
    /// The carousel page, where a visitor enters.
    static let index = "index.html"
    static let stylesheet = "onboarding.css"
    static let script = "onboarding.js"
    static let gateScript = "onboarding-gate.js"
    /// The manifest (``Manifest``).
    static let manifest = "onboarding.json"
    /// The files of a carousel at its top, under fixed names.
    static let carouselFiles: Set<String> = [index, stylesheet, script, gateScript, manifest]

    static let screensFolder = "screens"
    static let imagesFolder = "images"
    static let fontsFolder = "fonts"
    /// The folders of a carousel.
    static let carouselFolders: Set<String> = [screensFolder, imagesFolder, fontsFolder]
    /// The folder of a review folder that holds the carousel the review page frames
    /// (`reviewCarouselFolder`).
    package static let reviewCarouselFolder = "onboarding"

    /// Each screen's own page: `screens/<number>.html`.
    static func screenPage(number: Int) -> String {
        "\(screensFolder)/\(number).html"
    }

    /// What an output folder holds: each kind's names are its own, so a record read for one
    /// kind lists none of the other's files.
    package enum Kind: Sendable {
        /// A build's carousel, at the top of the folder.
        case carousel
        /// A review: its page at the top, and the carousel it frames in ``reviewCarouselFolder``.
        case review

        /// The other kind.
        var other: Kind { self == .carousel ? .review : .carousel }

        /// What an output of this kind is, in a message.
        var description: String { self == .carousel ? "a build's carousel" : "a review" }

        /// The file a record of this kind always lists, by which a folder of this kind is known.
        var marker: String {
            switch self {
            case .carousel: index
            case .review: ReviewPage.pagePath
            }
        }
    }

    /// Whether `path`, relative to an output folder of this kind, is one the tool may have
    /// written there: for a carousel, a carousel's file; for a review, the review page's, or a
    /// file of the carousel it frames (``reviewCarouselFolder``).
    static func isWrittenByTheTool(_ path: String, in kind: Kind) -> Bool {
        switch kind {
        case .carousel:
            return isCarouselFile(path)
        case .review:
            if [ReviewPage.pagePath, ReviewPage.stylesheetPath, ReviewPage.scriptPath].contains(path) { return true }
            let reviewCarousel = reviewCarouselFolder + "/"
            return path.hasPrefix(reviewCarousel) && isCarouselFile(String(path.dropFirst(reviewCarousel.count)))
        }
    }

    /// Whether `path` is a folder the tool makes for the files of an output of this kind.
    static func isMadeByTheTool(folder path: String, in kind: Kind) -> Bool {
        switch kind {
        case .carousel:
            return carouselFolders.contains(path)
        case .review:
            let reviewCarousel = reviewCarouselFolder + "/"
            return path == reviewCarouselFolder
                || (path.hasPrefix(reviewCarousel) && carouselFolders.contains(String(path.dropFirst(reviewCarousel.count))))
        }
    }

    /// Whether `path` is a file of a carousel, relative to its folder.
    private static func isCarouselFile(_ path: String) -> Bool {
        if carouselFiles.contains(path) { return true }
        let (folder, name) = OutputFolder.split(path)
        switch folder {
        case screensFolder:
            // As `screenPage(number:)` writes a positive number: ASCII digits, no leading zero.
            // Compared as bytes: a Character such as `1` with a combining accent, or the
            // keycap `1️⃣`, sorts between "0" and "9" and is no digit.
            guard name.hasSuffix(".html") else { return false }
            let number = name.utf8.dropLast(".html".utf8.count)
            return number.first.map { $0 != UInt8(ascii: "0") } ?? false && number.allSatisfy { (0x30...0x39).contains($0) }
        case imagesFolder:
            return ImageAsset.isOutputName(name)
        case fontsFolder:
            return FontPublisher.isOutputName(name)
        default:
            return false
        }
    }
}
