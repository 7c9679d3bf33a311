import AppDefModel

extension BuildInputs {
    /// The inputs of building `appDefPath` with `options`.
    public init(appDefPath: String, options: BuildOptions) {
        self.init(appDefPath: appDefPath, imagesOverride: options.imagesDirectory, templatesFolder: options.templatesDirectory)
    }
}
