/// Podcast durations as iTunes writes them: seconds (`3600`), `MM:SS` or `HH:MM:SS`.
enum Duration {
    static func seconds(_ raw: String) -> Double? {
        let parts = raw.trimmingASCIIWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for part in parts {
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            total = total * 60 + value
        }
        return total
    }
}
