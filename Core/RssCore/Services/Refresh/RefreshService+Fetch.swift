import FeedParser
import Foundation

extension RefreshService {
    /// Fetches, parses and merges one source; every failure ends up in the outcome, none is thrown.
    ///
    /// The source's fetch state is read from the database first and `check`ed, so that another process's
    /// fetch, failure or `Retry-After` since this store last looked is honoured. Nothing is written once the
    /// task is cancelled: a cancelled refresh leaves the source as it was. Nil means nothing was written
    /// (cancelled, or the source was removed meanwhile). `showingStoriesOnce` is the setting: a new copy of a
    /// story then takes the story's marks.
    func refresh(_ source: Source, check: FetchCheck, showingStoriesOnce: Bool = false) async -> FetchOutcome? {
        let startedAt = now()
        do throws(DatabaseProblem) {
            guard let stored = try database.source(id: source.id) else { return nil }
            if let skip = check.skip(stored, at: startedAt) {
                return FetchOutcome(
                    status: FetchStatus(stored: stored.fetchStatus), skippedUntil: skip.until, skipReason: skip.reason)
            }
            let request = FetchRequest(
                url: source.url, etag: stored.fetchStatus.etag, lastModified: stored.fetchStatus.lastModified,
                policy: stored.addressPolicy)
            let answer: FeedAnswer
            if let hub {
                // Shared with the other libraries of the process that follow the same address: one fetch and one
                // parse for all, within what this refresh accepts as recent enough.
                let since = check.sharedSince ?? Self.reuseWindowStart(for: check, stored: stored, at: startedAt)
                answer = await hub.answer(to: request, reusingSince: since, at: startedAt) { request in
                    await self.fetchAndParse(request, feedURL: URL(string: stored.url), keepingAdmission: false)
                }
                if case .parsed(let feed) = answer {
                    do {
                        try await storingBudget.acquire(host: nil, units: feed.bytes)
                    } catch {
                        return nil  // cancelled while waiting: nothing written
                    }
                }
            } else {
                answer = await fetchAndParse(request, feedURL: URL(string: stored.url), keepingAdmission: true)
            }
            if Task.isCancelled {
                if case .parsed(let feed) = answer { storingBudget.release(host: nil, units: feed.bytes) }
                return nil
            }
            switch answer {
            case .cancelled:
                return nil
            case .failed(let error):
                return try await recordFailure(error, for: stored, check: check)
            case .notModified(let freshFor, let movedTo):
                return try await storeNotModified(for: stored, freshFor: freshFor, movedTo: movedTo)
            case .parsed(let feed):
                defer { storingBudget.release(host: nil, units: feed.bytes) }
                return try await merge(feed, for: stored, showingStoriesOnce: showingStoriesOnce)
            }
        } catch {
            // Counted as an attempt, so that the timer does not take the source again at once.
            var status = source.status
            status.lastAttempt = now()
            return FetchOutcome(status: status, storageProblem: error)
        }
    }

    /// Since when a fetch another library made serves this one, when the refresh is not a shared one: a
    /// scheduled fetch, or a new source's first, takes one made within the minimum interval (the server is asked
    /// no sooner than that anyway); a fetch someone asked for takes none made before it was asked.
    static func reuseWindowStart(for check: FetchCheck, stored: StoredSource, at date: Date) -> Date {
        check.onlyIfDue || stored.fetchStatus.isNeverFetched ? date.addingTimeInterval(-check.minimum) : date
    }

