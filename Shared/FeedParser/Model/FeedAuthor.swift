/// A person credited for a feed or an item; feeds spell this many ways (RSS `author` e-mail strings,
/// `dc:creator`, Atom person constructs, JSON Feed objects), so all of them land here.
public struct FeedAuthor: Sendable, Hashable, Codable {
    /// Display name, if any.
    public var name: String?
    /// E-mail address, if any.
    public var email: String?
    /// Home page or profile URL, if any.
    public var url: String?

    /// Makes an author; at least one field should be set.
    public init(name: String? = nil, email: String? = nil, url: String? = nil) {
        self.name = name
        self.email = email
        self.url = url
    }

    /// A one-line form for display: `Name (email)`, or whichever part exists.
    public var displayString: String {
        switch (name, email) {
        case let (name?, email?): return "\(name) (\(email))"
        case let (name?, nil): return name
        case let (nil, email?): return email
        case (nil, nil): return url ?? ""
        }
    }

    var isEmpty: Bool { name == nil && email == nil && url == nil }
}
