import Foundation
import RssCore
import ServeCore

/// What the Nextcloud News API needs of the library beyond what the other APIs use.
extension ServeLibrary {
    /// The articles of `source` that `references` name, each by its guid's hash or its guid (see
    /// ``GuidHash/match(raw:guid:)``; a reference that names an item exactly names no other): how v1-2
    /// clients star items. Every article of the source is read, without its text, since RssCore keeps no hash
    /// to look one up by.
    func articles(of source: UUID, guids references: [String]) async throws -> [ArticleSnapshot] {
        guard !references.isEmpty else { return [] }
        // Hashes in a set, since RSS Guard stars many at once; one may also be a guid of 32 hex digits (some
        // feeds' guids are hashes), sent raw by newsboat 2.21.
        let hashes = Set(references.filter(GuidHash.isHash).map { $0.lowercased() })
        let others = references.filter { !GuidHash.isHash($0) }
        let articles = try await articles(ArticleQuery(sourceIDs: [source]))
        var named = articles.filter { hashes.contains(GuidHash.of($0.itemID)) || hashes.contains($0.itemID.lowercased()) }
        for reference in others {
            let matches = articles.compactMap { article in
                GuidHash.match(raw: reference, guid: article.itemID).map { (article, $0) }
            }
            let best = matches.map(\.1).min()
            named += matches.filter { $0.1 == best }.map(\.0)
        }
        var seen = Set<UUID>()
        return named.filter { seen.insert($0.id).inserted }
    }

    /// Stops following `sources`, one after the other.
    func unsubscribe(_ sources: [UUID]) async {
        for source in sources { await unsubscribe(source) }
    }
}