    /// Fetches `request` and parses what came, every failure in the answer. `keepingAdmission`: the fetched
    /// bytes stay admitted to ``storingBudget`` for the caller to merge and release (else they are released once
    /// parsed, and each library that merges the shared result admits them on its own).
    func fetchAndParse(_ request: FetchRequest, feedURL: URL?, keepingAdmission: Bool) async -> FeedAnswer {
        let response: FetchResponse
        do {
            response = try await fetchAdmitted(request)
        } catch {
            return error.isCancellation ? .cancelled : .failed(error)
        }
        switch response {
        case .notModified(let freshFor, let movedTo):
            return .notModified(freshFor: freshFor, movedTo: movedTo)
        case .fetched(let fetched):
            let parsed = await parse(fetched, feedURL: fetched.permanentlyMovedTo ?? feedURL)
            if !keepingAdmission || parsed.isFailure { storingBudget.release(host: nil, units: fetched.data.count) }
            switch parsed {
            case .success(let feed): return .parsed(feed)
            case .failure(let error): return .failed(error)
            }
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

    /// The feed in `fetched`, parsed off the store's executor (``ParsingQueue``), with what the next fetch sends
    /// back; relative links resolve against `feedURL`.
    private func parse(_ fetched: FetchedFeed, feedURL: URL?) async -> Result<ParsedFeedResult, FetchError> {
        let parser = self.parser
        let limit = maximumBodyBytes
        // The parser's items are dropped once converted: only the items to merge are kept while the merge
        // waits for the database (a feed's items were held twice).
        return await ParsingQueue.run { () -> Result<ParsedFeedResult, FetchError> in
            do throws(FetchError) {
                let body = try Self.inflatingUnlabelledGzip(fetched.data, limit: limit)
                do throws(FeedParseError) {
                    var parsed = try parser.parse(body, contentType: fetched.contentType, url: feedURL)
                    let items = parsed.items.map(FetchedItem.init)
                    parsed.items = []
                    return .success(ParsedFeedResult(feed: parsed, items: items, from: fetched))
                } catch {
                    throw .parse(error)
                }
            } catch {
                return .failure(error)
            }
        }
    }

    /// Stores a parsed feed into this library: its items merged (identity, stories, rules, full text, as
    /// ``FeedDatabase/mergeFetchedItemsGrouped(_:sourceID:status:now:details:showingStoriesOnce:)`` does), the
    /// source's status and validators, a title or site link that changed, a move taken.
    private func merge(
        _ fetched: ParsedFeedResult, for stored: StoredSource, showingStoriesOnce: Bool
    ) async throws(DatabaseProblem) -> FetchOutcome? {
        if Task.isCancelled { return nil }
        let parsed = fetched.feed
        let date = now()
        let move = MoveDecision(stored, redirectedTo: fetched.permanentlyMovedTo)
        var status = stored.fetchStatus.succeeded(at: date)
        status.etag = fetched.etag
        status.lastModified = fetched.lastModified
        status.pendingMoveURL = move.pending
        status.hints = RefreshHints(
            ttl: parsed.ttl.map { Double($0) * 60 }, updatePeriod: parsed.syndicationInterval,
            serverFreshness: fetched.freshFor)
        let title = parsed.title?.withoutNUL.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let siteLink = parsed.siteLink?.withoutNUL
        let icon = FeedIcon.address(parsed.iconURL, feed: stored.url)
        let details = FeedDetails(
            title: title.isEmpty || title == stored.title ? nil : title,
            siteLink: siteLink == stored.siteLink ? nil : siteLink, url: move.take?.absoluteString,
            iconURL: icon == stored.iconURL ? nil : icon)
        guard
            let merged = try await database.mergeFetchedItemsGrouped(
                fetched.items, sourceID: stored.id, status: status, now: date, details: details,
                showingStoriesOnce: showingStoriesOnce)
        else { return nil }
        return FetchOutcome(
            status: FetchStatus(stored: status), newArticles: merged.visible, newUnread: merged.unread,
            newStarred: merged.starred, newDuplicates: merged.duplicates.isZero ? nil : merged.duplicates,
            feedTitle: title.isEmpty ? nil : title, siteLink: siteLink.flatMap(URL.init(string:)),
            iconURL: icon.flatMap(URL.init(string:)),
            movedTo: merged.moved ? move.take : nil)
    }

    /// A 304: the feed is as it was; the server's freshness (kept from before when it says none) and a
    /// permanent redirect count as for a full answer.
    private func storeNotModified(
        for stored: StoredSource, freshFor: TimeInterval?, movedTo: URL?
    ) async throws(DatabaseProblem) -> FetchOutcome? {
        let date = now()
        let move = MoveDecision(stored, redirectedTo: movedTo)
        var status = stored.fetchStatus.succeeded(at: date)
        status.pendingMoveURL = move.pending
        status.hints.serverFreshness = freshFor ?? status.hints.serverFreshness
        var moved = false
        if let take = move.take {
            // The merge of no items stores the status and takes the new address in one transaction.
            guard
                let merged = try await database.mergeFetchedItemsGrouped(
                    [], sourceID: stored.id, status: status, now: date, details: FeedDetails(url: take.absoluteString))
            else { return nil }
            moved = merged.moved
        } else {
            guard try await database.saveFetchStatusGrouped(status, sourceID: stored.id) else { return nil }
        }
        return FetchOutcome(status: FetchStatus(stored: status), movedTo: moved ? move.take : nil, wasNotModified: true)
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

    /// Records a failure: one more in a row, a back-off (jittered, from the interval up to a day) before the
    /// next scheduled fetch, the server's `Retry-After`; a feed gone for good (410) disables its source.
    private func recordFailure(
        _ error: FetchError, for stored: StoredSource, check: FetchCheck
    ) async throws(DatabaseProblem) -> FetchOutcome? {
        if Task.isCancelled { return nil }
        let date = now()
        var status = stored.fetchStatus
        status.lastError = StoredFetchFailure(error: error, at: date)
        status.nextAttemptAt = error.retryAfter
        status.failureCount += 1
        let (interval, _) = SchedulePolicy.interval(
            ScheduleInputs(stored), userInterval: check.userInterval, minimum: check.minimum)
        let wait = Backoff.delay(failures: status.failureCount, interval: interval, random: jitter.next())
        status.backoffUntil = date.addingTimeInterval(wait)
        let isGone = error.httpStatus == 410
        guard try await database.saveFailureGrouped(status, sourceID: stored.id, disabling: isGone) else { return nil }
        return FetchOutcome(status: FetchStatus(stored: status), isGone: isGone ? true : nil)
    }
}

/// What a permanent redirect does to a source's address: taken when the fetch before was redirected to the
/// same place (two fetches in a row), else remembered for the next fetch; no redirect forgets it.
struct MoveDecision: Equatable {
    /// The address to take now.
    var take: URL?
    /// The address to remember.
    var pending: String?

    init(_ stored: StoredSource, redirectedTo target: URL?) {
        guard let target, target.absoluteString != stored.url else { return }
        if stored.fetchStatus.pendingMoveURL == target.absoluteString {
            take = target
        } else {
            pending = target.absoluteString
        }
    }
}
