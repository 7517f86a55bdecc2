import Foundation
@_spi(Benchmarks) import RssCore

// Rules at merge time (issue 16: applying 20 rules to 10,000 new articles takes under 1 s): one fetch of
// 10,000 new articles merged into a fresh database file with no rules, then with 20 (text, pattern, content,
// author, link, age, tag and source conditions; every action), in interleaved rounds. The merge with rules
// is what a refresh stores, rules included, in one transaction; the difference is what the rules cost.
// Usage: rules-bench [articles, default 10000] [rounds, default 7]

let arguments = CommandLine.arguments.dropFirst()
let articleCount = arguments.first.flatMap(Int.init) ?? 10_000
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 7

let texts: [(String, ArticleRule.Action)] = [
    ("title contains zeppelin", .hide), ("title contains quasar and title contains space", .delete),
    ("title contains obsidian", .star), ("title contains marmalade", .read),
    ("title contains \"kernel release\"", .read), ("title = \"swift\"", .delete),
    ("title contains garden and not title contains music", .hide), ("title contains climate or title contains energy", .read),
    (#"title ~ "^(swift|linux) \w+ (server|kernel)\b""#, .star), (#"title ~ "(market|science){2}""#, .hide),
    (#"title ~ "\bhistory\b.*\btravel\b""#, .read), (#"link ~ "src=[34]$""#, .read),
    ("author = \"Author 3\" and title contains health", .hide), ("author != \"Author 1\" and title contains thread", .read),
    ("link contains \"article/99\"", .star), ("content contains obsidian and content contains marmalade", .delete),
    ("content ~ \"quasar [a-z]+ zeppelin\"", .hide), ("age > 5d and title contains storage", .read),
    ("tag = news and title contains actor", .read), ("source contains bench and title contains index", .star),
]
let rules = try texts.enumerated().map { index, rule in
    ArticleRule(name: "rule\(index)", filter: try ArticleFilter(rule.0), action: rule.1)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

var plain: [Double] = []
var ruled: [Double] = []
var changes = 0
var visible = 0
for round in 0..<rounds {
    // Interleaved: each round merges without rules, then with them, each into a database of its own.
    let without = try BenchmarkSupport.mergeWithRules(
        at: folder.appendingPathComponent("plain-\(round).sqlite"), rules: [], articles: articleCount)
    let with = try BenchmarkSupport.mergeWithRules(
        at: folder.appendingPathComponent("rules-\(round).sqlite"), rules: rules, articles: articleCount)
    guard without.visible == articleCount, with.ruled > 0 else { fatalError("the rules changed nothing") }
    plain.append(without.seconds * 1_000)
    ruled.append(with.seconds * 1_000)
    changes = with.ruled
    visible = with.visible
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// One line: the median, then the range over the rounds (min–max).
func show(_ name: String, _ values: [Double], target: String) {
    let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    let range = String(format: "%.1f–%.1f", values.min() ?? .nan, values.max() ?? .nan)
    print("\(padded) \(String(format: "%8.1f", median(values))) ms   (target \(target))   range \(range)")
}

print("rules-bench: \(articleCount) new articles in one merge, \(rules.count) rules, \(rounds) interleaved rounds, median")
show("merge, no rules", plain, target: "-")
show("merge with \(rules.count) rules (insert, index, rules, commit)", ruled, target: "< 1000 ms")
show("the rules' share (with minus without, per round)", zip(ruled, plain).map { $0 - $1 }, target: "-")
print("the rules made \(changes) changes; \(visible) of \(articleCount) articles left visible")
