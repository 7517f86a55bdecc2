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

    /// The defaults: hourly refresh, 20 rows a page, nothing deleted.
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
}
