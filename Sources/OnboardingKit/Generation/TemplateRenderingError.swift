/// A template whose output would grow without bound; nothing of the build is written.
struct TemplateRenderingError: Error {
    /// A `template-error` at the template that was being rendered.
    var diagnostic: Diagnostic
}
