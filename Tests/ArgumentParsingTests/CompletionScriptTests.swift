import ArgumentParsing
import Foundation
import Testing

/// Completion scripts, run in the shells they are for. `make test` installs bash, zsh and fish.
struct CompletionScriptTests {
    /// The words bash offers for a command line whose last word is being completed.
    private func bashOffers(_ words: [String]) throws -> [String] {
        let script = try temporaryFile(SampleTool.tool.completionScript(for: .bash))
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let command = """
            source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE=x; COMP_POINT=1
            _sample; printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try Shell.run("bash", ["-c", command]).split(separator: "\n").map(String.init)
    }

    /// What fish offers for a command line, without descriptions.
    private func fishOffers(_ line: String) throws -> [String] {
        let script = try temporaryFile(SampleTool.tool.completionScript(for: .fish))
        let output = try Shell.run("fish", ["-c", "source '\(script)'; complete -C '\(line)'"])
        return output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test func bashOffersCommandsOptionsAndValues() throws {
        #expect(try bashOffers(["sample", ""]) == ["copy", "group", "help"])
        #expect(try bashOffers(["sample", "group", ""]) == ["show"])
        #expect(try bashOffers(["sample", "group", "show", ""]) == ["a", "b"])
        #expect(try bashOffers(["sample", "copy", "--d"]) == ["--dry-run"])
        #expect(try bashOffers(["sample", "copy", "--mode", ""]) == ["fast", "safe"])
        #expect(try bashOffers(["sample", "copy", "--mode", "=", "s"]) == ["safe"])
        #expect(try bashOffers(["sample", "copy", "--mode", "="]) == ["fast", "safe"])
        // Under a command without subcommands, a word that names another command is an argument.
        #expect(try bashOffers(["sample", "copy", "--retries", "group", "--m"]) == ["--mode"])
        #expect(try bashOffers(["sample", "copy", "group", ""]).allSatisfy { !$0.hasPrefix("show") })
    }

    @Test func fishOffersCommandsOptionsAndValues() throws {
        #expect(try fishOffers("sample ") == ["copy", "group", "help"])
        #expect(try fishOffers("sample group ") == ["show"])
        #expect(try fishOffers("sample group show ") == ["a", "b"])
        #expect(try fishOffers("sample copy --mode ") == ["fast", "safe"])
        #expect(try fishOffers("sample copy --ex").contains("--exclude"))
        // A value with nothing to complete gets no file names either.
        #expect(try fishOffers("sample copy --retries ").isEmpty)
        // Help text with a quote in it survives quoting.
        let script = SampleTool.tool.completionScript(for: .fish)
        #expect(script.contains(#"it\'s repeatable"#))
    }

    @Test func zshScriptIsValidAndDefinesAFunctionPerCommand() throws {
        let text = SampleTool.tool.completionScript(for: .zsh)
        #expect(text.hasPrefix("#compdef sample\n"))
        let script = try temporaryFile(text)
        _ = try Shell.run("zsh", ["-n", script])
        let defined = try Shell.run("zsh", ["-c", "source '\(script)' 2>/dev/null; print -l ${(k)functions[(I)_sample*]}"])
        #expect(Set(defined.split(separator: "\n")) == ["_sample", "_sample_copy", "_sample_group", "_sample_group_show"])
        #expect(text.contains(#"'*--exclude=[Leave out matching files; it'\''s repeatable.]:pattern: '"#))
        #expect(text.contains("'--mode=[How to copy.]:mode:(fast safe)'"))
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Runs a shell and returns its standard output; a shell that is missing or fails is an error.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ shell: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(shell) exited with \(process.terminationStatus) (is it installed? make test installs it): \(errorText)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
