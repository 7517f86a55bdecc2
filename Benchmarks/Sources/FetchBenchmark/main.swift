// fetch-bench: a cold refresh of 500 feeds from loopback servers with about 20 ms latency, then a refresh where
// every feed answers 304, timed in wall and CPU time. The servers run in a child process.
//
//     swift run -c release --package-path Benchmarks fetch-bench [--feeds 500] [--items 20] [--latency-ms 20]
//         [--latency-304-ms 20] [--hosts 10] [--concurrency 8] [--per-host 2] [--no-parse]
import Foundation

let options = BenchOptions(CommandLine.arguments.dropFirst())
if options.serve {
    try await FeedServer.serve(options)
} else {
    try await FetchBench.run(options)
}
