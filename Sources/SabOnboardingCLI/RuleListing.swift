import OnboardingKit

/// The text of `rules`: one line a rule, or one rule in full.
enum RuleListing {
    /// The rules grouped by category, in the categories' order; within one, in the registry's.
    static func grouped(_ descriptions: [RuleDescription]) -> [(category: RuleCategory, rules: [RuleDescription])] {
        RuleCategory.allCases.compactMap { category in
            let rules = descriptions.filter { $0.category == category }
            return rules.isEmpty ? nil : (category, rules)
        }
    }

    /// A heading line for each category, then `id  severity  summary`, aligned, one rule a line.
    static func table(_ descriptions: [RuleDescription]) -> String {
        let idWidth = descriptions.map(\.id.count).max() ?? 0
        return grouped(descriptions).map { group in
            "\(group.category.title):\n"
                + group.rules.map { description in
                    let id = description.id.padding(to: idWidth)
                    let severity = description.severity.rawValue.padding(to: 7)
                    return "\(id)  \(severity)  \(description.summary)\n"
                }.joined()
        }.joined(separator: "\n")
    }

    /// A Markdown table of the rules for each category, under its heading, as Documentation/Rules.md shows them.
    static func markdown(_ descriptions: [RuleDescription]) -> String {
        grouped(descriptions).map { group in
            var text = "### \(group.category.title)\n\n| rule | severity | what it checks |\n|---|---|---|\n"
            for description in group.rules {
                var severity = description.severity.rawValue
                if description.isSafetyRule { severity += ", safety" }
                if description.isReadingRule { severity += ", always on" }
                if description.isOptIn { severity += ", opt-in" }
                text += "| `\(description.id)` | \(severity) | \(description.summary.replacing("|", with: "\\|")) |\n"
            }
            return text
        }.joined(separator: "\n")
    }

    static func details(_ description: RuleDescription) -> String {
        let traits =
            [description.severity.rawValue]
            + (description.isSafetyRule ? ["safety: cannot be disabled"] : [])
            + (description.isReadingRule ? ["reading: cannot be disabled"] : [])
            + (description.isOptIn ? ["opt-in: --enable \(description.id)"] : [])
        var text = "\(description.id) (\(traits.joined(separator: ", ")))\n\n"
        text += description.summary + "\n\n" + description.rationale + "\n"
        for (title, examples) in [("Triggers", description.triggeringExamples), ("Does not trigger", description.nonTriggeringExamples)]
        where !examples.isEmpty {
            text += "\n\(title):\n"
            for example in examples {
                text += "\n" + example.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
                if !example.images.isEmpty {
                    text += "    (images folder: " + example.images.keys.sorted().joined(separator: ", ") + ")\n"
                }
                if !example.fonts.isEmpty {
                    text += "    (fonts folder: " + example.fonts.keys.sorted().joined(separator: ", ") + ")\n"
                }
            }
        }
        return text
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
