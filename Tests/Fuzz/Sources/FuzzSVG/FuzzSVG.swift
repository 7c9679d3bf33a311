// Every input is an image file an author put in the images folder: its format and size are read
// as lint reads them, and when it is an SVG, what the build would publish of it must be safe and
// stable: published again, it is the same bytes.
import FuzzDriver
import OnboardingKit

private func publishSVG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard ImageInspector.sniffFormat(bytes) == .svg else { return 0 }
    _ = ImageInspector.size(of: bytes, format: .svg)
    guard let published = SafeSVG.publishedBytes(of: bytes) else { return 0 }
    let text = String(decoding: published, as: UTF8.self).lowercased()
    for forbidden in ["<script", "<foreignobject", "javascript:", " onload=", "<!doctype", "<!entity"] where text.contains(forbidden) {
        fatalError("published \(forbidden): \(text)")
    }
    guard SafeSVG.publishedBytes(of: published) == published else {
        fatalError("published again, it changed: \(text)")
    }
    return 0
}

@main
struct FuzzSVG {
    static func main() {
        runFuzzer { data, size in publishSVG(data, size) }
    }
}
