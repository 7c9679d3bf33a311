import AppDefModel
internal import XMLStreaming

/// An `<image>` inside an `<onboarding-screen-image>`, with what its path names.
struct ImageReference {
    let screenNumber: Int
    let image: XMLElement
    /// The path as written on the author's machine.
    let sourcePath: String
    /// Its last component, looked up in the images folder.
    let fileName: String

    var position: SourcePosition { image.position }
}

extension LintContext {
    /// The first `<image>` of every image block that has a non-empty path.
    var imageReferences: [ImageReference] {
        screens.flatMap { screen in
            screen.imageBlocks.compactMap { block in
                guard let image = block.children(named: AppDefVocabulary.image).first else { return nil }
                let path = image.trimmedText
                guard !path.isEmpty else { return nil }
                return ImageReference(
                    screenNumber: screen.number, image: image, sourcePath: path, fileName: ImagePath.fileName(of: path))
            }
        }
    }

    /// The images whose names are safe, with what the folder holds for each.
    var lookedUpImages: [(reference: ImageReference, lookup: ImageFolder.Lookup)] {
        imageReferences.filter { ImagePath.unsafeReason($0.fileName) == nil }.map { ($0, images.lookUp($0.fileName)) }
    }
}
