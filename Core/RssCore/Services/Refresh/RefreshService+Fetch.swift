import FeedParser
import Foundation

extension RefreshService {
    /// Fetches, parses and merges one source; every failure ends up in the outcome, none is thrown.
    ///
    /// Nothing is written once the task is cancelled: a cancelled refresh leaves the source as it was. Nil
    /// means nothing was written (cancelled, or the source was removed meanwhile).
    func refresh(_ source: Source) async -> FetchOutcome? {
        let startedAt = now()
        do throws(DatabaseProblem) {
            // The fetch state is read now, from the database: another process may have fetched the source,
            // or recorded a Retry-After, since this store last looked.
            guard let stored = try database.source(id: source.id) else { return nil }
            if let notBefore = stored.fetchStatus.nextAttemptAt, notBefore > startedAt {
                return FetchOutcome(status: FetchStatus(stored: stored.fetchStatus), skippedUntil: notBefore)
            }
            let request = FetchRequest(
                url: source.url, etag: stored.fetchStatus.etag, lastModified: stored.fetchStatus.lastModified)
            let response: FetchResponse
            do {
                response = try await fetchAdmitted(request)
            } catch {
                if error.isCancellation { return nil }
                return try await recordFailure(error, for: stored)
            }
            if Task.isCancelled { return nil }
            switch response {
            case .notModified:
                var status = stored.fetchStatus
                status.lastSuccessAt = now()
                status.lastError = nil
                status.nextAttemptAt = nil
                guard try await database.saveFetchStatusGrouped(status, sourceID: source.id) else { return nil }
                return FetchOutcome(status: FetchStatus(stored: status), wasNotModified: true)
            case .fetched(let fetched):
                defer { storingBudget.release(host: nil, units: fetched.data.count) }
                return try await store(fetched, for: stored)
            }
        } catch {
            return FetchOutcome(status: source.status, storageProblem: error)
        }
    }

    /// Fetches `request` in one of the ``fetchSlots``, which a fetched body keeps until the
    /// ``storingBudget`` admits it: the caller releases its bytes there once the body is stored.
    private func fetchAdmitted(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let host = request.url.politenessKey
        try await fetchSlots.acquire(host: host)
        defer { fetchSlots.release(host: host) }
        let response = try await fetcher.fetch(request)
        if case .fetched(let fetched) = response {
            try await storingBudget.acquire(host: nil, units: fetched.data.count)
        }
        return response
    }

    private func store(_ fetched: FetchedFeed, for stored: StoredSource) async throws(DatabaseProblem) -> FetchOutcome? {
        let feedURL = fetched.permanentlyMovedTo ?? URL(string: stored.url)
        let parser = self.parser
        let limit = maximumBodyBytes
        // The parser's items are dropped once converted: only the items to merge are kept while the merge
        // waits for the database (a feed's items were held twice).
        let outcome = await ParsingQueue.run { () -> Result<(title: String?, siteLink: String?, items: [FetchedItem]), FetchError> in
            do throws(FetchError) {
                let body = try Self.inflatingUnlabelledGzip(fetched.data, limit: limit)
                do throws(FeedParseError) {
                    let parsed = try parser.parse(body, contentType: fetched.contentType, url: feedURL)
                    return .success((parsed.title, parsed.siteLink, parsed.items.map(FetchedItem.init)))
                } catch {
                    throw .parse(error)
                }
            } catch {
                return .failure(error)
            }
        }
        let parsed: (title: String?, siteLink: String?, items: [FetchedItem])
        switch outcome {
        case .success(let result): parsed = result
        case .failure(let error): return try await recordFailure(error, for: stored)
        }
        if Task.isCancelled { return nil }
        let date = now()
        let status = StoredFetchStatus(
            etag: fetched.etag, lastModified: fetched.lastModified, lastSuccessAt: date, lastError: nil,
            nextAttemptAt: nil)
        let title = parsed.title?.withoutNUL.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let siteLink = parsed.siteLink?.withoutNUL
        let details = FeedDetails(
            title: title.isEmpty || title == stored.title ? nil : title,
            siteLink: siteLink == stored.siteLink ? nil : siteLink,
            url: fetched.permanentlyMovedTo?.absoluteString)
        guard
            let merged = try await database.mergeFetchedItemsGrouped(
                parsed.items, sourceID: stored.id, status: status, now: date, details: details)
        else { return nil }
        return FetchOutcome(
            status: FetchStatus(stored: status), newArticles: merged.inserted,
            feedTitle: title.isEmpty ? nil : title, siteLink: siteLink.flatMap(URL.init(string:)),
            movedTo: merged.moved ? fetched.permanentlyMovedTo : nil)
    }

    /// `body`, decompressed when it is gzip that nobody said was (a server that gzips without
    /// `Content-Encoding`, a feed file saved compressed).
    static func inflatingUnlabelledGzip(_ body: Data, limit: Int) throws(FetchError) -> Data {
        do throws(UnlabelledGzip.Failure) {
            return try UnlabelledGzip.decompress(body, limit: limit) ?? body
        } catch .tooLarge(let limit) {
            throw .tooLarge(limit: limit)
        } catch {
            throw .connection(.corruptCompression)
        }
    }

    private func recordFailure(_ error: FetchError, for stored: StoredSource) async throws(DatabaseProblem) -> FetchOutcome? {
        if Task.isCancelled { return nil }
        var status = stored.fetchStatus
        status.lastError = StoredFetchFailure(error: error, at: now())
        status.nextAttemptAt = error.retryAfter
        guard try await database.saveFetchStatusGrouped(status, sourceID: stored.id) else { return nil }
        return FetchOutcome(status: FetchStatus(stored: status))
    }
}
