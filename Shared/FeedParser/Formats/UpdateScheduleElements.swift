/// What a feed says about how often it changes: RSS `<ttl>` (minutes) and the Syndication module's
/// `sy:updatePeriod` and `sy:updateFrequency`. A value that cannot be read is a warning, never a failure.
enum UpdateScheduleElements {
    /// RSS `<ttl>`: a positive whole number of minutes.
    static func ttl(_ e: Int, _ ctx: inout MappingContext) -> Int? {
        positiveInteger(e, &ctx, field: "ttl")
    }

    /// Applies one `sy:` child of a channel or feed; returns whether it was recognised.
    static func applySyndication(_ e: Int, _ ctx: inout MappingContext, _ feed: inout FeedDraft) -> Bool {
        switch ctx.doc[e].lname {
        case "updateperiod":
            guard let raw = ctx.text(e) else { return true }
            if let period = UpdatePeriod(rawValue: raw.lowercased()) {
                feed.updatePeriod.offer(period, rank: 0)
            } else {
                ctx.warn("sy:updatePeriod", raw, "not hourly, daily, weekly, monthly or yearly")
            }
        case "updatefrequency":
            feed.updateFrequency.offer(positiveInteger(e, &ctx, field: "sy:updateFrequency"), rank: 0)
        default:
            return false
        }
        return true
    }

    /// The element's text as a whole number above zero; anything else (a fraction, a negative, a number too
    /// large to hold) is left out with a warning.
    private static func positiveInteger(_ e: Int, _ ctx: inout MappingContext, field: String) -> Int? {
        guard let raw = ctx.text(e) else { return nil }
        guard let value = Int(raw), value > 0 else {
            ctx.warn(field, raw, "not a positive whole number")
            return nil
        }
        return value
    }
}
