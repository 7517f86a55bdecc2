import HTTPTypes

/// The header fields the web front reads or writes that HTTPTypes does not name.
enum WebHeader {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let openerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!
    /// Where a browser says a request comes from (`same-origin`, `cross-site`…).
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
