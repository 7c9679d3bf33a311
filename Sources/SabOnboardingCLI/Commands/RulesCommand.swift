import ArgumentParser
import OnboardingKit

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every lint rule, or describe one with its examples."
    )

    @Argument(help: "A rule id to describe in full.")
    var ruleID: String?

    @Flag(help: "Print the list as a Markdown table (as in the README).")
    var markdown = false

    func run() throws {
        guard let ruleID else {
            let descriptions = RuleRegistry.descriptions
            Terminal.writeToStandardOutput(markdown ? RuleListing.markdown(descriptions) : RuleListing.table(descriptions))
            return
        }
        guard let description = RuleRegistry.description(of: ruleID) else {
            throw ValidationError("no rule '\(ruleID)'; 'sab-onboarding rules' lists them")
        }
        Terminal.writeToStandardOutput(RuleListing.details(description))
    }
}
