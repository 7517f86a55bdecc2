import Testing

/// The end-to-end suites of rss-serve, one test at a time: each starts a server and real clients (newsboat,
/// Python), and running them all at once beside the rest of the test run crowded a two-core machine enough
/// to push unrelated tests past their time limits.
@Suite("rss-serve end to end", .serialized)
enum ServeEndToEnd {}

/// The two longest end-to-end runs of rss-serve (RSS Guard under Xvfb, schemathesis against the OpenAPI
/// document), each in a lane of its own beside ``ServeEndToEnd``: in one lane together they were the whole test
/// run's critical path (230 s of a 240 s run, with the machine's two cores partly idle for its last 90 s);
/// apart, at most three servers with their clients run at once.
@Suite("rss-serve end to end: whole applications")
enum ServeApplicationsEndToEnd {}
