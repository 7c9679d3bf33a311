/// The words on the carousel's buttons, in the default language and any others known.
public struct ButtonLabels: Hashable, Sendable {
    public var skip: LocalizedText
    public var next: LocalizedText
    public var start: LocalizedText

    public init(skip: LocalizedText, next: LocalizedText, start: LocalizedText) {
        self.skip = skip
        self.next = next
        self.start = start
    }

    /// Skip, Next, Start.
    public static let english = ButtonLabels(
        skip: LocalizedText(defaultText: "Skip"), next: LocalizedText(defaultText: "Next"),
        start: LocalizedText(defaultText: "Start"))
}
