/// The figures of one benchmark line over all rounds, for one kind of time: each round's engine time,
/// bare-loop time and their ratio.
struct Samples {
    var engine: [Double] = []
    var bareLoop: [Double] = []
    var ratios: [Double] = []

    /// Adds one round, the times in nanoseconds per action.
    mutating func add(engine: Double, bareLoop: Double) {
        self.engine.append(engine)
        self.bareLoop.append(bareLoop)
        ratios.append(engine / bareLoop)
    }
}

/// Nanoseconds per action of a run of `actions` actions.
func nanosecondsPerAction(_ duration: Duration, actions: Int) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e9 + Double(attoseconds) * 1e-9) / Double(actions)
}

/// "median [min–max]" with `digits` decimals.
func summary(_ values: [Double], digits: Int) -> String {
    let sorted = values.sorted()
    let median =
        sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    return "\(fixed(median, digits)) [\(fixed(sorted[0], digits))–\(fixed(sorted[sorted.count - 1], digits))]"
}

func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
