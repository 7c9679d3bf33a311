import Foundation
import OnboardingKit
import Testing

/// The completion scripts the tool prints, run in the shells they are for, as a user's shell
/// would run them on TAB. `make test` installs bash, zsh and fish.
@Suite(.serialized)
struct CompletionTests {
    static let commands = ["lint", "build", "preview", "review", "manifest", "schema", "rules", "templates", "help"]
    static let ruleIDs = RuleRegistry.descriptions.map(\.id)
    static let disableableRuleIDs = RuleRegistry.descriptions.filter(\.canBeDisabled).map(\.id)

    /// The tool's script for `shell`, in a file.
    private func script(for shell: String) throws -> String {
        let result = try ToolRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.standardError)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sab-completion-\(UUID().uuidString).\(shell)").path
        try result.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The words bash offers when TAB is pressed at the end of `line`: the script's function is
    /// called as `complete -F` calls it, with the COMP_ variables bash sets.
    private func bashOffers(_ line: String) throws -> [String] {
        let script = try script(for: "bash")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let command = """
            source '\(script)'
            COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
            read -r -a COMP_WORDS <<<"$COMP_LINE"; [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _sab-onboarding "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try Shell.run("bash", ["-c", command, "bash", line]).split(separator: "\n").map(String.init)
    }

    /// What fish offers for `line` (`complete -C`), without descriptions.
    private func fishOffers(_ line: String) throws -> [String] {
        let script = try script(for: "fish")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let output = try Shell.run("fish", ["-c", "source $argv[1]; complete -C $argv[2]", script, line])
        return output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test func bashOffersTheCommandsOptionsAndValues() throws {
        #expect(Set(try bashOffers("sab-onboarding ")).isSuperset(of: Self.commands))
        #expect(try bashOffers("sab-onboarding templates ").filter { !$0.hasPrefix("-") } == ["list", "export", "context"])
        #expect(try bashOffers("sab-onboarding build x --st") == ["--start-url"])
        #expect(try bashOffers("sab-onboarding lint --format ") == ["text", "json", "sarif", "github"])
        #expect(try bashOffers("sab-onboarding review x --format ") == ["text", "json"])
    }

    @Test func bashCompletesRuleIDs() throws {
        #expect(try bashOffers("sab-onboarding rules ") == Self.ruleIDs)
        #expect(try bashOffers("sab-onboarding rules invalid-co") == ["invalid-color"])
        #expect(try bashOffers("sab-onboarding lint --disable low") == ["low-contrast"])
        #expect(try bashOffers("sab-onboarding build x --enable long") == ["long-text"])
        #expect(try bashOffers("sab-onboarding preview x --disable ") == Self.disableableRuleIDs)
        #expect(try bashOffers("sab-onboarding preview x --enable ") == ["long-text"], "only opt-in rules are turned on")
        #expect(try bashOffers("sab-onboarding lint --disable malformed").isEmpty, "a reading rule cannot be turned off")
    }

    @Test func fishOffersTheCommandsOptionsAndValues() throws {
        #expect(Set(try fishOffers("sab-onboarding ")) == Set(Self.commands))
        #expect(Set(try fishOffers("sab-onboarding templates ")) == ["list", "export", "context"])
        #expect(try fishOffers("sab-onboarding build x --st") == ["--start-url"])
        #expect(Set(try fishOffers("sab-onboarding lint --format ")) == ["text", "json", "sarif", "github"])
    }

    @Test func fishCompletesRuleIDs() throws {
        #expect(Set(try fishOffers("sab-onboarding rules ")) == Set(Self.ruleIDs))
        #expect(try fishOffers("sab-onboarding lint --disable low") == ["low-contrast"])
        #expect(try fishOffers("sab-onboarding preview x --enable long") == ["long-text"])
        #expect(try fishOffers("sab-onboarding build x --enable=long") == ["--enable=long-text"])
    }

    @Test func zshScriptIsValidAndCompletesRuleIDs() throws {
        let script = try script(for: "zsh")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.hasPrefix("#compdef sab-onboarding\n"))
        _ = try Shell.run("zsh", ["-n", script])
        // zsh's completion system needs a terminal to run, so the script is read instead: a
        // function for each command, the rule ids as the values of rules, the ids of the rules
        // that can be turned off as those of --disable on lint, build, preview and review.
        for command in Self.commands.filter({ $0 != "help" }) {
            #expect(text.contains("\n_sab-onboarding_\(command)() {\n"), "\(command)")
        }
        let ruleIDArray = "=('" + Self.ruleIDs.joined(separator: "' '") + "')\n"
        #expect(text.components(separatedBy: ruleIDArray).count - 1 == 1)
        let disableArray = "=('" + Self.disableableRuleIDs.joined(separator: "' '") + "')\n"
        #expect(text.components(separatedBy: disableArray).count - 1 == 4)
    }

    /// The scripts write each rule id as it is: one that needed quoting would complete wrongly.
    @Test func everyRuleIDIsAPlainWord() {
        let plain = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        for id in Self.ruleIDs {
            #expect(!id.isEmpty && id.allSatisfy(plain.contains), "\(id)")
        }
    }
}
