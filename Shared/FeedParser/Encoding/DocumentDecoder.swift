import Foundation

/// Turns the raw bytes of a document into UTF-8, so that everything after it works on UTF-8 only: valid UTF-8
/// is used in place (``Output/text`` is `nil`), anything else is transcoded into a `String`.
///
/// Invalid bytes never fail a document: they become U+FFFD, except that a document which did not declare its
/// charset and is not valid UTF-8 is read as windows-1252 (what such documents nearly always are).
struct DocumentDecoder {
    struct Output {
        /// The transcoded document, or `nil` when the input bytes after ``bomLength`` are UTF-8 to use as they are.
        var text: String?
        var bomLength = 0
        var encoding: String
        var warnings: [ParseWarning]
    }

    /// `textMediaType` is true for a `text/*` Content-Type without charset: RFC 3023 then says US-ASCII, which is
    /// reported when the bytes really are ASCII; otherwise the document's own declaration is used (as feedparser
    /// ends up doing), because real servers send UTF-8 feeds as `text/xml`.
    static func decode(_ data: Data, httpCharset: String?, textMediaType: Bool = false) -> Output {
        let prefix = [UInt8](data.prefix(1024))
        var detected = CharsetDetector.detect(prefix: prefix, httpCharset: httpCharset)
        if textMediaType, httpCharset == nil, detected.bomLength == 0, !detected.name.hasPrefix("utf-16"),
           !detected.name.hasPrefix("utf-32"), data.withUnsafeBytes({ $0.allSatisfy { $0 < 0x80 } }) {
            detected = CharsetDetector.Result(name: "us-ascii", bomLength: 0, declared: true)
        }
        var warnings: [ParseWarning] = []
        if let unknown = detected.unknownName {
            warnings.append(ParseWarning(field: "encoding", rawValue: unknown, reason: "unknown charset; read as UTF-8"))
        }
        return data.withUnsafeBytes { raw in
            let body = UnsafeRawBufferPointer(rebasing: raw[detected.bomLength...])
            var name = detected.name
            let text: String
            switch name {
            case "utf-8":
                let scan = UTF8Scan.scan(body)
                if scan.valid && !scan.hasC1Controls {
                    return Output(text: nil, bomLength: detected.bomLength, encoding: name, warnings: warnings)
                }
                if scan.valid {
                    text = String(decoding: body, as: UTF8.self)
                } else if !detected.declared {
                    text = SingleByteCharsets.decode(body, latin1Only: false)
                    name = "windows-1252"
                    warnings.append(ParseWarning(field: "encoding", rawValue: "utf-8",
                                                 reason: "not valid UTF-8 and no charset declared; read as windows-1252"))
                } else {
                    text = String(decoding: body, as: UTF8.self)
                    warnings.append(ParseWarning(field: "encoding", rawValue: "utf-8",
                                                 reason: "invalid UTF-8 bytes replaced by U+FFFD"))
                }
            case "us-ascii", "windows-1252":
                text = SingleByteCharsets.decode(body, latin1Only: false)
            case "iso-8859-1":
                text = SingleByteCharsets.decode(body, latin1Only: false)
            case "utf-16be", "utf-16le":
                text = WideCharsets.decodeUTF16(body, bigEndian: name == "utf-16be")
            case "utf-32be", "utf-32le":
                text = WideCharsets.decodeUTF32(body, bigEndian: name == "utf-32be")
            default:
                if let decoded = PlatformCharsets.decode(body, charset: name) {
                    text = decoded.text
                    if decoded.replaced {
                        warnings.append(ParseWarning(field: "encoding", rawValue: name,
                                                     reason: "bytes invalid in \(name) replaced"))
                    }
                } else {
                    warnings.append(ParseWarning(field: "encoding", rawValue: name,
                                                 reason: "charset not supported on this platform; read as UTF-8"))
                    text = String(decoding: body, as: UTF8.self)
                    name = "utf-8"
                }
            }
            if let remapped = C1Controls.remap(text) {
                warnings.append(ParseWarning(field: "encoding", rawValue: name,
                                             reason: "C1 control characters read as windows-1252 punctuation"))
                return Output(text: remapped, encoding: name, warnings: warnings)
            }
            return Output(text: text, encoding: name, warnings: warnings)
        }
    }
}
