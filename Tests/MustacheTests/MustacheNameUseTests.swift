import Testing

@testable import Mustache

/// The names a template looks up, each with the sections around it and its place.
struct MustacheNameUseTests {
    @Test func everyNameIsListedWithTheSectionsThatHoldItAndWhereItIs() throws {
        let template = try MustacheTemplate(
            parsing: "<h1>{{title}}</h1>\n{{#screens}}\n  {{^isFirst}}<hr>{{/isFirst}}{{{image.src}}}\n  {{> screen-content}}\n{{/screens}}{{.}}")
        let uses = template.nameUses.map { "\($0.kind) \($0.name) in \($0.enclosingSections) at \($0.position.line):\($0.position.column)" }
        #expect(
            uses == [
                "variable title in [] at 1:5",
                "section screens in [] at 2:1",
                "invertedSection isFirst in [[\"screens\"]] at 3:3",
                "variable image.src in [[\"screens\"]] at 3:31",
                "partial screen-content in [[\"screens\"]] at 4:3",
                "variable . in [] at 5:13",
            ])
    }

    @Test func anInvertedSectionAddsNoValueForWhatItHolds() throws {
        let template = try MustacheTemplate(parsing: "{{^screens}}{{#image}}{{.src}}{{/image}}{{/screens}}")
        let source = try #require(template.nameUses.last)
        #expect(source.name == ".src")
        #expect(source.inCurrentValueOnly)
        #expect(source.enclosingSections == [["image"]])
    }
}
