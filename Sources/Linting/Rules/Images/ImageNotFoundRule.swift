import AppDefModel

struct ImageNotFoundRule: Rule {
    static let description = RuleDescription(
        id: "image-not-found", category: .images, severity: .error,
        summary: "The image file is not in the images folder (`images/onboarding` beside the appDef, or --images).",
        rationale:
            "SAB copies each onboarding image into the project's images/onboarding folder under its own file name; the path in the appDef is only where the author picked it.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/Missing.png</image></onboarding-screen-image>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>C:\\Users\\me\\Pictures\\Present.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["Present.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.lookedUpImages.compactMap { reference, lookup in
            let expected = context.images.displayPath + "/" + reference.fileName
            switch lookup {
            case .missing(let suggestion):
                var notes = ["looked for \(expected)"]
                if let suggestion { notes.append(suggestion.note) }
                return Finding(position: reference.position, message: "image '\(reference.fileName)' not found", notes: notes)
            case .unreadable(let reason):
                return Finding(
                    position: reference.position, message: "image '\(reference.fileName)' cannot be read: \(reason)", notes: ["looked for \(expected)"])
            case .found, .outsideFolder:
                return nil
            }
        }
    }
}
