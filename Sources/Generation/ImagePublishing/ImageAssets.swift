import AppDefModel

/// A project's images by their file name in the images folder. Names are compared as bytes, as
/// the file system and ``ImageFolder`` compare them: `café.png` written with one code point for
/// the é and with two are two files, and two images, though Swift's `String` finds them equal.
public struct ImageAssets: Sendable {
    private var byName: [[UInt8]: ImageAsset] = [:]

    public init() {}

    /// The image of the file `fileName`.
    public subscript(fileName: String) -> ImageAsset? {
        get { byName[Array(fileName.utf8)] }
        set { byName[Array(fileName.utf8)] = newValue }
    }

    /// Every image, in no order.
    public var values: some Collection<ImageAsset> { byName.values }
}
