import ReduxVM

// Prints actions per second for each scenario, under both snapshot strategies, median and best of several
// runs. Usage: reduxvm-bench [actions per run, default 200000] [runs, default 5] [scenarios, e.g. "bd"]

let arguments = CommandLine.arguments.dropFirst()
let actions = arguments.first.flatMap(Int.init) ?? 200_000
let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 5
let selected = arguments.dropFirst(2).first.map { Set($0.map(String.init)) }
let scenarios = Scenario.allCases.filter { selected?.contains($0.rawValue) ?? true }
let strategies: [(String, SnapshotStrategy)] = [("replay", .replayOnSpareCopy), ("copy-on-write", .copyOnWrite)]

func perSecond(_ duration: Duration) -> Double {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    return Double(actions) / seconds
}

func format(_ rate: Double) -> String {
    let millions = (rate / 10_000).rounded() / 100
    return "\(millions) M/s"
}

print("ReduxVM engine benchmark: \(actions) actions per run, \(runs) runs, median (best)")
for scenario in scenarios {
    for (name, strategy) in strategies {
        var rates: [Double] = []
        for _ in 0..<runs {
            rates.append(perSecond(try await scenario.run(actions: actions, strategy: strategy)))
        }
        rates.sort()
        let median = rates[rates.count / 2]
        let padded = scenario.title.padding(toLength: 66, withPad: " ", startingAt: 0)
        let strategyName = name.padding(toLength: 14, withPad: " ", startingAt: 0)
        print("\(padded) \(strategyName) \(format(median)) (\(format(rates.last ?? 0)))")
    }
}
