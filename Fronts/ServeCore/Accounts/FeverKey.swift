/// The Fever API's credential: `api_key`, the lowercase hex md5 of `name:password`, which every Fever app
/// computes from what its user typed and sends with every request.
///
/// The key is unsalted and fast to compute, so it stands for the password itself: whoever reads it can use
/// the API, and can try passwords against it offline far faster than against bcrypt. That is why Fever is off
/// until the owner turns it on for a user (`rss-serve user set NAME --fever`), and why the accounts file keeps
/// only SHA-256 of the key (``hash(_:)``), never the key.
package enum FeverKey {
    /// The key a Fever app sends for `name` and `password`.
    package static func key(name: String, password: String) -> String {
        Digest.hex(Digest.md5("\(name):\(password)".utf8))
    }

    /// What the accounts file keeps of `key`, and looks a sent key up by: SHA-256 of its lowercase form, since
    /// apps write the hex in either case (Miniflux and FreshRSS compare it case-insensitively).
    package static func hash(_ key: String) -> String {
        TokenSecret.hash(key.lowercased())
    }

    /// The longest key looked at: an md5 is 32 hex digits; anything much longer is no key, and is refused
    /// without being hashed.
    package static let maximumLength = 64
}
