import Foundation
import Logging

/// Logs every fetch of the fetcher it wraps: the address asked for (debug), and how it ended with the time
/// it took (info; a failure at warning). Addresses are logged without their credentials.
struct LoggingFetcher: FeedFetcher {
    let wrapped: any FeedFetcher
    let logger: Logger

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let address = CredentialRedaction.redact(request.url)
        logger.debug("fetching \(address)", metadata: ["conditional": "\(request.etag != nil || request.lastModified != nil)"])
        let started = ContinuousClock.now
        do {
            let response = try await wrapped.fetch(request)
            let elapsed = "\(ContinuousClock.now - started)"
            switch response {
            case .notModified:
                logger.info("not modified: \(address)", metadata: ["elapsed": "\(elapsed)"])
            case .fetched(let feed):
                logger.info(
                    "fetched \(address): \(feed.data.count) bytes",
                    metadata: ["elapsed": "\(elapsed)", "contentType": "\(feed.contentType ?? "-")"])
            }
            return response
        } catch {
            if error.isCancellation {
                logger.debug("cancelled: \(address)")
            } else {
                logger.warning("fetch failed: \(address): \(CredentialRedaction.redact(String(describing: error)))")
            }
            throw error
        }
    }
}
