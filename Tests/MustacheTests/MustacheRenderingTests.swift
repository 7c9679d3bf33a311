import Testing

@testable import Mustache

/// The template renderer against the behaviours of the Mustache specification (v1, without
/// lambdas): interpolation and escaping, sections, inverted sections, comments, partials and
/// their indentation, set delimiters, and the standalone-line rules.
struct MustacheRenderingTests {
    static let interpolationCases: [MustacheSpecCase] = [
        .init(name: "No Interpolation", template: "Hello from {Mustache}!\n", expected: "Hello from {Mustache}!\n"),
        .init(name: "Basic Interpolation", template: "Hello, {{subject}}!\n", data: ["subject": "world"], expected: "Hello, world!\n"),
        .init(
            name: "HTML Escaping, with the apostrophe", template: "{{forbidden}}", data: ["forbidden": "& \" < > '"], expected: "&amp; &quot; &lt; &gt; &#39;"),
        .init(name: "Triple Mustache", template: "{{{forbidden}}}", data: ["forbidden": "& \" < >"], expected: "& \" < >"),
        .init(name: "Ampersand", template: "{{&forbidden}}", data: ["forbidden": "& \" < >"], expected: "& \" < >"),
        .init(name: "Basic Integer Interpolation", template: "\"{{mph}} miles an hour!\"", data: ["mph": 85], expected: "\"85 miles an hour!\""),
        .init(name: "Basic Decimal Interpolation", template: "\"{{power}} jiggawatts!\"", data: ["power": 1.210], expected: "\"1.21 jiggawatts!\""),
        .init(name: "Flags interpolate as words", template: "{{yes}} {{no}}", data: ["yes": true, "no": false], expected: "true false"),
        .init(name: "Basic Context Miss Interpolation", template: "I ({{cannot}}) be seen!", expected: "I () be seen!"),
        .init(name: "Triple Mustache Context Miss Interpolation", template: "I ({{{cannot}}}) be seen!", expected: "I () be seen!"),
        .init(
            name: "Dotted Names - Basic Interpolation", template: "\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"",
            data: ["person": ["name": "Joe"]], expected: "\"Joe\" == \"Joe\""),
        .init(
            name: "Dotted Names - Arbitrary Depth", template: "\"{{a.b.c.d.e.name}}\" == \"Phil\"",
            data: ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]]], expected: "\"Phil\" == \"Phil\""),
        .init(name: "Dotted Names - Broken Chains", template: "\"{{a.b.c}}\" == \"\"", data: ["a": [:]], expected: "\"\" == \"\""),
        .init(
            name: "Dotted Names - Broken Chain Resolution", template: "\"{{a.b.c.name}}\" == \"\"",
            data: ["a": ["b": [:]], "c": ["name": "Jim"]], expected: "\"\" == \"\""),
        .init(
            name: "Dotted Names - Initial Resolution", template: "\"{{#a}}{{b.c.d.e.name}}{{/a}}\" == \"Phil\"",
            data: ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]], "b": ["c": ["d": ["e": ["name": "Wrong"]]]]],
            expected: "\"Phil\" == \"Phil\""),
        .init(
            name: "Dotted Names - Leading Dot", template: "{{#a}}{{.name}}{{/a}}{{#b}}{{.name}}{{/b}}",
            data: ["a": [:], "b": ["name": "Name"], "name": "Fail"], expected: "Name"),
        .init(name: "Dotted Names - Context Precedence", template: "{{#a}}{{b.c}}{{/a}}", data: ["a": ["b": [:]], "b": ["c": "ERROR"]], expected: ""),
        .init(name: "Interpolation - Surrounding Whitespace", template: "| {{string}} |", data: ["string": "---"], expected: "| --- |"),
        .init(name: "Interpolation - Standalone", template: "  {{string}}\n", data: ["string": "---"], expected: "  ---\n"),
        .init(name: "Triple Mustache - Standalone", template: "  {{{string}}}\n", data: ["string": "---"], expected: "  ---\n"),
        .init(name: "Interpolation With Padding", template: "|{{ string }}|", data: ["string": "---"], expected: "|---|"),
        .init(name: "Triple Mustache With Padding", template: "|{{{ string }}}|", data: ["string": "---"], expected: "|---|"),
        .init(name: "Ampersand With Padding", template: "|{{& string }}|", data: ["string": "---"], expected: "|---|"),
    ]

    static let sectionsCases: [MustacheSpecCase] = [
        .init(
            name: "Truthy", template: "\"{{#boolean}}This should be rendered.{{/boolean}}\"", data: ["boolean": true], expected: "\"This should be rendered.\""),
        .init(name: "Falsey", template: "\"{{#boolean}}This should not be rendered.{{/boolean}}\"", data: ["boolean": false], expected: "\"\""),
        .init(name: "Context", template: "\"{{#context}}Hi {{name}}.{{/context}}\"", data: ["context": ["name": "Joe"]], expected: "\"Hi Joe.\""),
        .init(
            name: "Parent contexts", template: "\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"",
            data: ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]], expected: "\"foo, bar, baz\""),
        .init(name: "Variable test", template: "\"{{#foo}}{{.}} is {{foo}}{{/foo}}\"", data: ["foo": "bar"], expected: "\"bar is bar\""),
        .init(
            name: "List Contexts",
            template: "{{#tops}}{{#middles}}{{tname.lower}}{{mname}}.{{#bottoms}}{{tname.upper}}{{mname}}{{bname}}.{{/bottoms}}{{/middles}}{{/tops}}",
            data: ["tops": [["tname": ["upper": "A", "lower": "a"], "middles": [["mname": "1", "bottoms": [["bname": "x"], ["bname": "y"]]]]]]],
            expected: "a1.A1x.A1y."),
        .init(name: "List", template: "\"{{#list}}{{item}}{{/list}}\"", data: ["list": [["item": 1], ["item": 2], ["item": 3]]], expected: "\"123\""),
        .init(name: "Empty List", template: "\"{{#list}}Yay lists!{{/list}}\"", data: ["list": []], expected: "\"\""),
        .init(name: "Strings Not Lists", template: "\"{{#section}}foo{{/section}}\"", data: ["section": "123"], expected: "\"foo\""),
        .init(name: "An empty string renders the section", template: "[{{#text}}<{{text}}>{{/text}}]", data: ["text": ""], expected: "[<>]"),
        .init(name: "Zero renders the section", template: "[{{#count}}{{.}}{{/count}}]", data: ["count": 0], expected: "[0]"),
        .init(
            name: "Doubled", template: "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n",
            data: ["bool": true, "two": "second"], expected: "* first\n* second\n* third\n"),
        .init(name: "Nested (Truthy)", template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", data: ["bool": true], expected: "| A B C D E |"),
        .init(name: "Nested (Falsey)", template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", data: ["bool": false], expected: "| A  E |"),
        .init(name: "Context Misses", template: "[{{#missing}}Found key 'missing'!{{/missing}}]", expected: "[]"),
        .init(name: "Implicit Iterator - String", template: "\"{{#list}}({{.}}){{/list}}\"", data: ["list": ["a", "b", "c"]], expected: "\"(a)(b)(c)\""),
        .init(name: "Implicit Iterator - Integer", template: "\"{{#list}}({{.}}){{/list}}\"", data: ["list": [1, 2, 3]], expected: "\"(1)(2)(3)\""),
        .init(
            name: "Implicit Iterator - Decimal", template: "\"{{#list}}({{.}}){{/list}}\"", data: ["list": [1.10, 2.20, 5.50]], expected: "\"(1.1)(2.2)(5.5)\""),
        .init(
            name: "Implicit Iterator - Array", template: "\"{{#list}}({{#.}}{{.}}{{/.}}){{/list}}\"", data: ["list": [[1, 2, 3], ["a", "b", "c"]]],
            expected: "\"(123)(abc)\""),
        .init(name: "Dotted Names - Truthy", template: "\"{{#a.b.c}}Here{{/a.b.c}}\"", data: ["a": ["b": ["c": true]]], expected: "\"Here\""),
        .init(name: "Dotted Names - Falsey", template: "\"{{#a.b.c}}Here{{/a.b.c}}\"", data: ["a": ["b": ["c": false]]], expected: "\"\""),
        .init(name: "Dotted Names - Broken Chains", template: "\"{{#a.b.c}}Here{{/a.b.c}}\"", data: ["a": [:]], expected: "\"\""),
        .init(name: "Surrounding Whitespace", template: " | {{#boolean}}\t|\t{{/boolean}} | \n", data: ["boolean": true], expected: " | \t|\t | \n"),
        .init(
            name: "Internal Whitespace", template: " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", data: ["boolean": true],
            expected: " |  \n  | \n"),
        .init(
            name: "Indented Inline Sections", template: " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", data: ["boolean": true],
            expected: " YES\n GOOD\n"),
        .init(
            name: "Standalone Lines", template: "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", data: ["boolean": true],
            expected: "| This Is\n|\n| A Line\n"),
        .init(
            name: "Indented Standalone Lines", template: "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n", data: ["boolean": true],
            expected: "| This Is\n|\n| A Line\n"),
        .init(name: "Standalone Line Endings", template: "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", data: ["boolean": true], expected: "|\r\n|"),
        .init(name: "Standalone Without Previous Line", template: "  {{#boolean}}\n#{{/boolean}}\n/", data: ["boolean": true], expected: "#\n/"),
        .init(name: "Standalone Without Newline", template: "#{{#boolean}}\n/\n  {{/boolean}}", data: ["boolean": true], expected: "#\n/\n"),
        .init(name: "Padding", template: "|{{# boolean }}={{/ boolean }}|", data: ["boolean": true], expected: "|=|"),
    ]

    static let invertedSectionsCases: [MustacheSpecCase] = [
        .init(
            name: "Falsey", template: "\"{{^boolean}}This should be rendered.{{/boolean}}\"", data: ["boolean": false], expected: "\"This should be rendered.\""
        ),
        .init(name: "Truthy", template: "\"{{^boolean}}This should not be rendered.{{/boolean}}\"", data: ["boolean": true], expected: "\"\""),
        .init(name: "Context", template: "\"{{^context}}Hi {{name}}.{{/context}}\"", data: ["context": ["name": "Joe"]], expected: "\"\""),
        .init(name: "List", template: "\"{{^list}}{{n}}{{/list}}\"", data: ["list": [["n": 1], ["n": 2]]], expected: "\"\""),
        .init(name: "Empty List", template: "\"{{^list}}Yay lists!{{/list}}\"", data: ["list": []], expected: "\"Yay lists!\""),
        .init(
            name: "Doubled", template: "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n",
            data: ["bool": false, "two": "second"], expected: "* first\n* second\n* third\n"),
        .init(name: "Context Misses", template: "[{{^missing}}Found key 'missing'!{{/missing}}]", expected: "[Found key 'missing'!]"),
        .init(name: "Dotted Names - Truthy", template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\"", data: ["a": ["b": ["c": true]]], expected: "\"\""),
        .init(name: "Dotted Names - Broken Chains", template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\"", data: ["a": [:]], expected: "\"Not Here\""),
        .init(
            name: "Standalone Lines", template: "| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n", data: ["boolean": false],
            expected: "| This Is\n|\n| A Line\n"),
        .init(name: "Standalone Line Endings", template: "|\r\n{{^boolean}}\r\n{{/boolean}}\r\n|", data: ["boolean": false], expected: "|\r\n|"),
    ]

    static let commentsCases: [MustacheSpecCase] = [
        .init(name: "Inline", template: "12345{{! Comment Block! }}67890", expected: "1234567890"),
        .init(name: "Multiline", template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n", expected: "1234567890\n"),
        .init(name: "Standalone", template: "Begin.\n{{! Comment Block! }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(name: "Indented Standalone", template: "Begin.\n  {{! Indented Comment Block! }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(name: "Standalone Line Endings", template: "|\r\n{{! Standalone Comment }}\r\n|", expected: "|\r\n|"),
        .init(name: "Standalone Without Previous Line", template: "  {{! I'm Still Standalone }}\n!", expected: "!"),
        .init(name: "Standalone Without Newline", template: "!\n  {{! I'm Still Standalone }}", expected: "!\n"),
        .init(name: "Multiline Standalone", template: "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(name: "Indented Multiline Standalone", template: "Begin.\n  {{!\n    Something's going on here...\n  }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(name: "Indented Inline", template: "  12 {{! 34 }}\n", expected: "  12 \n"),
        .init(name: "Surrounding Whitespace", template: "12345 {{! Comment Block! }} 67890", expected: "12345  67890"),
    ]

    static let partialsCases: [MustacheSpecCase] = [
        .init(name: "Basic Behavior", template: "\"{{>text}}\"", partials: ["text": "from partial"], expected: "\"from partial\""),
        .init(name: "Failed Lookup", template: "\"{{>text}}\"", expected: "\"\""),
        .init(name: "Context", template: "\"{{>partial}}\"", data: ["text": "content"], partials: ["partial": "*{{text}}*"], expected: "\"*content*\""),
        .init(
            name: "Recursion", template: "{{>node}}", data: ["content": "X", "nodes": [["content": "Y", "nodes": []]]],
            partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"], expected: "X<Y<>>"),
        .init(name: "Surrounding Whitespace", template: "| {{>partial}} |", partials: ["partial": "\t|\t"], expected: "| \t|\t |"),
        .init(name: "Inline Indentation", template: "  {{data}}  {{> partial}}\n", data: ["data": "|"], partials: ["partial": ">\n>"], expected: "  |  >\n>\n"),
        .init(name: "Standalone Line Endings", template: "|\r\n{{>partial}}\r\n|", partials: ["partial": ">"], expected: "|\r\n>|"),
        .init(name: "Standalone Without Previous Line", template: "  {{>partial}}\n>", partials: ["partial": ">\n>"], expected: "  >\n  >>"),
        .init(name: "Standalone Without Newline", template: ">\n  {{>partial}}", partials: ["partial": ">\n>"], expected: ">\n  >\n  >"),
        .init(
            name: "Standalone Indentation", template: "\\\n {{>partial}}\n/\n", data: ["content": "<\n->"],
            partials: ["partial": "|\n{{{content}}}a b{{{content}}}c\n|\n"], expected: "\\\n |\n <\n->a b<\n->c\n |\n/\n"),
        .init(
            name: "Indentation adds up through nested standalone partials", template: "  {{>outer}}\n",
            partials: ["outer": "a\n  {{>inner}}\nb\n", "inner": "1\n2\n"], expected: "  a\n    1\n    2\n  b\n"),
        .init(name: "Padding Whitespace", template: "|{{> partial }}|", data: ["boolean": true], partials: ["partial": "[]"], expected: "|[]|"),
    ]

    static let delimitersCases: [MustacheSpecCase] = [
        .init(name: "Pair Behavior", template: "{{=<% %>=}}(<%text%>)", data: ["text": "Hey!"], expected: "(Hey!)"),
        .init(name: "Special Characters", template: "({{=[ ]=}}[text])", data: ["text": "It worked!"], expected: "(It worked!)"),
        .init(
            name: "Sections", template: "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            data: ["section": true, "data": "I got interpolated."], expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(
            name: "Inverted Sections",
            template: "[\n{{^section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|^section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            data: ["section": false, "data": "I got interpolated."], expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(
            name: "Partial Inheritence", template: "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", data: ["value": "yes"],
            partials: ["include": ".{{value}}."], expected: "[ .yes. ]\n[ .yes. ]\n"),
        .init(
            name: "Post-Partial Behavior", template: "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n", data: ["value": "yes"],
            partials: ["include": ".{{value}}. {{= | | =}} .|value|."], expected: "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n"),
        .init(name: "Surrounding Whitespace", template: "| {{=@ @=}} |", expected: "|  |"),
        .init(name: "Outlying Whitespace (Inline)", template: " | {{=@ @=}}\n", expected: " | \n"),
        .init(name: "Standalone Tag", template: "Begin.\n{{=@ @=}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(name: "Indented Standalone Tag", template: "Begin.\n  {{=@ @=}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(name: "Standalone Line Endings", template: "|\r\n{{= @ @ =}}\r\n|", expected: "|\r\n|"),
        .init(name: "Standalone Without Previous Line", template: "  {{=@ @=}}\n=", expected: "="),
        .init(name: "Standalone Without Newline", template: "=\n  {{=@ @=}}", expected: "=\n"),
        .init(name: "Pair with Padding", template: "|{{= @   @ =}}|", expected: "||"),
        .init(name: "Triple mustache with other delimiters", template: "{{=<% %>=}}<%{html}%> <%html%>", data: ["html": "<b>"], expected: "<b> &lt;b&gt;"),
    ]

    static let contentTypeCases: [MustacheSpecCase] = [
        .init(
            name: "CONTENT_TYPE: TEXT stops escaping from where it stands, and its line goes", template: "{{v}}\n{{% CONTENT_TYPE: TEXT }}\n{{v}}\n",
            data: ["v": "a&b"], expected: "a&amp;b\na&b\n"),
        .init(
            name: "A partial escapes HTML again", template: "{{% CONTENT_TYPE: TEXT }}{{v}} {{>p}}", data: ["v": "<"], partials: ["p": "{{v}}"],
            expected: "< &lt;"),
        .init(
            name: "Inside a section the pragma ends with the section", template: "{{#s}}{{%CONTENT_TYPE:TEXT}}{{v}}{{/s}} {{v}}", data: ["s": true, "v": "'"],
            expected: "' &#39;"),
        .init(
            name: "CONTENT_TYPE: HTML escapes again", template: "{{%CONTENT_TYPE: TEXT}}{{v}}{{%CONTENT_TYPE: HTML}}{{v}}", data: ["v": "\""],
            expected: "\"&quot;"),
    ]

    @Test(arguments: interpolationCases + sectionsCases + invertedSectionsCases + commentsCases + partialsCases + delimitersCases + contentTypeCases)
    func rendersAsTheSpecificationSays(_ spec: MustacheSpecCase) throws {
        #expect(try spec.render() == spec.expected)
    }

    @Test(
        arguments: [
            // Each includes itself first, so it reaches the partial depth before anything else.
            ("x{{>loop}}", MustacheRenderingLimit.partialDepth),
            ("{{>loop}}{{>loop}}", .partialDepth),
            // Output that doubles with each level of sections passes 64 MiB first.
            (
                "{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}{{#l}}" + String(repeating: "grow", count: 20_000)
                    + "{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}{{/l}}", .outputLength
            ),
            // Sections over a list nested forty deep, with no output.
            (String(repeating: "{{#l}}", count: 40) + String(repeating: "{{/l}}", count: 40), .steps),
            // Lookups that each walk a stack ninety-nine values deep: few nodes, much work.
            (
                String(repeating: "{{#o}}", count: 99) + String(repeating: "{{missing}}", count: 60_000) + String(repeating: "{{/o}}", count: 99),
                .steps
            ),
        ] as [(String, MustacheRenderingLimit)])
    func aTemplateThatGrowsWithoutBoundIsStoppedByTheLimitItPasses(_ loop: String, _ limit: MustacheRenderingLimit) throws {
        let data: TemplateValue = .object(["l": .list([.object([:]), .object([:])]), "o": .object([:])])
        let spec = MustacheSpecCase(name: "unbounded", template: "{{>loop}}", data: data, partials: ["loop": loop], expected: "")
        let error = try #require(throws: MustacheRenderingError.self) { try spec.render() }
        #expect(error.limit == limit)
        #expect(error.partialName == "loop", "\(error)")
    }
}
