import Foundation
import NIOHTTP1
import Testing
import RssCore

extension ServeApplicationsEndToEnd {
    /// The server against its own description, `docs/openapi.json` (OpenAPI 3.1), with schemathesis (PyPI):
    /// examples, boundary cases and fuzzed requests of every operation of both APIs, bounded in count and time,
    /// with a fixed seed and every case in the same order each run; no answer may be a 500, nor a status, a content type or a body the document does not
    /// describe (`Clients/schemathesis_run.py`).
    @Suite("OpenAPI", .timeLimit(.minutes(15)))
    struct OpenAPITests {
        @Test("every operation answers as docs/openapi.json describes it, and never with a server error")
        func conformance() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let token = try await ServeProcess.run(["token", "create", ServeProcess.user, "--accounts", server.accounts], directory: server.directory)
            let run = try await ClientScript.run(
                "schemathesis_run.py",
                [server.baseURL, ServeProcess.user, ServeProcess.password, token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)],
                in: server.directory,
                // Bounded for the suite: ten generated cases an operation, then 80 s of fuzzing in all (by hand,
                // the script's defaults run 25 and 130 s). The cases end by count, not time, so that a loaded
                // machine tests every operation too (under a time budget it once reached 38 of 57).
                environment: ["RSS_ST_MAX_EXAMPLES": "10", "RSS_ST_SECONDS": "80"])
            let report = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]  // nil: the whole output is shown
            // What failed first: the report's count of every status comes after, and would push it out.
            let tails = (report?["runs"] as? [String: [String: Any]] ?? [:]).compactMapValues { $0["output_tail"] }
            let failures = report.map { "failures: \($0["failures"] ?? []) errors: \($0["errors"] ?? []) output: \(tails)" }
            #expect(run.status == 0, "\(failures ?? String(run.stdout.suffix(4_000))) \(run.stderr.suffix(2_000))")
            #expect((report?["operations_tested"] as? Int ?? 0) >= 50, "\(report ?? [:])")
            #expect(await server.stop() == 0)
        }
    }
}
