import CLibXML2
import Testing

@testable import XMLStreaming

/// libxml2 2.9 sends some messages past a parser's own error handler, to handlers it keeps per
/// thread that print on standard error. While a reader calls into libxml2 they come to the
/// reader as problems, and the handlers that were there before are there again after.
struct LibXML2MessageTests {
    /// A parser of libxml2's own, converting UTF-16 itself, given a lone surrogate: libxml2 2.9
    /// reports the failed conversion without a parser context, and writes a line of its own.
    @Test func messagesPastTheParsersHandlerComeToTheReader() {
        let reader = XMLStreamReader(bytes: [], documentName: "test")
        let bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x72, 0x00, 0x3E, 0x00, 0x78, 0x00, 0x00, 0xD8, 0x79, 0x00]
        reader.withLibXML2ErrorsRouted {
            bytes.withUnsafeBufferPointer { buffer in
                let start = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                let parser = xmlCreatePushParserCtxt(nil, nil, start, 4, "test")
                _ = xmlParseChunk(parser, start + 4, Int32(bytes.count - 4), 0)
                _ = xmlParseChunk(parser, start + bytes.count, 0, 1)
                xmlFreeParserCtxt(parser)
            }
        }
        let messages = reader.problems.map(\.message)
        #expect(messages.contains { $0.hasPrefix("libxml2: input conversion failed") }, "\(messages)")
        #expect(messages.contains("libxml2: xmlParseChunk: encoder error"), "\(messages)")
        #expect(reader.problems.allSatisfy { $0.kind == .malformed })
    }

    @Test func theHandlersThatWereThereAreRestored() {
        let reader = XMLStreamReader(bytes: [], documentName: "test")
        var calls = 0
        withUnsafeMutablePointer(to: &calls) { counter in
            let counting: xmlStructuredErrorFunc = { context, _ in
                context?.assumingMemoryBound(to: Int.self).pointee += 1
            }
            xmlSetStructuredErrorFunc(counter, counting)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            // An error raised without a parser context: a converter without a name.
            reader.withLibXML2ErrorsRouted { _ = xmlNewCharEncodingHandler(nil, nil, nil) }
            _ = xmlNewCharEncodingHandler(nil, nil, nil)
        }
        #expect(calls == 1)
        #expect(reader.problems.map(\.message) == ["libxml2: xmlNewCharEncodingHandler : no name !"])
    }
}

/// A value longer than libxml2 reads in one piece is said so, with the limit, not in libxml2's
/// words ("internal error: Huge input lookup").
struct LongValueTests {
    /// libxml2 says "AttValue length too long" of a value just over, and "Huge input lookup" of
    /// one far enough over that it looked ahead past its limit for the end of the tag.
    @Test(arguments: [1, 817_284])
    func aValueLongerThanTheLimitIsAProblemOfItsOwnKind(_ over: Int) {
        let value = String(repeating: "A", count: XMLStreamReader.maximumTextLength + over)
        let reader = XMLStreamReader(bytes: Array("<r>\n<image href=\"\(value)\"/></r>".utf8), documentName: "test")
        while reader.read() {}
        let problem = reader.problems.first { $0.level >= .error }
        #expect(problem?.kind == .tooLong)
        #expect(problem?.message == "a value or a tag is longer than 10000000 bytes, the most the XML reader reads in one piece")
        #expect(!reader.problems.contains { $0.message.contains("Huge input lookup") }, "\(reader.problems)")
    }
}
