import ServeCore

/// What a Fever request says, read from its parameters (``FeverParameters``): the key, what to read, which
/// items, and a mark.
///
/// `api` itself is not needed (Readrops never sends it); `api`, `api=` and `api=json` are the same, and
/// `api=xml` is answered in JSON too, as Miniflux and FreshRSS answer it (no app in use asks for XML).
struct FeverRequest: Equatable, Sendable {
    /// `api_key`; nil when not sent (Unread's first request, a probe).
    var apiKey: String?
    /// What to read.
    var reads: Set<FeverRead>
    /// Which items, when ``reads`` has ``FeverRead/items``.
    var items: FeverItemSelection
    /// The change asked for, if any.
    var mark: FeverMark?

    init(_ parameters: FeverParameters) {
        apiKey = parameters["api_key"].flatMap { $0.isEmpty ? nil : $0 }
        reads = Set(FeverRead.allCases.filter { parameters.has($0.rawValue) })
        items = FeverItemSelection(parameters)
        mark = FeverMark(parameters)
    }
}
