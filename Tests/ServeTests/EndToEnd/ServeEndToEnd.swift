import Testing

/// The end-to-end suites of rss-serve, one test at a time: each starts a server and real clients (newsboat,
/// Python), and running them all at once beside the rest of the test run crowded a two-core machine enough
/// to push unrelated tests past their time limits.
@Suite("rss-serve end to end", .serialized)
enum ServeEndToEnd {}

/// The two longest end-to-end runs of rss-serve (RSS Guard under Xvfb, schemathesis against the OpenAPI
/// document), one at a time, in a lane of their own beside ``ServeEndToEnd``: together in one lane they made it
/// the whole test run's critical path (six minutes); in two, at most two servers with their clients run at once.
@Suite("rss-serve end to end: whole applications", .serialized)
enum ServeApplicationsEndToEnd {}
