import Foundation

/// The report's order: by date (newest first, or oldest with `--oldest-first`), ties by source order, title,
/// link and id; with `--by-source`, by source order first.
///
/// The query reads articles in date order, ties in storage order, and the report streams them: so the
/// articles of one date are held back until an article of another date comes, then sorted among themselves
/// and let go. Only one date's articles are held at a time.
struct ReportOrder: Sendable {
    /// Each source's place in the sources' display order.
    let sourcePlaces: [UUID: Int]
    let oldestFirst: Bool
    let bySource: Bool
    /// The articles of the latest date read, not let go yet.
    private var sameDate: [ReportItem] = []

    init(sources: [UUID], oldestFirst: Bool, bySource: Bool) {
        sourcePlaces = Dictionary(sources.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.oldestFirst = oldestFirst
        self.bySource = bySource
    }

    /// Takes the next `items` (in date order) and returns those whose place is now known, in order.
    mutating func add(_ items: [ReportItem]) -> [ReportItem] {
        var ready: [ReportItem] = []
        for item in items {
            if let date = sameDate.first?.date, date != item.date { ready += releaseSameDate() }
            sameDate.append(item)
        }
        return ready
    }

    /// The articles still held, in order: call once every article has been added.
    mutating func finish() -> [ReportItem] {
        releaseSameDate()
    }

    private mutating func releaseSameDate() -> [ReportItem] {
        let group = sameDate.sorted(by: areInIncreasingOrder)
        sameDate.removeAll(keepingCapacity: true)
        return group
    }

    /// Whether `a` comes before `b` in the report.
    func areInIncreasingOrder(_ a: ReportItem, _ b: ReportItem) -> Bool {
        if bySource, a.sourceID != b.sourceID { return place(a) < place(b) }
        if a.date != b.date { return oldestFirst ? a.date < b.date : a.date > b.date }
        if a.sourceID != b.sourceID { return place(a) < place(b) }
        if a.title != b.title { return a.title < b.title }
        if a.link != b.link { return a.link < b.link }
        return a.id.uuidString < b.id.uuidString
    }

    private func place(_ item: ReportItem) -> Int {
        sourcePlaces[item.sourceID, default: 0]
    }
}
