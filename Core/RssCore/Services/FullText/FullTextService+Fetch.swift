import ArticleExtractor
import Foundation

extension FullTextService {
    /// Fetches the pages of `request`'s articles, a few at a time, and reports each one's outcome to `report`
    /// as it ends; every article of a counted request gets one, so that nobody waits for ever.
    func fetch(_ request: FetchFullText, report: @escaping @Sendable (FullTextFetched) -> Void) async {
        let targets: [FullTextTarget]
        do throws(DatabaseProblem) {
            targets = try database.fullTextTargets(ids: request.articles)
        } catch {
            for article in request.articles {
                report(finished(article, .databaseFailed(error), request))
            }
            return
        }
        let found = Set(targets.map(\.id))
        for article in request.articles where !found.contains(article) {
            report(finished(article, .gone, request))
        }
        await withTaskGroup(of: Void.self) { group in
            for (index, target) in targets.enumerated() {
                if index >= Self.pagesAtOnce { _ = await group.next() }
                group.addTask {
                    let outcome = await self.page(of: target, for: request)
                    report(self.finished(target.id, outcome, request))
                }
            }
        }
    }

    private func finished(_ article: UUID, _ outcome: FullTextOutcome, _ request: FetchFullText) -> FullTextFetched {
        FullTextFetched(article: article, outcome: outcome, counted: request.isCounted, date: now())
    }

    /// Fetches, extracts and stores the page of `target`, as `request` asks; every failure ends in the outcome.
    func page(of target: FullTextTarget, for request: FetchFullText) async -> FullTextOutcome {
        if Task.isCancelled { return .cancelled }
        do throws(DatabaseProblem) {
            let date = now()
            if request.mode != .asked {
                guard target.isDue(at: date) else { return .notNeeded }
                if FeedTextRule.carriesWholeArticle(summary: target.summary, content: target.contentHTML) {
                    try database.markFeedTextWhole(rowid: target.rowid, at: date)
                    return .feedIsWhole
                }
            }
            guard let url = target.pageURL else { return try record(.noLink, for: target) }
            var fetch = FetchRequest(
                url: url, etag: target.fullTextAt == nil ? nil : target.etag,
                lastModified: target.fullTextAt == nil ? nil : target.lastModified,
                policy: target.policy.narrowed(by: request.policy))
            fetch.kind = .page(maximumBytes: extractor.limits.maxInputBytes)
            let response: FetchResponse
            do {
                response = try await fetcher.fetch(fetch)
            } catch {
                if error.isCancellation { return .cancelled }
                return try record(.fetch(error), for: target)
            }
            if Task.isCancelled { return .cancelled }
            switch response {
            case .notModified:
                let date = now()
                guard try database.confirmFullText(rowid: target.rowid, etag: nil, lastModified: nil, at: date)
                else { return .gone }
                return .unchanged(fetchedAt: date)
            case .fetched(let page):
                if let problem = PageType.problem(contentType: page.contentType) {
                    return try record(problem, for: target)
                }
                let extracted: ExtractedArticle
                switch await ExtractionQueue.extract(
                    page.data, url: page.finalURL ?? url, charset: PageType.charset(of: page.contentType),
                    with: extractor)
                {
                case nil: return .cancelled
                case .failure(let problem): return try record(.extraction(problem), for: target)
                case .success(let article): extracted = article
                }
                if Task.isCancelled { return .cancelled }
                let date = now()
                guard
                    try database.storeFullText(
                        rowid: target.rowid, html: extracted.contentHTML.withoutNUL, etag: page.etag,
                        lastModified: page.lastModified, fill: PageMetadataFill(extracted, for: target), at: date)
                else { return .gone }
                return .stored(html: extracted.contentHTML.withoutNUL, fetchedAt: date)
            }
        } catch {
            return .databaseFailed(error)
        }
    }

    /// Stores `problem` as the outcome of the attempt on `target`, with when an automatic fetch may try again:
    /// after a back-off for a problem that may pass, while the article is under a week old.
    private func record(
        _ problem: FullTextProblem, for target: FullTextTarget
    ) throws(DatabaseProblem) -> FullTextOutcome {
        let date = now()
        let isRecent = date.timeIntervalSince(target.firstSeenAt) < Self.retryWindow
        let retryAt = isRecent ? problem.retryDate(after: date) : nil
        guard try database.recordFullTextProblem(rowid: target.rowid, problem, retryAt: retryAt, at: date) else {
            return .gone
        }
        return .failed(problem)
    }
}
