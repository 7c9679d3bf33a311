#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Converts a document from its encoding to UTF-8 with the system's iconv, one piece at a
/// time, and says exactly where conversion had to stop.
///
/// libxml2 2.9 converts with the same iconv, but where bytes are not text in the encoding it
/// prints `encoding error` on standard error and stops reading without a parser error: the
/// document just ends there, and a windows-1252 file with an undefined byte after its first
/// screen passed lint with one screen of three. Converted here, before the scanner and libxml2,
/// the bytes that cannot be converted are known to the byte, so the reader reports them at
/// their line and column; libxml2 only ever reads UTF-8, which it checks itself.
final class TextConverter {
    /// The encoding as the document names it, for messages.
    let encodingName: String
    private let descriptor: iconv_t
    /// The UTF-8 of the last conversion; it grows when a conversion needs more room.
    private var output: UnsafeMutableRawBufferPointer

    /// How a conversion ended.
    enum Outcome: Equatable {
        /// Every byte was converted, except an unfinished character at the end of the input,
        /// which the next input may complete: `consumed` bytes were used.
        case converted(consumed: Int)
        /// The bytes at `offset` are not text in the encoding; those before it were converted.
        case invalid(offset: Int)
    }

    /// A converter from `encoding`; `nil` when iconv does not know it. `encoding` must be a
    /// valid encoding name (see ``DocumentEncoding``): iconv reads suffixes such as `//IGNORE`
    /// as instructions.
    init?(from encoding: String) {
        let descriptor = iconv_open("UTF-8", encoding)
        guard Int(bitPattern: descriptor) != -1, let descriptor else { return nil }
        self.descriptor = descriptor
        encodingName = encoding
        output = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    }

    deinit {
        iconv_close(descriptor)
        output.deallocate()
    }

    /// Converts `input`, continuing from the end of the last input (a stateful encoding keeps
    /// its shift state). The UTF-8 is in ``text`` until the next call.
    func convert(_ input: UnsafeRawBufferPointer) -> Outcome {
        text = UnsafeRawBufferPointer(start: output.baseAddress, count: 0)
        guard let start = input.baseAddress, input.count > 0 else { return .converted(consumed: 0) }
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: CChar.self))
        var inLeft = input.count
        while true {
            // Room for twice the input, which most text needs at most; iconv says when it needs
            // more (a byte of Latin text is up to three bytes of UTF-8).
            let (result, error) = appending(room: 2 * inLeft) { iconv(descriptor, &inPointer, &inLeft, &$0, &$1) }
            guard result == -1 else { return .converted(consumed: input.count) }
            switch error {
            case E2BIG:
                continue
            case EINVAL:
                return .converted(consumed: input.count - inLeft)
            default:  // EILSEQ, or anything else iconv cannot go past
                return .invalid(offset: input.count - inLeft)
            }
        }
    }

    /// The UTF-8 of the last ``convert(_:)``, and of ``finish()`` after it.
    private(set) var text = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Adds to ``text`` what iconv still holds, as iconv wants at the end of a conversion: for
    /// where the input ends or stops. Encodings that hold single bytes back are refused (see
    /// ``joinsCharacters``); this is for anything held otherwise, which would be text before
    /// the place where reading stops.
    func finish() {
        while true {
            let (result, error) = appending(room: 16) { iconv(descriptor, nil, nil, &$0, &$1) }
            guard result == -1, error == E2BIG else { return }
        }
    }

    /// Runs `call`, one call of iconv that writes at the end of ``text`` and moves the pointer
    /// and count of room it is given, with at least `room` bytes of room (at least 16: more
    /// than any one character needs, so that a call that runs out of room, E2BIG, has always
    /// written something). Returns iconv's result and `errno`.
    private func appending(room: Int, _ call: (inout UnsafeMutablePointer<CChar>?, inout Int) -> Int) -> (result: Int, error: Int32) {
        reserve(text.count + max(room, 16))
        var outPointer: UnsafeMutablePointer<CChar>? = (output.baseAddress! + text.count).assumingMemoryBound(to: CChar.self)
        var outLeft = output.count - text.count
        let result = call(&outPointer, &outLeft)
        let error = errno
        text = UnsafeRawBufferPointer(start: output.baseAddress, count: output.count - outLeft)
        return (result, error)
    }

    /// Whether iconv joins some characters of the encoding with the ones after them: it then
    /// holds a byte back, converting it to nothing until it sees what follows. windows-1258
    /// and TCVN make a letter and the tone mark after it one precomposed character, windows-1255
    /// a Hebrew letter and its point, TSCII reorders vowel signs: an editor shows the characters
    /// as the file has them, and columns counted after iconv would not match. Found by
    /// converting each byte alone. Leaves the converter as it was made.
    var joinsCharacters: Bool {
        defer { _ = iconv(descriptor, nil, nil, nil, nil) }
        var input: UInt8 = 0
        var output = (UInt64(0), UInt64(0))  // room for any one byte's characters
        for byte in UInt8(0x20)...UInt8(0xFF) {
            input = byte
            _ = iconv(descriptor, nil, nil, nil, nil)
            let joined = withUnsafeMutableBytes(of: &input) { inBytes in
                withUnsafeMutableBytes(of: &output) { outBytes in
                    var inPointer = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var inLeft = 1
                    var outPointer = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = outBytes.count
                    let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                    return result != -1 && inLeft == 0 && outLeft == outBytes.count
                }
            }
            if joined { return true }
        }
        return false
    }

    /// Whether `bytes` convert to themselves: an encoding in which an ASCII XML declaration
    /// reads as written. Leaves the converter as it was made.
    func keepsASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        defer { _ = iconv(descriptor, nil, nil, nil, nil) }
        guard convert(bytes) == .converted(consumed: bytes.count) else { return false }
        return text.elementsEqual(bytes)
    }

    /// Makes ``output`` hold at least `count` bytes, keeping the text written so far.
    private func reserve(_ count: Int) {
        guard count > output.count else { return }
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 2 * output.count), alignment: 16)
        larger.copyMemory(from: UnsafeRawBufferPointer(text))
        output.deallocate()
        output = larger
        text = UnsafeRawBufferPointer(start: output.baseAddress, count: text.count)
    }
}
