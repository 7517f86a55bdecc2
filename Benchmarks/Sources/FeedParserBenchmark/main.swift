// feedparser-bench: MB/s of FeedParser over the real-world test feeds, side by side with Foundation's XMLParser
// with an empty delegate (tokenising only, the floor of any XMLParser-based parser) and Debian's sfeed (C), on
// the same bytes, in interleaved rounds; prints the median and the range (min-max) of each.
//
//   swift run -c release --package-path Benchmarks feedparser-bench [fixtures-dir] [rounds] [only]
//
// FeedParser and XMLParser read each XML file as its own document (a document ends at its root's end tag, so
// neither could read the files concatenated: both would stop after the first feed). sfeed reads one feed on
// standard input and does not stop at a root's end, so it reads the same files concatenated in name order into
// one stream (`cat` of the 27 files, written to a temporary file) in one process per round; it prints one line
// per item of every feed, which the benchmark checks. Its figure is given twice: with the time to start the
// process, and without it (the median time of sfeed on empty input subtracted).
// `only` (feedparser, xmlparser, sfeed, json) runs one contender alone, for a profiler.
import FeedParser
import Foundation
import FoundationXML

let arguments = CommandLine.arguments
let here = URL(fileURLWithPath: #filePath)
let defaultDir = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/FeedParserTests/Fixtures/realworld/netnewswire")
let directory = arguments.count > 1 && !arguments[1].isEmpty ? URL(fileURLWithPath: arguments[1]) : defaultDir
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
let only = arguments.count > 3 ? arguments[3] : nil

let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
let files = try names.map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) }
let xmlFiles = files.filter { !$0.0.hasSuffix(".json") }.map(\.1)
let jsonFiles = files.filter { $0.0.hasSuffix(".json") }.map(\.1)
let xmlBytes = xmlFiles.reduce(0) { $0 + $1.count }
let jsonBytes = jsonFiles.reduce(0) { $0 + $1.count }

/// An XMLParser delegate that does nothing: the cost of tokenising alone.
final class EmptyDelegate: NSObject, XMLParserDelegate {}

let parser = FeedParser()
var itemCount = 0
for data in xmlFiles { itemCount += (try? parser.parse(data))?.items.count ?? 0 }

var contenders: [String: Contender] = [:]
contenders["feedparser"] = Contender(label: "FeedParser, each XML file (full model)", bytes: xmlBytes) {
    timed { for data in xmlFiles { _ = try? parser.parse(data) } }
}
contenders["xmlparser"] = Contender(label: "XMLParser, empty delegate, each file", bytes: xmlBytes) {
    timed {
        for data in xmlFiles {
            // XMLParser refuses leading whitespace before <?xml; trim it as a real user would (a copy at most).
            let skip = data.firstIndex { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } ?? data.startIndex
            let xml = XMLParser(data: skip == data.startIndex ? data : data.subdata(in: skip..<data.endIndex))
            let delegate = EmptyDelegate()
            xml.delegate = delegate
            _ = xml.parse()
        }
    }
}
contenders["json"] = Contender(label: "FeedParser, each JSON Feed file (full model)", bytes: jsonBytes) {
    timed { for data in jsonFiles { _ = try? parser.parse(data) } }
}

var sfeedStartup: [PassTime] = []
let work = FileManager.default.temporaryDirectory.appendingPathComponent("feedparser-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }  // a leftover temporary folder is harmless
if let executable = SfeedRun.locate() {
    let stream = work.appendingPathComponent("stream.xml"), tsv = work.appendingPathComponent("items.tsv")
    try xmlFiles.reduce(Data(), +).write(to: stream)
    let sfeed = SfeedRun(executable: executable, input: stream.path)
    _ = try sfeed.run(output: tsv.path)
    let lines = try Data(contentsOf: tsv).count { $0 == 0x0A }
    guard lines == itemCount else {
        fatalError("sfeed printed \(lines) items from the stream, FeedParser found \(itemCount) in the files")
    }
    contenders["sfeed"] = Contender(label: "sfeed (C), the files as one stream on stdin", bytes: xmlBytes) {
        do throws(SfeedFailure) {
            sfeedStartup.append(try sfeed.startup())
            return try sfeed.run()
        } catch {
            fatalError("sfeed failed: status \(error.status)")
        }
    }
} else {
    print("sfeed not found (apt-get install -y sfeed): its line is left out")
}

let order: [String] = ["feedparser", "xmlparser", "sfeed", "json"].filter { only == nil || $0 == only }
let running: [Contender] = order.compactMap { (key: String) in contenders[key] }
print(String(format: "feedparser-bench: %d XML files (%.2f MB, %d items), %d JSON files (%.2f MB), %d rounds",
             xmlFiles.count, Double(xmlBytes) / 1e6, itemCount, jsonFiles.count, Double(jsonBytes) / 1e6, rounds))
print("  MB/s by CPU time, median (min-max); wall-clock median last")
let times = Dictionary(uniqueKeysWithValues: zip(running.map { $0.label }, interleaved(running, rounds: rounds)))

/// MB/s of `c`'s passes, by CPU or by wall time, less `overhead` seconds per pass.
func rates(_ c: Contender, wall: Bool = false, overhead: Double = 0) -> [Double] {
    (times[c.label] ?? []).map { Double(c.bytes) / 1e6 / ((wall ? $0.wall : $0.cpu) - overhead) }
}

func line(_ label: String, _ cpu: [Double], _ wall: [Double]) {
    print("  " + label.padding(toLength: 46, withPad: " ", startingAt: 0) + Summary(cpu).text("MB/s")
          + String(format: "   wall %6.1f MB/s", Summary(wall).median))
}

for c in running { line(c.label, rates(c), rates(c, wall: true)) }
if let sfeed = contenders["sfeed"], times[sfeed.label] != nil {
    let cpu = Summary(sfeedStartup.map(\.cpu)).median, wall = Summary(sfeedStartup.map(\.wall)).median
    line("sfeed, less its start on empty input", rates(sfeed, overhead: cpu), rates(sfeed, wall: true, overhead: wall))
    print(String(format: "    (sfeed start: %.2f ms CPU, %.2f ms wall)", cpu * 1000, wall * 1000))
}

/// Per-round ratios of two contenders' CPU rates (the same round's figures, so load hits both alike).
@MainActor func ratio(_ a: String, _ b: String) -> Summary? {
    guard let x = contenders[a], let y = contenders[b], times[x.label] != nil, times[y.label] != nil else { return nil }
    return Summary(zip(rates(x), rates(y)).map { $0 / $1 })
}
if let r = ratio("feedparser", "xmlparser") {
    print("  FeedParser / XMLParser-empty  " + r.ratioText() + "   (goal ≥ 1.3 and ≥ 250 MB/s)")
}
if let r = ratio("feedparser", "sfeed") { print("  FeedParser / sfeed (its start included)  " + r.ratioText()) }
