// libFuzzer entry point for FeedParser: compiled together with the module's sources by Fuzz/run.sh
// (swiftc -sanitize=fuzzer,address), so internal parsers can be driven directly too.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func feedParserFuzzOne(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let selector = count > 0 ? start.load(as: UInt8.self) : 0
    // Vary the HTTP charset a little so the decoder paths are reached too.
    let contentTypes: [String?] = [nil, "text/xml", "application/rss+xml; charset=iso-8859-1", "text/xml; charset=gb2312"]
    let contentType = contentTypes[Int(selector) % contentTypes.count]
    _ = try? FeedParser().parse(data, contentType: contentType, url: URL(string: "http://example.com/a/feed.xml"))
    _ = FeedLinkScanner.feedLinks(in: data, contentType: contentType, pageURL: "http://example.com/a/page.html")
    if let document = try? OPMLReader().read(data) {
        _ = OPMLWriter().write(document)
        _ = document.subscriptions
    }
    if count < 256 {
        let text = String(decoding: data, as: UTF8.self)
        _ = DateParser.parse(text)
        _ = HTMLEntities.decode(text)
        _ = URLResolver.resolve(text, against: "http://example.com/a/b")
    }
    return 0
}
