import Testing

/// Every end-to-end suite of rss-serve, one test at a time: each starts a server and real clients (newsboat,
/// Python), and running them all at once beside the rest of the test run crowded a two-core machine enough
/// to push unrelated tests past their time limits.
@Suite("rss-serve end to end", .serialized)
enum ServeEndToEnd {}
