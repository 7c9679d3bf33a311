import SystemPackage

/// A file of a folder whose name is the one looked for written otherwise: in other case, or
/// with its accented letters encoded otherwise ('é' as one character, U+00E9, or as 'e' and
/// U+0301: a Mac writes file names the second way, most editors the first). The file system
/// compares names byte for byte and finds neither, so lint names the file it did find.
package struct NearName: Equatable, Sendable {
    /// The name of the file found.
    package var name: String
    /// How it differs from the name looked for: the words after "whose name".
    package var difference: String

    /// What a diagnostic adds as a note.
    package var note: String { "found '\(name)', whose name \(difference)" }

    /// The first file of `folder`, in name order, whose name is `fileName` written otherwise;
    /// never `fileName` itself, and `nil` when the folder holds none or cannot be read.
    package static func find(for fileName: String, in folder: String) -> NearName? {
        let exact = FilePath.Component(fileName)
        let names = ((try? FolderWalk.names(in: folder)) ?? []).filter { $0 != exact }.map(\.string).sorted()
        // Swift compares strings by canonical equivalence: "café" in either encoding is one.
        guard let name = names.first(where: { $0.lowercased() == fileName.lowercased() }) else { return nil }
        let sameEncoding = Array(name.lowercased().utf8) == Array(fileName.lowercased().utf8)
        let sameCase = name == fileName
        let difference =
            sameEncoding
            ? "differs in case only"
            : sameCase
                ? "differs only in how its accented letters are encoded (composed or decomposed Unicode, NFC or NFD)"
                : "differs in case and in how its accented letters are encoded (composed or decomposed Unicode, NFC or NFD)"
        return NearName(name: name, difference: difference)
    }
}
