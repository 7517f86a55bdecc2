import Foundation

/// Makes a page's link and image addresses absolute and keeps only the safe ones.
enum URLResolver {
    /// `reference` resolved against `base`: surrounding whitespace and the tabs and line breaks inside removed,
    /// spaces and non-ASCII characters percent-encoded, as browsers do; nil when it is no address.
    static func resolve(_ reference: String, against base: URL?) -> URL? {
        if let absolute = plainAbsolute(reference) { return absolute }
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
        if isPlainAbsolute(reference) { return reference }
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
        if isPlainAbsolute(trimmed) { return trimmed }
        guard let url = resolve(trimmed, against: base), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else { return nil }
        return url.absoluteString
    }

    /// Whether `reference` is an absolute http(s) address already in the form Foundation would give it back:
    /// `http://` or `https://`, a host, and only characters allowed in a URL (most links of an article are;
    /// parsing each with Foundation was a twentieth of an extraction).
    static func isPlainAbsolute(_ reference: String) -> Bool {
        let bytes = reference.utf8
        let prefix: Int
        if bytes.starts(with: "https://".utf8) {
            prefix = 8
        } else if bytes.starts(with: "http://".utf8) {
            prefix = 7
        } else {
            return false
        }
        guard bytes.count > prefix, let first = bytes.dropFirst(prefix).first, first != UInt8(ascii: "/") else { return false }
        var host = true
        for byte in bytes.dropFirst(prefix) {
            guard byte > 0x20, byte < 0x7F, !disallowed.contains(byte), byte != UInt8(ascii: "%") else { return false }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { host = false }
            // Upper-case hosts come back lower-cased from Foundation; leave those to it.
            if host, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { return false }
        }
        return true
    }

    private static func plainAbsolute(_ reference: String) -> URL? {
        isPlainAbsolute(reference) ? URL(string: reference) : nil
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
