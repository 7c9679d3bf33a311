import Foundation
import Testing

/// An option that takes one value, given twice, is a usage error (64): the library keeps the
/// last value silently, so `--out a --out b` would build into b.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct RepeatedOptionTests {
    let appDef = "Samples/builders/builders.appDef"

    /// A folder that does not exist yet, removed after the test.
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sab-options-\(UUID().uuidString)")
    }

    @Test func anOptionTakingOneValueGivenTwiceIsRefused() throws {
        let first = temporaryFolder()
        let second = temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        for arguments in [["--out", first.path, "--out", second.path], ["--out=\(first.path)", "--out", second.path]] {
            let result = try ToolRunner.run(["build", appDef] + arguments)
            #expect(result.status == 64)
            #expect(result.standardError.hasPrefix("Error: '--out' is given more than once; it takes one value, so give it once\n"))
            #expect(result.standardError.contains("\nUsage: sab-onboarding build <app-def> "))
            #expect(!FileManager.default.fileExists(atPath: first.path) && !FileManager.default.fileExists(atPath: second.path))
        }
        let format = try ToolRunner.run(["lint", "--format", "json", appDef, "--format", "text"])
        #expect(format.status == 64)
        #expect(format.standardError.hasPrefix("Error: '--format' is given more than once"))
        #expect(format.standardOutput.isEmpty)
    }

    @Test func repeatableOptionsAndWordsAfterTheTerminatorAreNotRepeats() throws {
        let rules = try ToolRunner.run(["lint", "--disable", "unknown-element", "--disable", "empty-text", "--enable", "long-text", appDef])
        #expect(rules.status == 0, "\(rules.standardError)")
        // After `--`, '--format' is a file name.
        let file = try ToolRunner.run(["lint", "--format", "json", "--", "--format"])
        #expect(file.status == 1)
        #expect(file.standardOutput.contains("\"file\": \"--format\""))
    }

    /// Every option taking one value, of every command, as the help dump lists them: given twice,
    /// each is refused, so that an option added later cannot be left out of the check.
    @Test func everyOptionTakingOneValueIsRefusedTwice() throws {
        let dump = try ToolRunner.run(["--experimental-dump-help"])
        let root = try #require((try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])?["command"] as? [String: Any])
        var checked: [String] = []
        var pending: [([String], [String: Any])] = [([], root)]
        while !pending.isEmpty {
            let (path, command) = pending.removeFirst()
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
                pending.append((path + [subcommand["commandName"] as? String ?? "?"], subcommand))
            }
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let positionals = arguments.filter { $0["kind"] as? String == "positional" }.map { _ in "x" }
            for option in arguments where option["kind"] as? String == "option" && option["isRepeating"] as? Bool == false {
                let name = try #require((option["names"] as? [[String: Any]])?.first?["name"] as? String)
                let value = (option["allValues"] as? [String])?.first ?? "1"
                let result = try ToolRunner.run(path + positionals + ["--\(name)", value, "--\(name)", value])
                #expect(result.status == 64, "\(path) --\(name)")
                #expect(result.standardError.hasPrefix("Error: '--\(name)' is given more than once"), "\(path) --\(name): \(result.standardError)")
                checked.append((path + ["--" + name]).joined(separator: " "))
            }
        }
        #expect(checked.contains("build --out") && checked.contains("preview --port") && checked.contains("lint --images"), "\(checked)")
    }
}
