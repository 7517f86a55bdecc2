extension String {
    /// The text without U+0000. SQLite takes text from GRDB as a C string, so a NUL would silently end it there:
    /// a hostile feed could cut its titles short, blank them, or make two different ids one. Feed text goes
    /// through this before it is stored.
    var withoutNUL: String {
        guard utf8.contains(0) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.lazy.filter { $0 != "\0" }))
    }
}
