/// Preferences that persist in the database and that `set KEY VALUE` changes.
public struct Settings: Sendable, Equatable, Codable {
    /// Seconds between timed refreshes; nil turns the timer off.
    public internal(set) var refreshInterval: Int? = 3_600
    /// Rows per list page.
    public internal(set) var pageSize = 20
    /// Articles older than this many days are deleted (starred ones are kept); nil keeps them.
    public internal(set) var retentionDays: Int? = nil
    /// Only this many of each source's newest articles are kept (starred ones too); nil keeps them all.
    public internal(set) var retentionPerSource: Int? = nil
    /// Whether a story that several sources carry (the same link, or the same title and text within days) is
    /// shown once: lists of several sources, searches, queries and totals show and count it once, with the
    /// other sources beside it, and a mark on one copy marks every copy. Off, every copy shows as its own
    /// article, as before. Copies are linked when they are stored either way.
    public internal(set) var showsStoriesOnce = true

    /// The defaults: hourly refresh, 20 rows a page, nothing deleted, each story shown once.
    init() {}

    /// The longest refresh interval accepted: 30 days (longer ones would overflow the timer's clock).
    public static let longestRefreshInterval = 30 * 86_400
}

/// A setting a front can change, with its value.
public enum SettingChange: Sendable, Equatable, Hashable, Codable {
    /// Seconds between timed refreshes (60 to 30 days); nil turns the timer off.
    case refreshInterval(Int?)
    /// Rows per list page (1 to 500).
    case pageSize(Int)
    /// Keep articles this many days (1 to 36,500); nil keeps them.
    case retentionDays(Int?)
    /// Keep this many articles per source (1 to 1,000,000); nil keeps them all.
    case retentionPerSource(Int?)
    /// Show each story once (see ``Settings/showsStoriesOnce``), or every copy.
    case showsStoriesOnce(Bool)
}

extension Settings {
    private enum CodingKeys: String, CodingKey {
        case refreshInterval, pageSize, retentionDays, retentionPerSource, showsStoriesOnce
    }

    /// Reads settings as journals hold them; journals from before stories show each story once, the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        refreshInterval = try container.decodeIfPresent(Int.self, forKey: .refreshInterval)
        pageSize = try container.decode(Int.self, forKey: .pageSize)
        retentionDays = try container.decodeIfPresent(Int.self, forKey: .retentionDays)
        retentionPerSource = try container.decodeIfPresent(Int.self, forKey: .retentionPerSource)
        showsStoriesOnce = try container.decodeIfPresent(Bool.self, forKey: .showsStoriesOnce) ?? true
    }
}
