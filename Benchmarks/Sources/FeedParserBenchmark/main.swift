// feedparser-bench: MB/s of FeedParser over the real-world test feeds, next to Foundation's XMLParser with an
// empty delegate over the same XML files in the same run (the floor any XMLParser-based parser pays).
//
//   swift run -c release --package-path Benchmarks feedparser-bench [fixtures-dir] [rounds]
import FeedParser
import Foundation
import FoundationXML

let arguments = CommandLine.arguments
let here = URL(fileURLWithPath: #filePath)
let defaultDir = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/FeedParserTests/Fixtures/realworld/netnewswire")
let directory = arguments.count > 1 ? URL(fileURLWithPath: arguments[1]) : defaultDir
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20

let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
let files = try names.map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) }
let xmlFiles = files.filter { !$0.0.hasSuffix(".json") }
let jsonFiles = files.filter { $0.0.hasSuffix(".json") }

/// An XMLParser delegate that does nothing: the cost of tokenising alone.
final class EmptyDelegate: NSObject, XMLParserDelegate {}

func megabytes(_ set: [(String, Data)]) -> Double { Double(set.reduce(0) { $0 + $1.1.count }) / 1_000_000 }

/// Best time of `rounds` passes over `set`, in seconds.
func bestTime(_ set: [(String, Data)], _ body: (Data) -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for (_, data) in set { body(data) }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Runs the bodies in alternation, round after round, so that load from other processes hits both alike.
func measure(_ cases: [(label: String, set: [(String, Data)], body: (Data) -> Void)]) -> [Double] {
    for c in cases { _ = bestTime(c.set, c.body) }  // warm up
    var best = [Double](repeating: .infinity, count: cases.count)
    for _ in 0..<rounds {
        for (k, c) in cases.enumerated() { best[k] = min(best[k], bestTime(c.set, c.body)) }
    }
    return cases.enumerated().map { k, c in
        let rate = megabytes(c.set) / best[k]
        print("  " + c.label.padding(toLength: 44, withPad: " ", startingAt: 0)
              + String(format: "%8.1f MB/s   (%.2f ms per pass)", rate, best[k] * 1000))
        return rate
    }
}

let parser = FeedParser()
print("feedparser-bench: \(xmlFiles.count) XML files (\(String(format: "%.2f", megabytes(xmlFiles))) MB), "
      + "\(jsonFiles.count) JSON files (\(String(format: "%.2f", megabytes(jsonFiles))) MB), best of \(rounds) rounds")
let rates = measure([
    ("FeedParser, XML feeds (full model)", xmlFiles, { data in _ = try? parser.parse(data) }),
    ("XMLParser, empty delegate, same files", xmlFiles, { data in
        // XMLParser refuses leading whitespace before <?xml; trim it as a real user would (a memcpy at most).
        let skip = data.firstIndex { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } ?? data.startIndex
        let xml = XMLParser(data: skip == data.startIndex ? data : data.subdata(in: skip..<data.endIndex))
        let delegate = EmptyDelegate()
        xml.delegate = delegate
        _ = xml.parse()
    }),
    ("FeedParser, JSON feeds (full model)", jsonFiles, { data in _ = try? parser.parse(data) }),
])
let (ours, baseline) = (rates[0], rates[1])
print(String(format: "  ratio FeedParser / empty XMLParser: %.2f  (goal ≥ 0.5; absolute goal ≥ 25 MB/s)", ours / baseline))
