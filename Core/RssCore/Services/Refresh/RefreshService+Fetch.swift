import FeedParser
import Foundation

extension RefreshService {
    /// Fetches, parses and merges one source; every failure ends up in the outcome's status, none is thrown.
    ///
    /// Nothing is written once the task is cancelled: a cancelled refresh leaves the source as it was.
    func refresh(_ source: Source) async -> FetchOutcome? {
        let startedAt = now()
        if let notBefore = source.status.nextAttemptAfter, notBefore > startedAt {
            return FetchOutcome(status: source.status, skippedUntil: notBefore)
        }
        do {
            guard let stored = try database.source(id: source.id) else { return nil }
            let request = FetchRequest(
                url: source.url, etag: stored.fetchStatus.etag, lastModified: stored.fetchStatus.lastModified)
            let response: FetchResponse
            do {
                response = try await fetcher.fetch(request)
            } catch {
                if error.isCancellation { return nil }
                return try recordFailure(error, for: stored)
            }
            if Task.isCancelled { return nil }
            switch response {
            case .notModified:
                var status = stored.fetchStatus
                status.lastSuccessAt = now()
                status.lastError = nil
                status.nextAttemptAt = nil
                try database.saveFetchStatus(status, sourceID: source.id)
                return FetchOutcome(status: FetchStatus(stored: status))
            case .fetched(let fetched):
                return try store(fetched, for: stored)
            }
        } catch {
            return FetchOutcome(
                status: FetchStatus(
                    lastSuccess: source.status.lastSuccess,
                    lastError: FetchError(stage: .fetch, message: "cannot store: \(error)")))
        }
    }

    private func store(_ fetched: FetchedFeed, for stored: StoredSource) throws(StorageError) -> FetchOutcome? {
        let feedURL = fetched.permanentlyMovedTo ?? URL(string: stored.url)
        let parsed: ParsedFeed
        do {
            parsed = try parser.parse(fetched.data, contentType: fetched.contentType, url: feedURL)
        } catch {
            return try recordFailure(FetchError(stage: .parse, message: error.description), for: stored)
        }
        if Task.isCancelled { return nil }
        let date = now()
        let status = StoredFetchStatus(
            etag: fetched.etag, lastModified: fetched.lastModified, lastSuccessAt: date, lastError: nil,
            nextAttemptAt: nil)
        let merged = try database.mergeFetchedItems(
            parsed.items.map(FetchedItem.init), sourceID: stored.id, status: status, now: date)
        var updated = stored
        let title = parsed.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if !title.isEmpty { updated.title = title }
        if let siteLink = parsed.siteLink { updated.siteLink = siteLink }
        if let moved = fetched.permanentlyMovedTo { updated.url = moved.absoluteString }
        updated.fetchStatus = status
        if updated != stored { try database.saveSource(updated) }
        return FetchOutcome(
            status: FetchStatus(stored: status), newArticles: merged.inserted,
            feedTitle: title.isEmpty ? nil : title, siteLink: parsed.siteLink.flatMap(URL.init(string:)),
            movedTo: fetched.permanentlyMovedTo)
    }

    private func recordFailure(_ error: FetchError, for stored: StoredSource) throws(StorageError) -> FetchOutcome? {
        if Task.isCancelled { return nil }
        var status = stored.fetchStatus
        status.lastError = error.stored(at: now())
        status.nextAttemptAt = error.retryAfter
        try database.saveFetchStatus(status, sourceID: stored.id)
        return FetchOutcome(status: FetchStatus(stored: status))
    }
}
