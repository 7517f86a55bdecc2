import Foundation
@_spi(Serve) import RssCore
import ServeCore

/// The library as Fever apps see it at one moment (``/ServeCore/LibraryDirectory``, adapted): feeds by their sources'
/// numbers and groups by their tags', and the untagged sources in a group of their own, since every feed must be
/// in a listed group (Read You crashes on a feed in none, and deletes feeds that are in none).
struct FeverDirectory: Sendable {
    /// The untagged sources' group: a number no tag will reach (tags are numbered from 1, one at a time) and
    /// that every app can hold (at most 2^31−1: Read You and Readrops read ids into 32 bits). The name is
    /// FreshRSS's for its category of feeds filed nowhere.
    static let uncategorized = (id: Int(Int32.max), title: "Uncategorized")

    let library: LibraryDirectory
    /// The feed numbers of each group that has any.
    private let members: [Int: [Int]]

    init(library: LibraryDirectory) {
        self.library = library
        var members: [Int: [Int]] = [:]
        for source in library.sources {
            for group in Self.groups(of: source, in: library) {
                members[group, default: []].append(library.number(of: source.id) ?? 0)
            }
        }
        self.members = members
    }

    /// The sources, in display order.
    var sources: [Source] { library.sources }

    /// The source numbered `number`.
    func source(numbered number: Int64) -> Source? { library.source(numbered: number) }

    /// The tag numbered `number`.
    func tag(numbered number: Int64) -> String? { library.tag(numbered: number)?.name }

    /// The numbers of the groups `source` is in: its tags', else the untagged group's.
    func groups(of source: Source) -> [Int] { Self.groups(of: source, in: library) }

    private static func groups(of source: Source, in library: LibraryDirectory) -> [Int] {
        let numbers = source.tags.compactMap { library.tag(named: $0)?.number }
        return numbers.isEmpty ? [uncategorized.id] : numbers
    }

    /// Every group: each tag (a tag kept without sources too), then the untagged group when a source is in it.
    var groups: [Fever.Group] {
        var groups = library.tags.map { Fever.Group(id: $0.number, title: $0.name) }
        if members[Self.uncategorized.id] != nil {
            groups.append(Fever.Group(id: Self.uncategorized.id, title: Self.uncategorized.title))
        }
        return groups
    }

    /// The feeds of each group that has any, in the order of ``groups``.
    var feedsGroups: [Fever.FeedsGroup] {
        groups.compactMap { group in
            members[group.id].map {
                Fever.FeedsGroup(group_id: group.id, feed_ids: $0.map(String.init).joined(separator: ","))
            }
        }
    }

    /// The sources of group `number`: nil for Kindling (0, every source), none for Sparks (-1) and unknown
    /// groups.
    func sources(inGroup number: Int64) -> Set<UUID>? {
        if number == 0 { return nil }
        return Set(sources.filter { source in groups(of: source).contains { Int64($0) == number } }.map(\.id))
    }

    /// `source` as a Fever feed.
    func feed(_ source: Source) -> Fever.Feed {
        let title = source.title.trimmingCharacters(in: .whitespacesAndNewlines)
        return Fever.Feed(
            id: library.number(of: source.id) ?? 0, favicon_id: 0,
            // Readrops refuses an empty title.
            title: title.isEmpty ? (source.url.host ?? source.url.absoluteString) : source.title,
            url: source.url.absoluteString, site_url: (source.siteLink ?? source.url).absoluteString, is_spark: 0,
            last_updated_on_time: source.status.lastSuccess.map(FeverNumber.seconds) ?? 0)
    }

    /// `article` as a Fever item; nil when its source has no number (it was removed this instant), since
    /// Fluent Reader fails on an item of a feed it was not given.
    func item(_ article: ArticleSnapshot) -> Fever.Item? {
        guard let feed = library.number(of: article.sourceID) else { return nil }
        let title = article.title.trimmingCharacters(in: .whitespacesAndNewlines)
        return Fever.Item(
            id: article.number, feed_id: feed,
            // Readrops refuses an empty title.
            title: title.isEmpty ? (article.link?.absoluteString ?? Self.untitled) : article.title,
            author: article.author ?? "", html: article.body?.html ?? "", url: article.link?.absoluteString ?? "",
            is_saved: article.isStarred ? 1 : 0, is_read: article.isRead ? 1 : 0,
            created_on_time: FeverNumber.seconds(article.date))
    }

    /// The title of an item that has neither a title nor a link.
    static let untitled = "(untitled)"
}
