import ArgumentParser
import OnboardingKit

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every lint rule, or describe one with its examples."
    )

    @Argument(help: "A rule id to describe in full.", completion: .ruleIDs)
    var ruleID: String?

    @Flag(help: "Print the list as a Markdown table (as in Documentation/Rules.md).")
    var markdown = false

    func validate() throws {
        if let ruleID, RuleRegistry.description(of: ruleID) == nil {
            throw ValidationError("no rule '\(ruleID)'; 'sab-onboarding rules' lists them")
        }
    }

    func run() {
        // validate() refused an id of no rule, so an id always finds its description here.
        guard let description = ruleID.flatMap(RuleRegistry.description(of:)) else {
            let descriptions = RuleRegistry.descriptions
            Terminal.writeToStandardOutput(markdown ? RuleListing.markdown(descriptions) : RuleListing.table(descriptions))
            return
        }
        Terminal.writeToStandardOutput(RuleListing.details(description))
    }
}
