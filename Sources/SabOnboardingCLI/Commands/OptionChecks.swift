import ArgumentParser

/// Checks of option values that the library leaves to the tool, run from `validate()`: a usage
/// error (exit 64) before anything runs.
enum OptionChecks {
    /// Refuses an empty value (`--out=`), which would otherwise mean the current folder.
    static func refuseEmpty(_ value: String?, for synopsis: String) throws(ValidationError) {
        if value?.isEmpty == true {
            throw ValidationError("An empty value is not allowed for '\(synopsis)'")
        }
    }
}
