import Foundation

extension HTTPFetchConfiguration {
    /// The configuration of the process's shared fetcher: the defaults, except that in a debug build
    /// end-to-end tests may shorten the total timeout with `RSS_TEST_FETCH_TIMEOUT` (seconds, up to the
    /// default), so that a server that never finishes costs them seconds, not the default half minute. Release
    /// builds have no hook, as with `StorageFaults`.
    static func shared(environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var configuration = HTTPFetchConfiguration()
        #if DEBUG
            if let text = environment["RSS_TEST_FETCH_TIMEOUT"], let seconds = Double(text), seconds > 0,
                seconds < configuration.totalTimeout.seconds
            {
                configuration.totalTimeout = .milliseconds(Int(seconds * 1000))
            }
        #endif
        return configuration
    }
}
