import AppDefModel

/// What a first visit downloads to see a screen, and how long that takes on Lighthouse's
/// mobile network, from the sizes of the files the build wrote.
///
/// The model, kept simple so that anyone can redo it by hand:
///
/// - the network is Lighthouse's mobile throttling: 150 ms round trip, 1.6 Mbps down
///   (1638.4 kilobits of 1024 bits a second, as Lighthouse counts them), no connection set-up;
/// - each request chain costs one round trip: the page; then what the page names (its style
///   sheet, its script and the screen's image, fetched side by side); then, when the screen's
///   language has web fonts, the fonts the style sheet names;
/// - every byte is sent once at full throughput: the time is the round trips plus all the
///   bytes over the throughput. Bytes are the files' sizes as written, before any compression a
///   server may add to the page, style sheet and script.
package struct FirstOpenCost: Hashable, Sendable {
    /// `index.html`, `onboarding.css` and `onboarding.js`.
    var pageBytes: Int
    /// The image file the screen shows (see ``FirstOpenModel/imageSlotPixels``), by its path in
    /// the carousel's folder; for a whole carousel, every screen's.
    var imageFiles: [String]
    var imageBytes: Int
    /// Every face of the web fonts of the screen's language (and of the default language, where
    /// a text shows the default text).
    var fontFiles: [String]
    var fontBytes: Int

    package var totalBytes: Int { pageBytes + imageBytes + fontBytes }

    /// The page, what it names, and the fonts when there are any.
    var requestChains: Int { fontBytes > 0 ? 3 : 2 }

    /// The time to show the screen with its image and fonts, in whole milliseconds (rounded up).
    package var milliseconds: Int { FirstOpenModel.milliseconds(bytes: totalBytes, requestChains: requestChains) }
}

/// The network and the phone of ``FirstOpenCost``.
enum FirstOpenModel {
    /// Lighthouse's mobile round trip.
    static let roundTripMilliseconds = 150
    /// Lighthouse's mobile download throughput, in tenths of a kilobit a second (1638.4).
    static let throughputTenthsOfKilobits = 16_384
    /// The device pixels the image slot of a phone 360 CSS pixels wide takes at a device pixel
    /// ratio of 2: the page less 1.5rem (24 px) each side is 312 CSS pixels. The browser takes
    /// the smallest WebP variant at least this wide, else the widest.
    static let imageSlotPixels = 2 * (360 - 2 * 24)

    /// Round trips plus transfer: `bytes` × 8 bits over 1638.4 × 1024 bits a second.
    static func milliseconds(bytes: Int, requestChains: Int) -> Int {
        let bitsPerSecondTimesTen = throughputTenthsOfKilobits * 1024
        // bytes × 8 bits × 1000 ms / (bits per second), in whole numbers, rounded up.
        let numerator = bytes * 8 * 1000 * 10
        let transfer = (numerator + bitsPerSecondTimesTen - 1) / bitsPerSecondTimesTen
        return requestChains * roundTripMilliseconds + transfer
    }
}
