import Foundation

/// Another build's `rsscore-bench` (a baseline: main's code, say) against this one, in one run: each round runs
/// both, in alternating order, each in a child process on its own database of the same articles (each build
/// reads the schema it writes), then one table shows both medians with their ranges and the ratio.
///
/// Measured: the reader (`measure`, one run a round) on `database`/`baselineDatabase`, and, when
/// `coldRefreshBases` are given, a cold refresh's storage (`cold-refresh-measure`) into copies of them.
enum Comparison {
    struct Build {
        let name: String
        let executable: String
        let database: String
        let coldRefreshBase: String?
    }

    static func run(builds: [Build], articles: Int, sources: Int, rounds: Int, feeds: Int, items: Int) throws {
        var series: [[String: Series]] = builds.map { _ in [:] }
        var names: [String] = []
        for round in 0..<rounds {
            let order = round % 2 == 0 ? Array(builds.indices) : builds.indices.reversed()
            for index in order {
                let build = builds[index]
                var output = try runChild(
                    ["measure", build.database, String(articles), String(sources), "1"], executable: build.executable)
                if let base = build.coldRefreshBase {
                    output += try runChild(
                        ["cold-refresh-measure", base, String(feeds), String(items), String(round)],
                        executable: build.executable)
                }
                for one in output.split(separator: "\n").compactMap(Series.init(record:)) {
                    if !names.contains(one.name) { names.append(one.name) }
                    series[index][one.name, default: Series(one.name, unit: one.unit)].values += one.values
                }
            }
        }
        print("Comparison: \(articles) articles, \(rounds) interleaved rounds, median (range min–max); ratio = \(builds.last?.name ?? "") / \(builds.first?.name ?? "")")
        for build in builds { print("  \(build.name): \(build.executable) on \(build.database)") }
        let header = ["".padding(toLength: 52, withPad: " ", startingAt: 0)]
            + builds.map { $0.name.padding(toLength: 26, withPad: " ", startingAt: 0) } + ["ratio"]
        print(header.joined(separator: " "))
        for name in names {
            let found = series.map { $0[name] }
            var cells = [name.padding(toLength: 52, withPad: " ", startingAt: 0)]
            for one in found {
                let cell = one.map { String(format: "%.1f %@ (%@)", $0.median, $0.unit, $0.range) } ?? "-"
                cells.append(cell.padding(toLength: 26, withPad: " ", startingAt: 0))
            }
            if let first = found.first??.median, let last = found.last??.median {
                cells.append(String(format: "×%.2f", last / first))
            }
            print(cells.joined(separator: " "))
        }
    }
}
