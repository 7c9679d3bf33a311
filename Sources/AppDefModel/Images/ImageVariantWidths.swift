/// The widths, in pixels, a raster image is published at: those the image block can take on a
/// phone and on a desktop, at device pixel ratios 1 to 3, never above the source's width.
///
/// The block is as wide as the screen's content: the viewport less 1.5rem of padding each side,
/// at most 42rem (the style sheet's `.onboarding-content`). On a phone (up to 432 CSS pixels
/// wide) that is 384 pixels at most; on anything wider, 624.
package enum ImageVariantWidths {
    /// The block's largest CSS width on a phone and on a larger screen.
    package static let slotWidths = [384, 624]
    package static let pixelRatios = [1, 2, 3]
    /// A width within this share of a larger one is left out: the larger serves it, for a few
    /// bytes more, and the build encodes one image less.
    static let closeEnough = 0.9

    /// Every width published for a source at least as wide as the largest: 384, 624, 768,
    /// 1248 and 1872 (1152, phone at 3x, is served by 1248).
    package static let all: [Int] = merged(slotWidths.flatMap { slot in pixelRatios.map { slot * $0 } })

    package static var largest: Int { all.last ?? 0 }

    /// The widest an animation is published: a phone's block at 2x. Each animated width is
    /// every frame again, and libvips's animated WebP and GIF encoders take some half a second
    /// a megapixel each, some twenty times a still's; a visitor downloads every frame too. A
    /// desktop takes the 768 one, drawn a little larger; a phone at 3x too.
    static var largestAnimated: Int { 2 * slotWidths[0] }

    /// The `sizes` attribute that goes with them: the block's width at each viewport.
    package static let sizes = "(min-width: 42rem) 39rem, calc(100vw - 3rem)"

    /// The most pixels a variant has on either side: a WebP's limit (its header holds 14 bits
    /// of each). A taller image's variants are narrower, so that none is taller.
    package static let largestSide = 16383

    /// The widths for a source `sourceWidth` pixels wide: those below it, and the source's own
    /// width when it is below the largest (an image is never enlarged).
    package static func widths(forSourceWidth sourceWidth: Int) -> [Int] {
        guard sourceWidth > 0 else { return [] }
        return merged(all.filter { $0 < sourceWidth } + [min(sourceWidth, largest)])
    }

    /// The widths for a source of `size`: those of ``widths(forSourceWidth:)`` at which its
    /// height is at most ``largestSide``. A 400×60000 strip is published 109 pixels wide
    /// (109×16350), the widest it can be; never less than 1.
    /// An animation's (`animated`) stop at ``largestAnimated``.
    package static func widths(for size: ImageSize, animated: Bool = false) -> [Int] {
        guard size.width > 0, size.height > 0 else { return [] }
        let widestWithinTheLimit = max(1, largestSide * size.width / size.height)
        return widths(forSourceWidth: min(size.width, widestWithinTheLimit, animated ? largestAnimated : .max))
    }

    /// The width of the one fallback (JPEG, PNG or GIF) among an image's `widths`: the largest a
    /// phone at 2x takes (768), or the smallest when all are larger.
    package static func fallbackWidth(among widths: [Int]) -> Int {
        widths.last { $0 <= 2 * slotWidths[0] } ?? widths.first ?? 0
    }

    /// `widths` sorted, without repeats and without one close to the next larger.
    private static func merged(_ widths: [Int]) -> [Int] {
        var kept: [Int] = []
        for width in Set(widths).sorted(by: >) where kept.last.map({ Double(width) < Double($0) * closeEnough }) ?? true {
            kept.append(width)
        }
        return kept.reversed()
    }
}
