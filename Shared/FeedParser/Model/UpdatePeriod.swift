/// The period of the RSS Syndication module's `sy:updatePeriod`: the span over which `sy:updateFrequency`
/// updates happen.
public enum UpdatePeriod: String, Sendable, Hashable, Codable, CaseIterable {
    /// An hour.
    case hourly
    /// A day (the module's default when the element is missing).
    case daily
    /// A week.
    case weekly
    /// A month, counted as 30 days.
    case monthly
    /// A year, counted as 365 days.
    case yearly

    /// The period's length in seconds.
    public var seconds: Double {
        switch self {
        case .hourly: 3_600
        case .daily: 86_400
        case .weekly: 7 * 86_400
        case .monthly: 30 * 86_400
        case .yearly: 365 * 86_400
        }
    }
}

extension ParsedFeed {
    /// How often the feed says it is updated, by the Syndication module, in seconds: `sy:updatePeriod`
    /// divided by `sy:updateFrequency` (a missing period is daily and a missing frequency 1, as the module
    /// says); nil when the feed has neither element.
    public var syndicationInterval: Double? {
        guard updatePeriod != nil || updateFrequency != nil else { return nil }
        return (updatePeriod ?? .daily).seconds / Double(max(1, updateFrequency ?? 1))
    }
}
