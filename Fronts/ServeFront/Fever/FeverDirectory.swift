import Foundation
import RssCore

/// The library as Fever apps see it at one moment: feeds by their sources' numbers and groups by their tags'
/// (``/RssCore/LibraryNumbers``, the same in every run and never given again), and the untagged sources in a
/// group of their own, since every feed must be in a listed group (Read You crashes on a feed in none, and
/// deletes feeds that are in none).
struct FeverDirectory: Sendable {
    /// The untagged sources' group: a number no tag will reach (tags are numbered from 1, one at a time) and
    /// that every app can hold (at most 2^31−1: Read You and Readrops read ids into 32 bits). The name is
    /// FreshRSS's for its category of feeds filed nowhere.
    static let uncategorized = (id: Int(Int32.max), title: "Uncategorized")

    /// The sources that have a number, in display order (one added this instant may not have one yet).
    let sources: [Source]
    private let sourceNumbers: [UUID: Int]
    private let sourcesByNumber: [Int: Source]
    /// The tags with their numbers, in name order.
    private let tags: [LibraryNumbers.Tag]
    private let tagNumbers: [String: Int]
    /// The feed numbers of each group that has any.
    private let members: [Int: [Int]]

    init(sources: [Source], numbers: LibraryNumbers) {
        let numbered = sources.filter { numbers.sources[$0.id] != nil }
        self.sources = numbered
        sourceNumbers = numbers.sources
        sourcesByNumber = Dictionary(
            numbered.map { (numbers.sources[$0.id] ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
        tags = numbers.tags
        let tagNumbers = Dictionary(numbers.tags.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
        self.tagNumbers = tagNumbers
        var members: [Int: [Int]] = [:]
        for source in numbered {
            for group in Self.groups(of: source, tagNumbers: tagNumbers) {
                members[group, default: []].append(numbers.sources[source.id] ?? 0)
            }
        }
        self.members = members
    }

    /// The source numbered `number`.
    func source(numbered number: Int64) -> Source? {
        Int(exactly: number).flatMap { sourcesByNumber[$0] }
    }

    /// The tag numbered `number`.
    func tag(numbered number: Int64) -> String? {
        tags.first { Int64($0.number) == number }?.name
    }

    /// The numbers of the groups `source` is in: its tags', else the untagged group's.
    func groups(of source: Source) -> [Int] { Self.groups(of: source, tagNumbers: tagNumbers) }

    private static func groups(of source: Source, tagNumbers: [String: Int]) -> [Int] {
        let numbers = source.tags.compactMap { tagNumbers[$0] }
        return numbers.isEmpty ? [uncategorized.id] : numbers
    }

    /// Every group: each tag (a tag kept without sources too), then the untagged group when a source is in it.
    var groups: [Fever.Group] {
        var groups = tags.map { Fever.Group(id: $0.number, title: $0.name) }
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
            id: sourceNumbers[source.id] ?? 0, favicon_id: 0,
            // Readrops refuses an empty title.
            title: title.isEmpty ? (source.url.host ?? source.url.absoluteString) : source.title,
            url: source.url.absoluteString, site_url: (source.siteLink ?? source.url).absoluteString, is_spark: 0,
            last_updated_on_time: source.status.lastSuccess.map(FeverNumber.seconds) ?? 0)
    }

    /// `article` as a Fever item; nil when its source has no number (it was removed this instant), since
    /// Fluent Reader fails on an item of a feed it was not given.
    func item(_ article: ArticleSnapshot) -> Fever.Item? {
        guard let feed = sourceNumbers[article.sourceID] else { return nil }
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
