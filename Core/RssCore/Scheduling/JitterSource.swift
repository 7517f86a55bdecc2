import Synchronization

/// Where back-off jitter comes from: the system's random numbers in a program, a seeded sequence in tests,
/// so that a test knows exactly which waits it gets.
struct JitterSource: Sendable {
    private let draw: @Sendable () -> Double

    /// A source drawing from `draw`, which returns numbers from 0 up to 1.
    init(_ draw: @escaping @Sendable () -> Double) {
        self.draw = draw
    }

    /// The next number, from 0 up to 1.
    func next() -> Double { draw() }

    /// The system's random numbers.
    static let system = JitterSource { Double.random(in: 0..<1) }

    /// The same sequence for the same `seed`.
    static func seeded(_ seed: UInt64) -> JitterSource {
        let generator = Mutex(SplitMix64(seed: seed))
        return JitterSource { generator.withLock { Double.random(in: 0..<1, using: &$0) } }
    }
}
