import Foundation

/// Where `JSONSerialization` gave up, as numbers. Its message is English prose that differs between platforms
/// (Linux: "Invalid value around character 9.", Darwin: "… around line 2, column 5." with the byte offset under
/// `NSJSONSerializationErrorIndex`, truncation: "Unexpected end of file …"), so only the position is taken from
/// it, recomputed from a byte offset whenever there is one so that columns mean the same everywhere, and the
/// text itself never reaches a ``FeedParseError``.
enum JSONErrorLocation {
    /// The 1-based line and column of the failure in `json`, or `nil`s when the error names no position.
    static func locate(_ error: any Error, in json: Data) -> (line: Int?, column: Int?) {
        let info = (error as NSError).userInfo
        let message = info[NSDebugDescriptionErrorKey] as? String ?? ""
        let offset = (info["NSJSONSerializationErrorIndex"] as? Int)
            ?? number(after: "character ", in: message)
            ?? (message.localizedCaseInsensitiveContains("end of file") ? json.count : nil)
        if let offset {
            let position = TextPosition.of(byte: offset, in: json)
            return (position.line, position.column)
        }
        if let line = number(after: "line ", in: message) {
            return (line, number(after: "column ", in: message))
        }
        return (nil, nil)
    }

    /// The decimal number right after the first `keyword` in `text`.
    private static func number(after keyword: String, in text: String) -> Int? {
        guard let range = text.range(of: keyword) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }
}
