public import Foundation
public import RssCore

/// The one wording of RssCore's notices: news and problems as one line each.
public enum NoticeText {
    /// The refused feeds a notice of an import names; the rest are counted.
    static let refusalsListed = 5

    /// The line for `notice`; times in `calendar`'s time zone.
    public static func line(_ notice: Notice, sources: SourcesState, calendar: Calendar = .current) -> String {
        switch notice.event {
        case .problem(let problem):
            return ProblemText.message(problem, sources: sources)
        case .newArticles(let source, let count):
            return "\(count) new in \(SourceName.of(source, in: sources))"
        case .postponed(let source, let until):
            var format = Date.FormatStyle(date: .omitted, time: .shortened)
            format.timeZone = calendar.timeZone
            return "\(SourceName.of(source, in: sources)): skipped until \(until.formatted(format)) (the server asked to wait)"
        case .moved(let source, let from, let to):
            return "\(SourceName.of(source, in: sources)) moved for good to \(FeedAddress.display(to)) (from \(FeedAddress.display(from)))"
        case .gone(let source):
            return "\(SourceName.of(source, in: sources)) is gone for good (HTTP 410): disabled; enable it to try again"
        case .imported(let file, let added, let alreadyFollowed):
            let note = alreadyFollowed > 0 ? " (\(alreadyFollowed) already followed)" : ""
            return "imported \(added) source\(added == 1 ? "" : "s") from \(file)\(note)"
        case .importRefused(let file, let feeds):
            let listed = feeds.prefix(Self.refusalsListed).map(ProblemText.refusedFeed).joined(separator: "; ")
            let more = feeds.count > Self.refusalsListed ? "; and \(feeds.count - Self.refusalsListed) more" : ""
            return "did not follow \(feeds.count) feed\(feeds.count == 1 ? "" : "s") of \(file): \(listed)\(more)"
        case .exported(let file, let count):
            return "exported \(count) source\(count == 1 ? "" : "s") to \(file)"
        case .ruleApplied(let name, let action, let count):
            return "rule \(UserMessage.line(name)): \(count) article\(count == 1 ? "" : "s") \(RuleText.done(action))"
        }
    }
}
