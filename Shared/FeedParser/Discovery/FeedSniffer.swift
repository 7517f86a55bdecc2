public import Foundation

/// Tells from its first bytes whether a document is a feed, without parsing it: what discovery needs to know of
/// an address before following it (the reader parses the feed when it fetches it as a source).
///
/// A feed is XML whose root element (after any byte order mark, XML declaration, comments, processing
/// instructions and doctype) is `<rss>`, `<rdf:RDF>` or `<feed>`, or JSON naming a JSON Feed version. Only the
/// first ``prefixBytes`` are looked at; a document it cannot place (compressed, cut short before its root, an
/// unusual prologue) gets nil, and a caller that must know then parses it.
public enum FeedSniffer {
    /// How much of a document is looked at.
    public static let prefixBytes = 4096

    /// The format `document` starts like, or nil when it does not look like a feed.
    public static func format(of document: Data, contentType: String? = nil) -> FeedLink.Format? {
        let prefix = Data(document.prefix(prefixBytes))
        let decoded = DocumentDecoder.decode(prefix, httpCharset: contentType.map(ContentType.init)?.charset)
        return decoded.withUTF8(of: prefix) { bytes in
            var index = 0
            while index < bytes.count, bytes[index].isSpaceOrNUL { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "{") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
                return text.contains("jsonfeed.org/version") ? .json : nil
            }
            return rootElement(bytes, from: index).flatMap(format(ofRoot:))
        }
    }

    /// The feed format a root element's name means.
    private static func format(ofRoot name: String) -> FeedLink.Format? {
        let local = name.split(separator: ":").last.map { $0.lowercased() } ?? ""
        switch local {
        case "rss", "rdf": return .rss
        case "feed": return .atom
        default: return nil
        }
    }

    /// The name of the first element from `start`, past declarations, comments, processing instructions and a
    /// doctype (with its internal subset); nil when the prefix ends first or something else comes.
    private static func rootElement(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
        var index = start
        func skip(past end: [UInt8]) -> Bool {
            while index + end.count <= bytes.count {
                if (0..<end.count).allSatisfy({ bytes[index + $0] == end[$0] }) {
                    index += end.count
                    return true
                }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            if bytes[index].isSpaceOrNUL {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { return nil }
            switch bytes[index + 1] {
            case UInt8(ascii: "?"):
                guard skip(past: Array("?>".utf8)) else { return nil }
            case UInt8(ascii: "!"):
                let isComment = index + 3 < bytes.count && bytes[index + 2] == UInt8(ascii: "-")
                    && bytes[index + 3] == UInt8(ascii: "-")
                let hasSubset = !isComment && bytes[index...].prefix { $0 != UInt8(ascii: ">") }
                    .contains(UInt8(ascii: "["))
                guard skip(past: Array((isComment ? "-->" : hasSubset ? "]>" : ">").utf8)) else { return nil }
            default:
                index += 1
                let nameStart = index
                while index < bytes.count, !bytes[index].isSpaceOrNUL, bytes[index] != UInt8(ascii: ">"),
                    bytes[index] != UInt8(ascii: "/")
                {
                    index += 1
                }
                return index > nameStart && index < bytes.count
                    ? String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self) : nil
            }
        }
        return nil
    }
}

extension UInt8 {
    fileprivate var isSpaceOrNUL: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0 }
}
