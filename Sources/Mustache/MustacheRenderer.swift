/// Renders templates over a stack of values, with a set of named templates for partials.
///
/// A name is looked up from the innermost value outwards (`{{number}}` inside `{{#screens}}` is
/// the screen's); the later parts of a dotted name only inside what its first part found. A
/// missing name inserts nothing, and so does a missing partial, as the spec says.
package struct MustacheRenderer {
    /// Partials nested deeper than this stop the rendering, as the limits below do: a template
    /// that includes itself for ever ends instead of exhausting the stack.
    package static let maximumPartialDepth = 64
    /// Limits on one rendered file. A template that includes a partial twice in a partial that
    /// includes it twice, and so on, or nests sections over a list forty deep, needs 2^40 steps
    /// or more: rendering stops at these instead of running for ever. Real pages are kilobytes
    /// and a few thousand steps per screen.
    package static let maximumOutputLength = 64 << 20
    package static let maximumSteps = 5_000_000

    /// The templates `{{> name}}` can include, by name.
    let partials: [String: MustacheTemplate]

    /// A renderer whose `{{> name}}` tags include the template `partials[name]`.
    package init(partials: [String: MustacheTemplate]) {
        self.partials = partials
    }

    /// The text of `template` with `value` as its context. Throws the limit it would pass:
    /// ``maximumOutputLength``, ``maximumSteps`` (nodes, section rounds and partials rendered,
    /// and for each lookup the values of the stack it may pass) or ``maximumPartialDepth``.
    package func render(_ template: MustacheTemplate, with value: TemplateValue) throws(MustacheRenderingLimit) -> String {
        var run = Run(output: "", stepsLeft: Self.maximumSteps)
        var stack = [value]
        render(template.nodes, stack: &stack, indentation: "", escaping: .html, partialDepth: 0, run: &run)
        if let stopped = run.stopped { throw stopped }
        return run.output
    }

    /// A rendering under way: its output, its budget, and the limit that stopped it, if any.
    private struct Run {
        var output: String
        var stepsLeft: Int
        var stopped: MustacheRenderingLimit?

        /// Takes `steps` from the budget; false once any limit is passed.
        mutating func spend(_ steps: Int) -> Bool {
            if stopped != nil { return false }
            stepsLeft -= steps
            if stepsLeft < 0 { stopped = .steps } else if output.utf8.count > maximumOutputLength { stopped = .outputLength }
            return stopped == nil
        }
    }

    private func render(
        _ nodes: [MustacheNode], stack: inout [TemplateValue], indentation: String, escaping: MustacheEscaping, partialDepth: Int,
        run: inout Run
    ) {
        var escaping = escaping
        for node in nodes {
            guard run.spend(1) else { return }
            switch node {
            case .text(let text):
                run.output += text
            case .lineStart:
                run.output += indentation
            case .variable(let name, let escaped):
                // A lookup may walk the whole stack, which nested sections make deep: charged
                // as such, so that the step limit bounds time too.
                guard run.spend(stack.count), let value = Self.resolve(name, in: stack) else { continue }
                if escaped && escaping == .html {
                    HTMLText.append(value.interpolatedText, to: &run.output)
                } else {
                    run.output += value.interpolatedText
                }
            case .section(let name, let inverted, let children):
                guard run.spend(stack.count) else { return }  // the lookup, as for a variable
                let value = Self.resolve(name, in: stack)
                let isFalsey = value?.isFalsey ?? true
                if inverted && isFalsey {
                    render(children, stack: &stack, indentation: indentation, escaping: escaping, partialDepth: partialDepth, run: &run)
                } else if !inverted, let value, !isFalsey {
                    // A list renders once per item, `true` in the context as it is, any other value on top of it.
                    let contexts: [TemplateValue?] =
                        switch value {
                        case .list(let items): items
                        case .bool: [nil]
                        case .string, .number, .object: [value]
                        }
                    for context in contexts {
                        guard run.spend(1) else { return }
                        if let context { stack.append(context) }
                        render(children, stack: &stack, indentation: indentation, escaping: escaping, partialDepth: partialDepth, run: &run)
                        if context != nil { stack.removeLast() }
                    }
                }
            case .partial(let name, let ownIndentation):
                guard let partial = partials[name] else { continue }
                guard partialDepth < Self.maximumPartialDepth else {
                    run.stopped = .partialDepth
                    return
                }
                // Each partial starts escaping HTML; a standalone one is indented further, an inline one not at all.
                let partialIndentation = ownIndentation.map { indentation + $0 } ?? ""
                render(partial.nodes, stack: &stack, indentation: partialIndentation, escaping: .html, partialDepth: partialDepth + 1, run: &run)
            case .escaping(let mode):
                escaping = mode
            }
        }
    }

    /// The value `name` refers to, or `nil`.
    static func resolve(_ name: MustacheName, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        let holder = name.inCurrentValueOnly ? stack.last : stack.last(where: { $0[first] != nil })
        guard var value = holder?[first] else { return nil }
        for part in name.parts.dropFirst() {
            guard let member = value[part] else { return nil }
            value = member
        }
        return value
    }
}
