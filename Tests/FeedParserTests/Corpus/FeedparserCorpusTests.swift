import FeedParser
import Foundation
import Testing

/// feedparser's own test corpus (BSD-2-Clause, github.com/kurtmckee/feedparser): every file parses without a
/// crash, and every expectation about a field our model has is checked.
@Suite("feedparser corpus")
struct FeedparserCorpusTests {
    struct Outcome {
        var file: String
        var folder: String
        var checked: Bool
        var passed: Bool
        var detail: String
    }

    static func run() throws -> [Outcome] {
        let rows = try Fixtures.jsonLines("feedparser/expectations-clauses.jsonl")
        var outcomes: [Outcome] = []
        for row in rows {
            let file = row["file"] as! String
            let folder = row["folder"] as! String
            let clauses = row["clauses"] as? [[String: Any]] ?? []
            let headers = row["headers"] as? [String: String] ?? [:]
            let contentType = headers.first { $0.key.lowercased() == "content-type" }?.value
            // The harness served these over HTTP; Content-Location, when sent, names the document's own URL.
            let isHTTP = file.contains("/http/") || file.split(separator: "/").last!.hasPrefix("http_")
            var url = isHTTP ? URL(string: "http://127.0.0.1:8097/" + file) : nil
            if let location = headers.first(where: { $0.key.lowercased() == "content-location" })?.value,
               !location.lowercased().hasPrefix("javascript:") {
                url = URL(string: location, relativeTo: url)?.absoluteURL
            }
            let data = try Fixtures.data("feedparser/" + file)
            let feed: ParsedFeed
            do {
                feed = try FeedParser().parse(data, contentType: contentType ?? (isHTTP ? "text/xml" : nil), url: url)
            } catch {
                let checkable = clauses.contains { if case .value = ExpectationProbe.probe(emptyFeed, $0["path"] as! [Any]) { true } else { false } }
                outcomes.append(Outcome(file: file, folder: folder, checked: checkable, passed: false,
                                        detail: "error: \(error)"))
                continue
            }
            var checked = false, passed = true
            var detail = ""
            for clause in clauses {
                guard case .value(let actual) = ExpectationProbe.probe(feed, clause["path"] as! [Any]) else { continue }
                checked = true
                let op = clause["op"] as! String
                let expected = clause["value"] ?? NSNull()
                if !ExpectationCheck.matches(op: op, expected: expected, actual: actual) {
                    passed = false
                    detail += "\(clause["path"]!) \(op) \(expected) but got \(String(describing: actual)); "
                }
            }
            outcomes.append(Outcome(file: file, folder: folder, checked: checked, passed: checked && passed,
                                    detail: detail))
        }
        return outcomes
    }

    static let emptyFeed = ParsedFeed(format: .rss20)

    @Test("every file parses and ≥95% of checked expectations pass")
    func corpus() throws {
        let outcomes = try Self.run()
        var byFolder: [String: (checked: Int, passed: Int, files: Int)] = [:]
        for o in outcomes {
            var entry = byFolder[o.folder] ?? (0, 0, 0)
            entry.files += 1
            if o.checked { entry.checked += 1 }
            if o.passed { entry.passed += 1 }
            byFolder[o.folder] = entry
        }
        print("feedparser corpus: folder                      files checked passed")
        for (folder, e) in byFolder.sorted(by: { $0.key < $1.key }) {
            print("  " + folder.padding(toLength: 42, withPad: " ", startingAt: 0)
                  + "\(e.files)".leftPad(6) + "\(e.checked)".leftPad(8) + "\(e.passed)".leftPad(7))
        }
        let checked = outcomes.filter(\.checked).count
        let passed = outcomes.filter(\.passed).count
        let rate = Double(passed) / Double(max(checked, 1))
        print("  total: \(outcomes.count) files, \(checked) checked, \(passed) passed, "
              + String(format: "%.1f%%", rate * 100))
        let misses = outcomes.filter { $0.checked && !$0.passed }
        let known = Fixtures.knownMisses
        for miss in misses {
            if ProcessInfo.processInfo.environment["FEEDPARSER_VERBOSE"] != nil || !known.contains(miss.file) {
                print("  MISS \(miss.file): \(miss.detail)")
            }
        }
        #expect(rate >= 0.95)
        let unlisted = misses.map(\.file).filter { !known.contains($0) }
        #expect(unlisted.isEmpty, "misses not listed in KNOWN_MISSES.md: \(unlisted)")
    }
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
