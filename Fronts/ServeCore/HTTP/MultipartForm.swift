import Foundation

/// The fields of a `multipart/form-data` body (RFC 7578): Fever's `api_key` as Readrops and NewsFlash send it,
/// and the web front's OPML upload. Each part's `name` and its content; parts without a name are skipped.
package enum MultipartForm {
    /// The boundary a `Content-Type` of `multipart/form-data` names (quoted or not); nil for any other type.
    package static func boundary(in contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parameters.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            var value = Substring(parameter.dropFirst("boundary=".count))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.count) ? String(value) : nil
        }
        return nil
    }

    /// The named fields of `body` as text (UTF-8), in order; 400 when it is not a multipart body with that
    /// boundary, holds more fields than a request may (``RequestLimits/itemIDs``), or a field that is not UTF-8.
    package static func fields(_ body: [UInt8], boundary: String) throws(APIError) -> [(String, String)] {
        try parts(body, boundary: boundary).map { part throws(APIError) in
            guard let value = String(validating: part.content, as: UTF8.self) else { throw malformed }
            return (part.name, value)
        }
    }

    /// The named parts of `body`, their content as bytes (a file as it was sent), in order; 400 when it is not a
    /// multipart body with that boundary, or holds more parts than a request may.
    package static func parts(_ body: [UInt8], boundary: String) throws(APIError) -> [(name: String, content: ArraySlice<UInt8>)] {
        let delimiter = Array("--\(boundary)".utf8)
        let lineBreak: [UInt8] = [13, 10]
        guard var start = body.firstRange(of: delimiter)?.lowerBound else { throw malformed }
        var fields: [(name: String, content: ArraySlice<UInt8>)] = []
        while true {
            var position = start + delimiter.count
            // The closing delimiter has two hyphens after it.
            if body[position...].starts(with: [45, 45]) { break }
            // The delimiter's line ends (after any transport padding) with CRLF; then the part's headers, a blank
            // line, and the content up to the CRLF before the next delimiter.
            guard let lineEnd = body[position...].firstRange(of: lineBreak) else { throw malformed }
            position = lineEnd.upperBound
            let headers: ArraySlice<UInt8>
            if body[position...].starts(with: lineBreak) {
                headers = []
                position += 2
            } else {
                guard let blank = body[position...].firstRange(of: lineBreak + lineBreak) else { throw malformed }
                headers = body[position..<blank.lowerBound]
                position = blank.upperBound
            }
            guard let next = body[position...].firstRange(of: lineBreak + delimiter) else { throw malformed }
            if let name = name(in: headers) {
                guard fields.count < RequestLimits.itemIDs else { throw APIError.badRequest("too many parameters") }
                fields.append((name, body[position..<next.lowerBound]))
            }
            start = next.lowerBound + 2
        }
        return fields
    }

    /// The `name` parameter of the part's `Content-Disposition: form-data` header.
    package static func name(in headers: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: headers, as: UTF8.self)
        for line in text.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition"
            else { continue }
            for parameter in parts[1].split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard parameter.lowercased().hasPrefix("name=") else { continue }
                var value = Substring(parameter.dropFirst("name=".count))
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                return String(value)
            }
        }
        return nil
    }

    private static let malformed = APIError.badRequest("the multipart body is malformed")
}
