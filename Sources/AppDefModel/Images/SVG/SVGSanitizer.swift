internal import XMLStreaming

/// Publishes an SVG by reading it with the project's XML reader and writing anew only what
/// ``SVGAllowlist`` keeps: an SVG opened directly runs on the app's origin, so a script, an event
/// handler or a `foreignObject` in it could read and change the app's storage. Nothing unknown is
/// copied; what is left out is listed for the author.
package struct SVGSanitizer {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// Whether `bytes` are an SVG document: XML whose root element is `svg`, or an SVG that
    /// stopped the reader before its root, by a DTD of its own or one of the reader's limits at
    /// its root's tag (more than 1000 attributes, a value over 10 MB): it is then refused as
    /// such, with why, not taken for no image at all.
    static func isSVG(_ bytes: [UInt8]) -> Bool {
        let blanked = SVGDoctype.blankingPlainDoctype(in: bytes)
        let reader = XMLStreamReader(bytes: blanked, documentName: "")
        while reader.read() {
            if reader.kind == .element { return reader.name == "svg" }
        }
        if reader.problems.contains(where: { $0.kind == .doctype }) { return SVGDoctype.namesSVG(bytes) }
        let limits: [XMLProblem.Kind] = [.tooManyAttributes, .tooManyNames, .tooLong]
        return reader.problems.contains { limits.contains($0.kind) } && SVGProlog.firstStartTagIsSVG(blanked)
    }

    /// The SVG as published, or why it cannot be.
    static func sanitize(_ bytes: [UInt8], documentName: String) -> SVGSanitizing {
        var sanitizer = SVGSanitizer(reader: XMLStreamReader(bytes: SVGDoctype.blankingPlainDoctype(in: bytes), documentName: documentName))
        return sanitizer.run()
    }

    /// The most bytes an embedded picture may have: its Base64, 4 bytes for every 3, within the
    /// XML reader's limit on one value.
    static var largestEmbeddedImage: String { ImageFileSize.describe(XMLStreamReader.maximumTextLength / 4 * 3) }

    private let reader: XMLStreamReader
    private var output = ""
    private var removed: [String] = []
    /// `removed` as a set: an SVG can name what is left out a million times (1000 elements of
    /// 1000 unknown attributes), and a search of the list each time took 48 s.
    private var removedKinds: Set<String> = []
    private var size: ImageSize?
    private var sizeProblem: SVGSizeProblem?
    /// The depth of an element left out with everything in it, while inside it.
    private var skippedDepth: Int?
    /// The depths of `<a>` elements whose content is kept without them.
    private var unwrappedDepths: Set<Int> = []
    /// The text of the `<style>` element being read; `nil` outside one.
    private var styleText: String?
    /// The raster images embedded as `data:` URIs that are published, and why the others are not.
    private var embeddedImages: [SVGEmbeddedImage] = []
    private var refusedImages: [String] = []
    /// The pixels of `embeddedImages` in all, and where they first went over a limit.
    private var embeddedPixels = 0
    private var tooManyEmbedded: SVGRefusal?

    private init(reader: XMLStreamReader) {
        self.reader = reader
    }

    private mutating func run() -> SVGSanitizing {
        var sawRoot = false
        while reader.read() {
            switch reader.kind {
            case .element:
                guard skippedDepth == nil else { continue }
                if !sawRoot {
                    guard reader.name == "svg" else {
                        let position = reader.position ?? .start
                        return .refused(SVGRefusal(reason: "its root element is <\(reader.name)>, not <svg>", line: position.line, column: position.column))
                    }
                    sawRoot = true
                }
                startElement(isRoot: reader.depth == 0)
            case .endElement:
                endElement()
            case .text, .cdata, .whitespace:
                guard sawRoot, skippedDepth == nil else { continue }
                if styleText != nil { styleText! += reader.text } else { output += Self.escapedText(reader.text) }
            case .comment, .processingInstruction, .other:
                continue  // nothing a picture needs
            }
        }
        if let problem = reader.problems.filter({ $0.level >= .error }).min(by: { $0.position < $1.position }) {
            let reason =
                switch problem.kind {
                case .doctype: "it declares a DTD of its own (entities), which is never read"
                case .tooLong:
                    "it holds a value or text longer than \(XMLStreamReader.maximumTextLength / 1_000_000) MB, the most an SVG may in one piece: "
                        + "a picture embedded as a data: URI may be at most \(Self.largestEmbeddedImage) (Base64 takes 4 bytes for every 3)"
                default: problem.message
                }
            return .refused(SVGRefusal(reason: reason, line: problem.position.line, column: problem.position.column))
        }
        guard sawRoot else { return .refused(SVGRefusal(reason: "it has no <svg> element", line: 1, column: 1)) }
        if let tooManyEmbedded { return .refused(tooManyEmbedded) }
        return .published(
            SanitizedSVG(
                bytes: Array(output.utf8), size: size, sizeProblem: sizeProblem, removed: removed, embeddedImages: embeddedImages, refusedImages: refusedImages)
        )
    }

    private mutating func startElement(isRoot: Bool) {
        let name = reader.name
        if styleText != nil {
            // A style sheet is its element's own text: an element in it is no part of it, and
            // is left out with what it holds, so that the text checked is the text published.
            note("<\(name)> inside a <style>")
            if !reader.isEmptyElement { skippedDepth = reader.depth }
            return
        }
        if name == "a" {
            // A link around shapes: the shapes stay, the link goes.
            note("<a> links (their content is kept)")
            if !reader.isEmptyElement { unwrappedDepths.insert(reader.depth) }
            return
        }
        guard SVGAllowlist.elements.contains(name) else {
            note("<\(name)>")
            if !reader.isEmptyElement { skippedDepth = reader.depth }
            return
        }
        let attributes = reader.readAttributes()
        if isRoot {
            switch SVGSize.of(attributes) {
            case .success(let found): size = found
            case .failure(let problem): sizeProblem = problem
            }
        }
        output += "<" + name
        if isRoot { output += " xmlns=\"\(Self.svgNamespace)\" xmlns:xlink=\"\(Self.xlinkNamespace)\"" }
        let position = reader.position ?? .start
        for attribute in attributes {
            switch keeps(attribute, on: name) {
            case .left:
                continue
            case .kept:
                output += " \(attribute.name)=\"\(Self.escapedAttribute(attribute.value))\""
            case .embeddedImage(let uri, .image(let format, let bytes, let size, let frameCount, let isAnimatedPNG, let pixels)):
                noteEmbeddedImage(pixels: pixels, line: position.line, column: position.column)
                // Base64 and its prefix need no escaping: the URI is written as it is read, but
                // for the white space between its digits (which a reader would read as spaces).
                output += " \(attribute.name)=\""
                let start = output.utf8.count
                output += String(decoding: uri.utf8.filter { ![0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }, as: UTF8.self)
                embeddedImages.append(
                    SVGEmbeddedImage(
                        format: format, bytes: bytes, size: size, frameCount: frameCount, isAnimatedPNG: isAnimatedPNG, decodedPixels: pixels,
                        line: position.line, column: position.column, range: start..<output.utf8.count))
                output += "\""
            case .embeddedImage(_, .refused(let format, let reason)):
                refusedImages.append(SVGEmbeddedImage.describe(format, line: position.line, column: position.column) + " " + reason)
            }
        }
        if reader.isEmptyElement {
            output += "/>"
        } else {
            output += ">"
            if name == "style" { styleText = "" }
        }
    }

    private mutating func endElement() {
        let depth = reader.depth
        if let skipped = skippedDepth {
            if depth == skipped { skippedDepth = nil }
            return
        }
        if unwrappedDepths.remove(depth) != nil { return }
        if let css = styleText {
            styleText = nil
            if let reason = SVGStyleCheck.unsafeReason(css) {
                note("a <style> with \(reason)")
            } else {
                output += Self.escapedText(css)
            }
        }
        output += "</\(reader.name)>"
    }

    /// Counts an embedded image about to be published, and refuses the SVG at the first that
    /// goes over the limits of ``SVGEmbeddedImage``: each alone is within an image file's.
    private mutating func noteEmbeddedImage(pixels: Int, line: Int, column: Int) {
        let (total, overflow) = embeddedPixels.addingReportingOverflow(pixels)
        embeddedPixels = overflow ? .max : total
        guard tooManyEmbedded == nil else { return }
        if embeddedImages.count == SVGEmbeddedImage.maximumCount {
            tooManyEmbedded = SVGRefusal(
                reason: "it embeds more than \(SVGEmbeddedImage.maximumCount) raster images, the most one SVG may; export the drawing as one PNG or JPEG",
                line: line, column: column)
        } else if embeddedPixels > SVGEmbeddedImage.maximumPixelsInAll {
            let limit = SVGEmbeddedImage.maximumPixelsInAll / 1_000_000
            tooManyEmbedded = SVGRefusal(
                reason: "its embedded raster images hold more than \(limit) megapixels in all with this one, every frame counted, "
                    + "the most one SVG may (as one image file); embed them smaller",
                line: line, column: column)
        }
    }

    /// What becomes of an attribute.
    private enum Keeping {
        /// Left out (and noted, unless it is an embedded image, which is reported on its own).
        case left
        case kept
        /// An `<image>`'s `data:` URI, with what it holds.
        case embeddedImage(uri: String, SVGEmbeddedImage.Reading)
    }

    /// Whether an attribute is published; notes it when it is not.
    private mutating func keeps(_ attribute: XMLAttribute, on element: String) -> Keeping {
        let name = attribute.name
        guard SVGAllowlist.attributes.contains(name) || SVGAllowlist.prefixedAttributes.contains(name) else {
            note("the \(name) attribute")
            return .left
        }
        if SVGAllowlist.references.contains(name) {
            let target = attribute.value.trimmingXMLSpaces
            let isFragment = target.hasPrefix("#") && target.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != "\\" }
            if isFragment { return .kept }
            if element == "image", let reading = SVGEmbeddedImage.read(target) { return .embeddedImage(uri: target, reading) }
            note(Self.said(link: target))
            return .left
        }
        if let reason = SVGStyleCheck.unsafeReason(attribute.value) {
            note("the \(name) attribute with \(reason)")
            return .left
        }
        return .kept
    }

    /// A link left out as the warning names it: a web address, a `data:` URI or the name of a
    /// file beside the SVG as it is ("a link to 'https://…'"), anything else (a `file:` URL, an
    /// absolute, drive or home path, one climbing out with `../`, however spelled:
    /// percent-encoded, after spaces) by its file's name alone ("a link to the file 'photo.jpg'
    /// on the author's machine"): the warning is shown on the review page, which is shared,
    /// and names no folder above the project. Inkscape links the images it does not embed by
    /// their absolute path or `file:` URL.
    static func said(link target: String) -> String {
        // Decoded as often as it was encoded (%252F is %2F, then /), a few times at most.
        var decoded = target
        for _ in 0..<4 {
            let again = percentDecoded(decoded)
            if again == decoded { break }
            decoded = again
        }
        let trimmed = String(String.UnicodeScalarView(decoded.unicodeScalars.drop { $0.properties.isWhitespace }))
        let lowered = trimmed.lowercased()
        let separators = "/\\:%"
        let isPublic =
            ["http://", "https://", "data:"].contains { lowered.hasPrefix($0) }
            || !trimmed.unicodeScalars.contains { separators.unicodeScalars.contains($0) }
        guard !isPublic else { return "a link to '\(target.prefix(60))'" }
        // Encoded more often than it is decoded: its name may hold folders.
        guard !trimmed.contains("%") else { return "a link to a file on the author's machine (its name and folders are not said)" }
        // A link to a folder (it ends with a separator) names none.
        let last = trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let name = last.split(separator: "\\", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard !name.trimmingXMLSpaces.isEmpty else { return "a link to a folder on the author's machine (its folders are not said)" }
        let file = name.split(separator: ":").last.map(String.init) ?? name
        return "a link to the file '\(file.trimmingXMLSpaces.prefix(60))' on the author's machine (its folders are not said)"
    }

    /// `text` with its `%XX` escapes turned into the bytes they stand for, read as UTF-8.
    private static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            // Two hex digits, no more nor less (UInt8("+2", radix: 16) is 2).
            let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]),
                let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                decoded.append(value)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private mutating func note(_ what: String) {
        if removedKinds.insert(what).inserted { removed.append(what) }
    }

    private static func escapedText(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func escapedAttribute(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension String {
    /// Without leading and trailing XML white space.
    fileprivate var trimmingXMLSpaces: String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
