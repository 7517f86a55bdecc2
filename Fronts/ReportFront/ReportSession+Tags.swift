import Foundation
import ReduxVM
import RssCore

extension ReportSession {
    /// The tags `--tag` names, as the sources spell them (case ignored, a leading `#` dropped); nil without
    /// `--tag`. A tag no source has is kept as typed: it selects nothing, and ``checkTags(_:)`` refuses it.
    func wantedTags() -> Set<String>? {
        guard !options.tags.isEmpty else { return nil }
        let sources = store.state.sources
        return Set(options.tags.map { sources.tag(named: $0) ?? TagName.normalized($0) ?? $0 })
    }

    /// Whether `source` is one the `--tag`s select (any of them); every source without `--tag`.
    func isTagged(_ source: Source, _ tags: Set<String>?) -> Bool {
        tags.map { !$0.isDisjoint(with: source.tags) } ?? true
    }

    /// Refuses a `--tag` no source is filed under (once this run's sources are added): a usage error.
    func checkTags(_ tags: Set<String>?) throws(ReportFailure) {
        let inUse = Set(store.state.sources.tags)
        if let missing = tags?.subtracting(inUse).sorted().first {
            throw ReportFailure.usage("no source is filed under the tag \(Text.line(missing))")
        }
    }
}
