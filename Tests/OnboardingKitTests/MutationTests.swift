import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A few hundred deterministic mutations of the samples through lint and an in-memory build:
/// none may crash or hang, every diagnostic has a real position, and the build renders
/// exactly when lint finds no error.
struct MutationTests {
    /// SplitMix64: the same mutations on every run and every machine.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let tokens: [[UInt8]] =
        [
            "<", ">", "&", "\"", "'", "</", "/>", "<!DOCTYPE x>", "<![CDATA[", "]]>", "<!--", "-->", "<?x ?>",
            "<onboarding-screen>", "</onboarding-screen>", "<title type=\"top-title\">", "</title>", "<t>", "<translation lang=\"\">",
            "<image>../../etc/passwd</image>", "<feature name=\"background\" value=\"custom\"/>", "&amp;", "&#0;", "&#x10FFFF;", "\r\n",
        ].map { Array($0.utf8) } + [[0x00], [0xFF, 0xFE], [0xC3], [0xEF, 0xBB, 0xBF], [0xF0, 0x9F, 0x91]]

    static func mutate(_ bytes: [UInt8], using generator: inout Generator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            guard !result.isEmpty else { break }
            let position = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: result[position] = UInt8.random(in: 0...255, using: &generator)
            case 1: result.removeSubrange(position..<min(result.count, position + Int.random(in: 1...200, using: &generator)))
            case 2:
                let end = min(result.count, position + Int.random(in: 1...400, using: &generator))
                result.insert(contentsOf: result[position..<end], at: end)
            case 3: result.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
            case 4: result.removeSubrange(position...)
            default: result.swapAt(position, Int.random(in: 0..<result.count, using: &generator))
            }
        }
        return result
    }

    static let cases: [(sample: String, seed: UInt64)] = Fixtures.sampleAppDefs.flatMap { sample in
        (0..<100).map { (sample.path, UInt64($0) &* 7919 &+ 17) }
    }

    /// The time limit guards against a hang; it is not a performance figure.
    @Test(.timeLimit(.minutes(10))) func mutatedSamplesNeverCrashAndStayConsistent() throws {
        #expect(Self.cases.count >= 300)
        var rendered = 0
        for (sample, seed) in Self.cases {
            var generator = Generator(state: seed)
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sample)))
            let mutated = Self.mutate(original, using: &generator)
            let diagnostics = Linter().lint(bytes: mutated, path: sample)
            let build = OnboardingBuilder().render(appDefBytes: mutated, appDefPath: sample)
            #expect(diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 && !$0.message.isEmpty })
            #expect((build.files != nil) == !diagnostics.fails(strict: false), "seed \(seed) of \(sample)")
            if let files = build.files {
                rendered += 1
                #expect(files["index.html"] != nil && files["onboarding.json"] != nil)
                // Whatever the mutation put in the text, the JSON block still cannot end its script early.
                let index = String(decoding: files["index.html"]!, as: UTF8.self)
                #expect(index.components(separatedBy: "</script>").count == 3, "seed \(seed) of \(sample)")
            }
        }
        #expect(rendered >= 5, "some mutations keep the document valid, so the render path is exercised too")
    }
}
