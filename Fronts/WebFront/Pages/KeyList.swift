/// The list of keys `?` shows (a `<dialog>` the script opens; without the script it stays closed and the
/// pages work by their links and forms).
enum KeyList {
    static let keys: [(key: String, action: String)] = [
        ("j / k", "next / previous article"), ("o or Enter", "open the article"), ("m", "mark read or unread"),
        ("s", "star or unstar"), ("v", "open the original page"), ("f", "fetch the full text"),
        ("r", "refresh the sources shown"), ("/", "search"), ("g u", "unread"), ("g s", "starred"),
        ("g a", "all articles"), ("?", "this list"),
    ]

    static let dialog: HTML = {
        let rows = keys.map { key, action -> HTML in "<dt><kbd>\(key)</kbd></dt><dd>\(action)</dd>" }
        return """
            <dialog id="keys" class="keys" aria-labelledby="keys-title">
            <h2 id="keys-title">Keys</h2>
            <dl>\(each: rows)</dl>
            <button type="button" data-close-dialog>Close</button>
            </dialog>
            """
    }()
}
