import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Contrast ratios in messages are cut to two decimals, never rounded up to a passing value.
struct ContrastRatioTextTests {
    @Test(arguments: [(4.499, "4.49"), (4.5, "4.50"), (1.05, "1.05"), (1.0, "1.00"), (21.0, "21.00"), (2.999_999, "2.99"), (12.345, "12.34")])
    func theRatioIsCutToHundredths(_ ratio: Double, _ text: String) {
        #expect(ContrastRatio.twoDecimals(ratio) == text)
    }
}
