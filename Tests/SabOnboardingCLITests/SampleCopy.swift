import Foundation
import Testing

/// A copy of Samples/builders in a temporary folder, removed when the test ends.
final class SampleCopy {
    let folder: URL
    var appDef: URL { folder.appendingPathComponent("builders.appDef") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-preview-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ToolRunner.packageRoot.appendingPathComponent("Samples/builders"), to: folder)
    }

    /// Rewrites the appDef in place, as an editor saves it.
    func edit(_ change: (String) -> String) throws {
        let text = try String(contentsOf: appDef, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit changes the appDef")
        try changed.write(to: appDef, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
