/// The forms one article's id takes under rule 4 of ``ItemIdentity``, whichever items share its publisher id.
extension ItemIdentity {
    /// The three ids one article with a publisher id can have in the documents of its feed, depending on which
    /// other items shared that id when each was fetched.
    ///
    /// A feed that lists an article alone under guid `same`, then beside a second item with that guid, gives it
    /// the id `same`, then `same|` + the hash of its link: a store keeping articles by id would store it twice.
    /// So a store that does not know an item's ``FeedItem/id`` looks up the other forms, and takes an article
    /// found under one of them for this item when that article has the item's link (normalised, see
    /// ``ItemIdentity``) and, when the item's own id is ``byLinkAndTitle``, its title too: the plain publisher
    /// id names whichever article was alone, and the form told apart by link does not tell apart articles of
    /// one link. Items whose id is the plain publisher id are looked up under the other forms too when the
    /// article stored under it has another link: that one may be an article the feed once listed beside it.
    public struct Forms: Sendable, Hashable {
        /// The publisher's id: the article's id when no other item of its document has it.
        public var publisherID: String
        /// The id told apart by link: when other items of its document have its publisher id, none its link.
        public var byLink: String
        /// The id told apart by link and title (by text, untitled): when another item of its document has its
        /// publisher id and its link.
        public var byLinkAndTitle: String

        /// Makes a value; ``ItemIdentity/forms(of:)`` computes the real ones.
        public init(publisherID: String, byLink: String, byLinkAndTitle: String) {
            self.publisherID = publisherID
            self.byLink = byLink
            self.byLinkAndTitle = byLinkAndTitle
        }

        /// The forms other than `id`, in the order to try them: the plain publisher id (how most articles were
        /// stored), then the forms told apart by link, and by link and title.
        public func others(than id: String) -> [String] {
            [publisherID, byLink, byLinkAndTitle].filter { $0 != id }
        }
    }

    /// The forms of `item`'s id; nil for a hashed id, which rule 4 never changes.
    public static func forms(of item: FeedItem) -> Forms? {
        guard item.idKind != .hash else { return nil }
        let publisherID = item.sharedID ?? item.id
        return Forms(
            publisherID: publisherID, byLink: repeatedID(publisherID, of: item, sharesLink: false),
            byLinkAndTitle: repeatedID(publisherID, of: item, sharesLink: true))
    }
}
