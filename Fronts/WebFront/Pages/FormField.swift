/// The pieces every form of the web front has: its anti-forgery token, and a button.
enum FormField {
    /// The hidden anti-forgery field.
    static func csrf(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"
    }

    /// A hidden field.
    static func hidden(_ name: String, _ value: String) -> HTML {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
    }

    /// A form of one button posting `fields` to `path`.
    static func button(_ label: String, to path: String, csrf token: String, fields: [(String, String)] = [], primary: Bool = false) -> HTML {
        let hiddenFields = fields.map { Self.hidden($0.0, $0.1) }
        let kind: HTML = primary ? " class=\"primary\"" : ""
        return """
            <form class="inline" method="post" action="\(WebLink(path: path))">\(Self.csrf(token))\(each: hiddenFields)\
            <button type="submit"\(kind)>\(label)</button></form>
            """
    }
}
