internal import XMLStreaming

/// The size an SVG is shown at, in CSS pixels, from its root's `width`, `height` and `viewBox`
/// as a browser takes them: a missing or relative length (`%`, `em`) follows from the viewBox's
/// aspect ratio, else is the viewBox's. When there is none a page can reserve, why.
enum SVGSize {
    /// The largest width or height taken: no screen shows a million pixels across.
    static let largest = 1e6
    /// What a length must be, said once for every message.
    private static let lengthNeeded = "a length in px, mm, cm, in, pt or pc"

    static func of(_ attributes: [XMLAttribute]) -> Result<ImageSize, SVGSizeProblem> {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        let (widthText, heightText, viewBoxText) = (value("width"), value("height"), value("viewBox"))
        let width = widthText.flatMap(SVGLength.pixels)
        let height = heightText.flatMap(SVGLength.pixels)
        for (name, text, length) in [("width", widthText, width), ("height", heightText, height)] {
            guard let text, let length else { continue }
            guard length.isFinite, length > 0, length < largest else {
                return .failure(
                    SVGSizeProblem("its \(name) '\(excerpt(text))' is no length a page can show: it must be above 0 and under 1,000,000 px"))
            }
        }
        let viewBox = viewBoxText.flatMap(SVGLength.viewBoxSize)
        let size: (Double, Double)
        switch (width, height, viewBox) {
        case (let width?, let height?, _): size = (width, height)
        case (let width?, nil, let viewBox?): size = (width, width * viewBox.height / viewBox.width)
        case (nil, let height?, let viewBox?): size = (height * viewBox.width / viewBox.height, height)
        case (nil, nil, let viewBox?): size = (viewBox.width, viewBox.height)
        default:
            if let viewBoxText {
                return .failure(
                    SVGSizeProblem(
                        "its viewBox '\(excerpt(viewBoxText))' is not four numbers with a width and a height above 0, and its width and height do not both give \(lengthNeeded)"
                    ))
            }
            return .failure(
                SVGSizeProblem(
                    "its <svg> has no viewBox, and its width and height do not both give \(lengthNeeded): give it a viewBox (`viewBox=\"0 0 800 600\"`)"))
        }
        guard size.0.isFinite, size.1.isFinite, size.0 < largest, size.1 < largest else {
            return .failure(
                SVGSizeProblem("its viewBox '\(excerpt(viewBoxText ?? ""))' gives a size of a million pixels or more: give it the size the picture is drawn at")
            )
        }
        let rounded = ImageSize(width: Int(size.0.rounded()), height: Int(size.1.rounded()))
        guard rounded.width > 0, rounded.height > 0 else {
            return .failure(
                SVGSizeProblem("its size rounds to nothing (\(rounded.width)×\(rounded.height) pixels): give it a width and height of a pixel or more"))
        }
        return .success(rounded)
    }

    /// An attribute's value as a message quotes it: 40 characters at most.
    private static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}

/// Why an SVG has no size a page can reserve: the words that follow its name in a diagnostic.
package struct SVGSizeProblem: Error, Hashable, Sendable {
    package var reason: String

    init(_ reason: String) { self.reason = reason }
}
