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
    static let maximumOutputLength = 64 << 20
    /// See ``maximumOutputLength``.
    static let maximumSteps = 5_000_000

    /// The templates `{{> name}}` can include, by name.
    let partials: [String: MustacheTemplate]

    /// A renderer whose `{{> name}}` tags include the template `partials[name]`.
    package init(partials: [String: MustacheTemplate]) {
        self.partials = partials
    }

    /// The text of `template` with `value` as its context. Throws the limit it would pass, with
    /// the template and the place where it was stopped: ``maximumOutputLength``,
    /// ``maximumSteps`` (nodes, section rounds and partials rendered, and for each lookup the
    /// values of the stack it may pass) or ``maximumPartialDepth``.
    package func render(_ template: MustacheTemplate, with value: TemplateValue) throws(MustacheRenderingError) -> String {
        var run = Run()
        var stack = [value]
        let frame = Frame(template: template, partialName: nil, indentation: "", partialDepth: 0)
        render(template.nodes, in: frame, escaping: .html, stack: &stack, run: &run)
        if let stopped = run.stopped { throw stopped }
        return run.output
    }

    /// The template being rendered, as a whole or as a partial, and how it was included.
    private struct Frame {
        let template: MustacheTemplate
        /// The name `{{> name}}` included it by; `nil` for the template given to ``render(_:with:)``.
        let partialName: String?
        /// What goes before each of its lines: the indentation of standalone partial tags.
        let indentation: String
        let partialDepth: Int
    }

    /// A rendering under way: its output, its budget, and what stopped it, if anything did.
    private struct Run {
        var output = ""
        var stepsLeft = maximumSteps
        var stopped: MustacheRenderingError?

        /// Takes `steps` from the budget for the node at `offset`; false once any limit is passed.
        mutating func spend(_ steps: Int, at offset: Int, in frame: Frame) -> Bool {
            guard stopped == nil else { return false }
            stepsLeft -= steps
            if stepsLeft < 0 { stop(.steps, at: offset, in: frame) }
            return stopped == nil
        }

        /// Checks the output written by the node at `offset`; false once it is too long.
        mutating func checkOutput(at offset: Int, in frame: Frame) -> Bool {
            if output.utf8.count > maximumOutputLength { stop(.outputLength, at: offset, in: frame) }
            return stopped == nil
        }

        mutating func stop(_ limit: MustacheRenderingLimit, at offset: Int, in frame: Frame) {
            stopped = MustacheRenderingError(limit: limit, partialName: frame.partialName, position: frame.template.position(of: offset))
        }
    }

    private func render(_ nodes: [MustacheNode], in frame: Frame, escaping: MustacheEscaping, stack: inout [TemplateValue], run: inout Run) {
        var escaping = escaping
        for node in nodes {
            guard run.spend(1, at: node.offset, in: frame) else { return }
            switch node.kind {
            case .text(let text):
                run.output += text
                guard run.checkOutput(at: node.offset, in: frame) else { return }
            case .lineStart:
                run.output += frame.indentation
                guard run.checkOutput(at: node.offset, in: frame) else { return }
            case .variable(let name, let escaped):
                // A lookup may walk the whole stack, which nested sections make deep: charged
                // as such, so that the step limit bounds time too.
                guard run.spend(stack.count, at: node.offset, in: frame) else { return }
                guard let value = Self.resolve(name, in: stack) else { continue }
                if escaped && escaping == .html {
                    HTMLText.append(value.interpolatedText, to: &run.output)
                } else {
                    run.output += value.interpolatedText
                }
                guard run.checkOutput(at: node.offset, in: frame) else { return }
            case .section(let name, let inverted, let children):
                guard run.spend(stack.count, at: node.offset, in: frame) else { return }  // the lookup, as for a variable
                let value = Self.resolve(name, in: stack)
                let isFalsey = value?.isFalsey ?? true
                if inverted && isFalsey {
                    render(children, in: frame, escaping: escaping, stack: &stack, run: &run)
                } else if !inverted, let value, !isFalsey {
                    // A list renders once per item, `true` in the context as it is, any other value on top of it.
                    let contexts: [TemplateValue?] =
                        switch value {
                        case .list(let items): items
                        case .bool: [nil]
                        case .string, .number, .object: [value]
                        }
                    for context in contexts {
                        guard run.spend(1, at: node.offset, in: frame) else { return }
                        if let context { stack.append(context) }
                        render(children, in: frame, escaping: escaping, stack: &stack, run: &run)
                        if context != nil { stack.removeLast() }
                    }
                }
            case .partial(let name, let ownIndentation):
                guard let partial = partials[name] else { continue }
                guard frame.partialDepth < Self.maximumPartialDepth else {
                    run.stop(.partialDepth, at: node.offset, in: frame)
                    return
                }
                // Each partial starts escaping HTML; a standalone one is indented further, an inline one not at all.
                let included = Frame(
                    template: partial, partialName: name, indentation: ownIndentation.map { frame.indentation + $0 } ?? "",
                    partialDepth: frame.partialDepth + 1)
                render(partial.nodes, in: included, escaping: .html, stack: &stack, run: &run)
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
