// extract-bench: ArticleExtractor over page directories (each with a source.html), for
// Benchmarks/extract-quality.sh and Benchmarks/extract-hostile.sh.
//
//   extract-bench [--out DIR] [--dump DIR] [--rounds N] [--url URL] PAGE_DIR...
//
// For each page it writes the extracted text to DIR/NAME.txt (empty when the extractor found no article),
// with --dump the whole article (every field, the safe HTML included) to DIR/NAME.article, so that a change
// meant to make the extractor faster can be checked to change none of its outputs (diff -r two dumps), and
// prints one line: the page's name, the in-process wall-clock milliseconds of its extraction (the median of N
// rounds, the process start and the file read excluded), "ok" or the problem, and the CPU milliseconds of the
// process in the same round (both threads, the parser's included: on a loaded machine the wall clock also
// counts the waits for a core, the CPU time does not). The page's address is
// http://fakehost/test/page.html, as Mozilla Readability's test harness gives its pages, unless --url says.
import ArticleExtractor
import Foundation

var outputDirectory: URL?
var dumpDirectory: URL?
var rounds = 1
var pageURL = URL(string: "http://fakehost/test/page.html")!
var pages: [URL] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--out": outputDirectory = arguments.popFirst().map { URL(fileURLWithPath: $0) }
    case "--dump": dumpDirectory = arguments.popFirst().map { URL(fileURLWithPath: $0) }
    case "--rounds": rounds = arguments.popFirst().flatMap(Int.init) ?? 1
    case "--url": pageURL = arguments.popFirst().flatMap(URL.init(string:)) ?? pageURL
    default: pages.append(URL(fileURLWithPath: argument))
    }
}
guard !pages.isEmpty else {
    FileHandle.standardError.write(Data("usage: extract-bench [--out DIR] [--dump DIR] [--rounds N] [--url URL] PAGE_DIR...\n".utf8))
    exit(2)
}
for directory in [outputDirectory, dumpDirectory].compactMap(\.self) {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
}

let extractor = ArticleExtractor()
for page in pages {
    let name = page.lastPathComponent
    guard let source = try? Data(contentsOf: page.appendingPathComponent("source.html")) else {
        print("\(name)\t0\tunreadable")
        continue
    }
    var times: [(wall: Double, cpu: Double)] = []
    var outcome: Result<ExtractedArticle, ExtractionProblem> = .failure(.noContent)
    for _ in 0..<max(1, rounds) {
        let cpuStarted = processCPUMilliseconds()
        let started = ContinuousClock.now
        outcome = Result { () throws(ExtractionProblem) in try extractor.extract(html: source, url: pageURL) }
        let elapsed = ContinuousClock.now - started
        let cpu = processCPUMilliseconds() - cpuStarted
        times.append((Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15, cpu))
    }
    times.sort { $0.wall < $1.wall }
    let median = times[times.count / 2]
    let text: String
    let status: String
    switch outcome {
    case .success(let article):
        text = article.text
        status = "ok"
    case .failure(let problem):
        text = ""
        status = "\(problem)"
    }
    if let outputDirectory {
        try Data(text.utf8).write(to: outputDirectory.appendingPathComponent(name + ".txt"))
    }
    if let dumpDirectory {
        try Data(dump(outcome).utf8).write(to: dumpDirectory.appendingPathComponent(name + ".article"))
    }
    print("\(name)\t\(String(format: "%.3f", median.wall))\t\(status)\t\(String(format: "%.3f", median.cpu))")
}

/// The CPU time of the whole process so far, in milliseconds.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// Every field of an extraction's outcome, one after another, for comparing two builds' outputs.
func dump(_ outcome: Result<ExtractedArticle, ExtractionProblem>) -> String {
    switch outcome {
    case .failure(let problem):
        return "problem: \(problem)\n"
    case .success(let article):
        let fields: [(String, String)] = [
            ("title", article.title ?? "-"), ("author", article.author ?? "-"),
            ("published", article.published.map { "\($0.timeIntervalSince1970)" } ?? "-"),
            ("leadImage", article.leadImage?.absoluteString ?? "-"), ("siteName", article.siteName ?? "-"),
            ("excerpt", article.excerpt ?? "-"), ("language", article.language ?? "-"), ("charset", article.charset),
            ("contentHTML", article.contentHTML), ("text", article.text),
        ]
        return fields.map { "== \($0.0)\n\($0.1)\n" }.joined()
    }
}
