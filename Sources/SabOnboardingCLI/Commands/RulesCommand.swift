import ArgumentParsing
import OnboardingKit

struct RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List every lint rule, or describe one with its examples.",
        arguments: [ArgumentSpec("rule-id", help: "A rule id to describe in full.", count: .optional)],
        options: [.flag("markdown", help: "Print the list as a Markdown table (as in the README).")])

    let ruleID: String?
    let markdown: Bool
    let path: [CommandSpec]

    init(_ parsed: ParsedCommand) throws(UsageError) {
        ruleID = parsed.argument("rule-id")
        markdown = parsed.flag("markdown")
        path = parsed.path
    }

    func run() throws {
        guard let ruleID else {
            let descriptions = RuleRegistry.descriptions
            Terminal.writeToStandardOutput(markdown ? RuleListing.markdown(descriptions) : RuleListing.table(descriptions))
            return
        }
        guard let description = RuleRegistry.description(of: ruleID) else {
            throw UsageError("no rule '\(ruleID)'; 'sab-onboarding rules' lists them", path: path)
        }
        Terminal.writeToStandardOutput(RuleListing.details(description))
    }
}
