public import Foundation

/// The rule that gives every item a stable ``FeedItem/id``, so a reader can merge re-fetches without
/// duplicating items or losing their read and starred marks.
///
/// 1. The publisher's id when there is a non-empty one, kept verbatim (trimmed), never resolved against a base:
///    in RSS `<guid>`, else RSS 1.0 `rdf:about`, else `dc:identifier`, else a borrowed `atom:id`; in Atom
///    `<id>`; in JSON Feed `id` (numbers written in decimal).
/// 2. Otherwise `"hash:"` + 16 hex digits of FNV-1a 64 over the UTF-8 of
///    `normalised link + "\n" + normalised title + "\n" + first enclosure URL`, where the link is trimmed with
///    its scheme and host lower-cased, the title (as the feed gives it, before ``FeedItem/title`` turns it into
///    plain text) has its whitespace collapsed, the enclosure URL is trimmed, and missing parts are empty.
/// 3. When link, title and enclosure URL are all empty (notes, notification feeds), the hashed text goes on
///    with `"\n" + summary + "\n" + content + "\n" + date`: summary and content with their whitespace collapsed,
///    the date (published, else updated) as whole seconds since 1970 in decimal, missing parts empty. An item
///    with none of these either keeps the hash of three empty parts.
/// 4. A publisher id that several items of one document share, with different links or titles, is a
///    misconfigured feed, not one article: every one of those items (the first too, so that a new item at the
///    top does not shift the others) gets `id + "|"` + 16 hex digits of FNV-1a 64 over its normalised link, or
///    over `normalised link + "\n" + title` (``FeedItem/title``, plain text) when another item with that id
///    has the same link, and for an untitled item (a note) over `normalised link + "\n\n" + summary + "\n" +
///    content`, whitespace collapsed. Items equal in id, link and title (and, untitled, in text) stay
///    duplicates and keep the plain id.
/// 5. Rule 4 reads one document, so one article's id depends on which items share its publisher id at that
///    fetch: the plain id when it is alone, the id told apart by link when others share it, by link and title
///    when one of them has its link too. ``forms(of:)`` gives the forms it does not have now, so that a store
///    which keeps articles by id finds one stored under another form instead of storing it again.
///
/// Dates take part only under rule 3, so a re-dated item keeps its id; a changed title or link yields a new
/// one, which is the best that can be done for feeds without ids. Nothing depends on the order of items, so
/// a re-fetch gives the same ids whatever the feed put first.
public enum ItemIdentity {
    /// The computed id for an item without a publisher id (rules 2 and 3).
    public static func hashID(
        link: String?, title: String?, enclosureURL: String?, summary: String? = nil, contentHTML: String? = nil,
        date: Date? = nil
    ) -> String {
        var hasher = FNV1a64()
        let link = normalizedLink(link ?? ""), title = normalizedTitle(title ?? "")
        let enclosure = (enclosureURL ?? "").trimmingASCIIWhitespace()
        hasher.combine(utf8Of: link)
        hasher.combine(byte: 0x0A)
        hasher.combine(utf8Of: title)
        hasher.combine(byte: 0x0A)
        hasher.combine(utf8Of: enclosure)
        if link.isEmpty, title.isEmpty, enclosure.isEmpty {
            let summary = normalizedTitle(summary ?? ""), content = normalizedTitle(contentHTML ?? "")
            let seconds = date.map { String(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? ""
            if !(summary.isEmpty && content.isEmpty && seconds.isEmpty) {
                for part in [summary, content, seconds] {
                    hasher.combine(byte: 0x0A)
                    hasher.combine(utf8Of: part)
                }
            }
        }
        return "hash:" + hasher.hex
    }

    /// The id of an item whose publisher id other items of the document share (rule 4); `sharesLink` says
    /// whether one of them has this item's link too.
    static func repeatedID(_ id: String, of item: FeedItem, sharesLink: Bool) -> String {
        var hasher = FNV1a64()
        hasher.combine(utf8Of: normalizedLink(item.link ?? ""))
        if sharesLink {
            hasher.combine(byte: 0x0A)
            hasher.combine(utf8Of: distinction(of: item))
        }
        return id + "|" + hasher.hex
    }

    /// What tells apart items of one link under rule 4: the title, or for an untitled item its text.
    static func distinction(of item: FeedItem) -> String {
        let title = item.title ?? ""
        guard title.isEmpty else { return title }
        return "\n" + normalizedTitle(item.summary ?? "") + "\n" + normalizedTitle(item.contentHTML ?? "")
    }

    /// Trims and lower-cases scheme and host (`HTTP://Example.COM/Path` → `http://example.com/Path`): two links
    /// the identity rule takes for the same.
    public static func normalizedLink(_ link: String) -> String {
        let trimmed = link.trimmingASCIIWhitespace()
        if let ascii = ASCIIText.normalizedLink(trimmed) { return ascii }
        guard let schemeEnd = trimmed.firstRange(of: "://") else { return trimmed }
        let afterScheme = trimmed[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        return trimmed[..<schemeEnd.upperBound].lowercased() + afterScheme[..<hostEnd].lowercased()
            + afterScheme[hostEnd...]
    }

    /// Collapses runs of whitespace to one space and trims (titles, and the summary and content of rule 3).
    static func normalizedTitle(_ title: String) -> String {
        ASCIIText.collapsingWhitespace(title) ?? collapsingCharacterWhitespace(title)
    }

    /// `title.split(whereSeparator: \.isWhitespace).joined(separator: " ")` in one pass, without asking
    /// Unicode's tables about characters that start with an ASCII scalar (rule 3 runs it over whole articles).
    private static func collapsingCharacterWhitespace(_ title: String) -> String {
        var out = ""
        out.reserveCapacity(title.utf8.count)
        var pending = false
        for character in title {
            let first = character.unicodeScalars.first!.value
            // Character.isWhitespace is the White_Space property of the first scalar: 09–0D and 20 in ASCII.
            let isSpace = first < 0x80 ? first == 0x20 || (first >= 0x09 && first <= 0x0D) : character.isWhitespace
            if isSpace {
                pending = !out.isEmpty
            } else {
                if pending { out.append(" ") }
                pending = false
                out.append(character)
            }
        }
        return out
    }
}
