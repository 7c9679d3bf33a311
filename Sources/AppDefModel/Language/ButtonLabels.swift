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

    /// The ids of the appDef's translation mappings for Skip, Next and Start.
    static let mappingIDs: Set<String> = ["Button_Skip", "Button_Next", "Button_Start"]
}
