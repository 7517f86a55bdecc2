// Only links that resolve: the check must pass on this file alone.

/// Counts turns of a ``Widget`` (see ``Widget/turn()`` and ``Widget/Gear/teeth``).
struct TurnCounter {
    /// The turns so far; ``count(_:)`` adds to it.
    private(set) var total = 0

    /// Adds the turns of `widget` (its ``Widget/speed``) to ``total``.
    mutating func count(_ widget: Widget) { total += widget.speed }
}
