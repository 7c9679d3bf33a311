import ArgumentParser

/// Checks of option values that the library leaves to the tool, run from `validate()`: a usage
/// error (exit 64) before anything runs.
enum OptionChecks {
    /// The arguments being parsed, bound by `runCommandLine` around the library's parse. The
    /// library's parsed values do not say how often an option was given, so the check of
    /// repeated options reads them; outside `runCommandLine` it is empty and checks nothing.
    @TaskLocal static var commandLine: [String] = []

    /// Refuses an option that takes one value when it is given more than once (`--out a --out b`):
    /// the library keeps the last value silently, which would build into a folder the user may
    /// not have meant. `names` are long names without their `--`.
    static func refuseRepeated(_ names: Set<String>) throws(ValidationError) {
        var seen: Set<Substring> = []
        // After `--` every word is an argument; before it, a word starting with `--` is an
        // option (the library takes none as a value of another option, `--port` aside, whose
        // value must be a number).
        for word in commandLine.prefix(while: { $0 != "--" }) where word.hasPrefix("--") {
            let name = word.dropFirst(2).prefix { $0 != "=" }
            guard names.contains(String(name)), !seen.insert(name).inserted else { continue }
            throw ValidationError("'--\(name)' is given more than once; it takes one value, so give it once")
        }
    }

    /// Refuses an empty value (`--out=`), which would otherwise mean the current folder.
    static func refuseEmpty(_ value: String?, for synopsis: String) throws(ValidationError) {
        if value?.isEmpty == true {
            throw ValidationError("An empty value is not allowed for '\(synopsis)'")
        }
    }
}
