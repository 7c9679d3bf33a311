import AppDefModel

/// A template whose output would grow without bound; nothing of the build is written.
package struct TemplateRenderingError: Error {
    /// A `template-error` at the template that was being rendered.
    package var diagnostic: Diagnostic
}
