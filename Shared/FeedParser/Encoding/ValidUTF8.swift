/// Strings made from bytes that are already known to be valid UTF-8, without validating them a second time.
///
/// Everything the scanner and the mappers turn into strings comes from a document that ``DocumentDecoder``
/// checked once (``UTF8Scan``) or transcoded into a `String`, cut only at ASCII bytes (`<`, `&`, quotes,
/// whitespace), which never fall inside a multi-byte sequence, and joined with the UTF-8 of whole scalars or of
/// other strings. `String(decoding:as:)` would check every byte again, one at a time as soon as the text holds
/// a single non-ASCII byte (a curly quote is enough): that was the largest single cost of a parse.
///
/// A caller must keep that promise: a `String` holding invalid UTF-8 breaks the standard library's own
/// assumptions. Debug builds (the tests) and the fuzzer (`-D FEEDPARSER_CHECK_UTF8`) check it on every call.
enum ValidUTF8 {
    /// A string holding a copy of `bytes`, which must be valid UTF-8 on their own.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        #if DEBUG || FEEDPARSER_CHECK_UTF8
        precondition(String(validating: bytes, as: UTF8.self) != nil, "bytes handed to ValidUTF8 are not valid UTF-8")
        #endif
        // The ASCII flag lets later comparisons and hashing take their fast paths, as String(decoding:) sets it.
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII(bytes)))
    }

    /// A string holding a copy of `bytes`, which must be valid UTF-8 on their own.
    static func string(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    /// A string holding a copy of `bytes[range]`, which must be valid UTF-8 on their own.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        string(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Scan.asciiEnd(of: UnsafeRawBufferPointer(bytes), from: 0) == bytes.count
    }
}
