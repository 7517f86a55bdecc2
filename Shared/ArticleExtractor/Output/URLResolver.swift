import Foundation

/// Makes a page's link and image addresses absolute and keeps only the safe ones.
enum URLResolver {
    /// `reference` resolved against `base`: surrounding whitespace and the tabs and line breaks inside removed,
    /// spaces and non-ASCII characters percent-encoded, as browsers do; nil when it is no address.
    static func resolve(_ reference: String, against base: URL?) -> URL? {
        var cleaned = reference.trimmingSpaces()
        cleaned.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let encoded = percentEncoded(cleaned)
        if let base {
            return URL(string: encoded, relativeTo: base)?.absoluteURL
        }
        guard let url = URL(string: encoded), url.scheme != nil else { return nil }
        return url
    }

    /// A link's address, absolute, if its scheme is one a reader can follow safely (http, https, mailto, ftp).
    static func link(_ reference: String, against base: URL?) -> String? {
        guard let url = resolve(reference, against: base), let scheme = url.scheme?.lowercased(),
              ["http", "https", "mailto", "ftp"].contains(scheme) else { return nil }
        return url.absoluteString
    }

    /// An image's address, absolute, if it is http(s) or an inline raster image (`data:image/png;…`).
    static func image(_ reference: String, against base: URL?) -> String? {
        let trimmed = reference.trimmingSpaces()
        if trimmed.lowercased().hasPrefix("data:") {
            let lower = trimmed.lowercased()
            let raster = ["data:image/png", "data:image/jpeg", "data:image/jpg", "data:image/gif", "data:image/webp",
                          "data:image/avif"]
            return raster.contains { lower.hasPrefix($0) } ? trimmed.filter { !$0.isWhitespace } : nil
        }
        guard let url = resolve(trimmed, against: base), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else { return nil }
        return url.absoluteString
    }

    private static func percentEncoded(_ text: String) -> String {
        var needs = false
        for byte in text.utf8 where byte <= 0x20 || byte >= 0x7F || disallowed.contains(byte) {
            needs = true
            break
        }
        guard needs else { return text }
        var output = ""
        for byte in text.utf8 {
            if byte <= 0x20 || byte >= 0x7F || disallowed.contains(byte) {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
            } else {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }

    private static let disallowed: Set<UInt8> = Set("\"<>\\^`{|}".utf8)
}

extension String {
    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
