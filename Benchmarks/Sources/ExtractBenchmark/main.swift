// extract-bench: ArticleExtractor over page directories (each with a source.html), for
// Benchmarks/extract-quality.sh and Benchmarks/extract-hostile.sh.
//
//   extract-bench [--out DIR] [--rounds N] [--url URL] PAGE_DIR...
//
// For each page it writes the extracted text to DIR/NAME.txt (empty when the extractor found no article) and
// prints one line: the page's name, the in-process milliseconds of its extraction (the median of N rounds, the
// process start and the file read excluded), and "ok" or the problem. The page's address is
// http://fakehost/test/page.html, as Mozilla Readability's test harness gives its pages, unless --url says.
import ArticleExtractor
import Foundation

var outputDirectory: URL?
var rounds = 1
var pageURL = URL(string: "http://fakehost/test/page.html")!
var pages: [URL] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--out": outputDirectory = arguments.popFirst().map { URL(fileURLWithPath: $0) }
    case "--rounds": rounds = arguments.popFirst().flatMap(Int.init) ?? 1
    case "--url": pageURL = arguments.popFirst().flatMap(URL.init(string:)) ?? pageURL
    default: pages.append(URL(fileURLWithPath: argument))
    }
}
guard !pages.isEmpty else {
    FileHandle.standardError.write(Data("usage: extract-bench [--out DIR] [--rounds N] [--url URL] PAGE_DIR...\n".utf8))
    exit(2)
}
if let outputDirectory {
    try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
}

let extractor = ArticleExtractor()
for page in pages {
    let name = page.lastPathComponent
    guard let source = try? Data(contentsOf: page.appendingPathComponent("source.html")) else {
        print("\(name)\t0\tunreadable")
        continue
    }
    var times: [Double] = []
    var outcome: Result<ExtractedArticle, ExtractionProblem> = .failure(.noContent)
    for _ in 0..<max(1, rounds) {
        let started = ContinuousClock.now
        outcome = Result { () throws(ExtractionProblem) in try extractor.extract(html: source, url: pageURL) }
        let elapsed = ContinuousClock.now - started
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    times.sort()
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
    print("\(name)\t\(String(format: "%.3f", median))\t\(status)")
}
