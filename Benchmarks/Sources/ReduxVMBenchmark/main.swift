#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ReduxVM

// Prints, for each scenario, the engine's time per action, the bare loop's (the same mutation and the same
// subscriber work on one serial queue, no engine) and their ratio: median and range over interleaved rounds,
// in wall time and in the process's CPU time.
// Usage: reduxvm-bench [actions per run, default 200000] [rounds, default 5] [scenarios, e.g. "bd"]
//                      [strategies: replay (default), cow, both]
// With REDUXVM_BENCH_ONLY=engine (or bare), only that side runs (the other's figures are zero): for profiling
// one side with `perf record`.

let arguments = Array(CommandLine.arguments.dropFirst())
let actions = arguments.first.flatMap(Int.init) ?? 200_000
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 5
let selected = arguments.dropFirst(2).first.map { Set($0.map(String.init)) }
let scenarios = Scenario.allCases.filter { selected?.contains($0.rawValue) ?? true }
let strategies: [(name: String, strategy: SnapshotStrategy)] =
    switch arguments.dropFirst(3).first ?? "replay" {
    case "cow": [("copy-on-write", .copyOnWrite)]
    case "both": [("replay", .replayOnSpareCopy), ("copy-on-write", .copyOnWrite)]
    default: [("replay", .replayOnSpareCopy)]
    }

let only = getenv("REDUXVM_BENCH_ONLY").map { String(cString: $0) }
let skipped = Timing(wall: .zero, cpu: .zero)

let floor = getenv("REDUXVM_BENCH_FLOOR").map { String(cString: $0) }
func runFloor(_ scenario: Scenario) async throws -> Timing {
    if floor == "record", scenario == .counterSubscribers { return try await scenario.runRecordLoop(actions: actions) }
    return try await scenario.runBareLoop(actions: actions)
}

struct Line: Hashable {
    let scenario: Scenario
    let strategy: String
}

var wall: [Line: Samples] = [:]
var cpu: [Line: Samples] = [:]
for round in 0..<rounds {
    for scenario in scenarios {
        for (name, strategy) in strategies {
            // Alternate which side runs first, so that neither always meets a warmer or colder machine.
            let engine: Timing
            let bareLoop: Timing
            if round % 2 == 0 {
                engine = only == "bare" ? skipped : try await scenario.runEngine(actions: actions, strategy: strategy)
                bareLoop = only == "engine" ? skipped : try await runFloor(scenario)
            } else {
                bareLoop = only == "engine" ? skipped : try await runFloor(scenario)
                engine = only == "bare" ? skipped : try await scenario.runEngine(actions: actions, strategy: strategy)
            }
            let line = Line(scenario: scenario, strategy: name)
            wall[line, default: Samples()].add(
                engine: nanosecondsPerAction(engine.wall, actions: actions),
                bareLoop: nanosecondsPerAction(bareLoop.wall, actions: actions))
            cpu[line, default: Samples()].add(
                engine: nanosecondsPerAction(engine.cpu, actions: actions),
                bareLoop: nanosecondsPerAction(bareLoop.cpu, actions: actions))
        }
    }
}

print("ReduxVM engine benchmark: \(actions) actions per run, \(rounds) interleaved rounds; median [min–max]")
for (kind, samples) in [("wall", wall), ("CPU", cpu)] {
    print(
        "\n" + "\(kind) time".padded(66) + "strategy".padded(15) + "ReduxVM ns/action".padded(22)
            + "bare loop ns/action".padded(22) + "ReduxVM / bare loop")
    for scenario in scenarios {
        for (name, _) in strategies {
            guard let line = samples[Line(scenario: scenario, strategy: name)] else { continue }
            print(
                scenario.title.padded(66) + name.padded(15) + summary(line.engine, digits: 0).padded(22)
                    + summary(line.bareLoop, digits: 0).padded(22) + summary(line.ratios, digits: 2))
        }
    }
}
