import Foundation
import ReduxVM
@testable import RssCore
import RssResources
import Testing

@testable import ReplKit

/// The REPL's presenters decide by UI tags: an action that does not carry a tag of theirs is skipped before
/// any state is compared or props computed.
@Suite("Presenters and UI tags", .timeLimit(.minutes(5)))
struct PresenterTagTests {
    @Test("the sources presenter skips list, refresh and notice actions, and renders a source change")
    func sourcesPresenterSkipsUnrelatedActions() async throws {
        let store = try RssStore.make(RssConfiguration(database: .inMemory, refreshesPeriodically: false))
        let sample = try #require(BundledFeeds.samples.first { $0.lastPathComponent == "qemu.atom" })
        store.dispatch(AddSource(url: sample))
        await store.idle()
        let counter = CountingPresenter(SourcesPresenter())
        let view = PropsRecorder<SourcesProps>()
        store.connect(counter, to: view, on: .inline)
        await store.processed()
        #expect(counter.counts.withLock { $0 } == .init(reactions: 0, props: 1))  // the initial delivery

        for _ in 0..<50 {
            store.dispatch(SwitchList())
            store.dispatch(ShowPage(list: .first, move: .next))
            store.dispatch(SortList(list: .second, sort: .oldestFirst))
        }
        store.dispatch(DismissNotices(throughID: store.state.notices.nextID))
        await store.idle()
        let afterUnrelated = counter.counts.withLock { $0 }
        #expect(afterUnrelated.reactions >= 150)
        #expect(afterUnrelated.props == 1, "props were computed for actions without a sources or marks tag")
        #expect(counter.skippedByTag.withLock { $0 } == afterUnrelated.reactions)

        let source = try #require(store.state.sources.all.first)
        store.dispatch(SetSourceEnabled(id: source.id, isEnabled: false))
        await store.idle()
        #expect(counter.counts.withLock { $0 }.props == 2)
        #expect(view.received.withLock { $0 }.last?.rows.first?.isEnabled == false)
        withExtendedLifetime(view) {}
    }

    @Test("the tag decides before the state: a change announced by no tag of the presenter's is not shown")
    func tagDecidesFirst() throws {
        let sample = try #require(BundledFeeds.samples.first)
        var before = RssState()
        AddSource(url: sample).updateState(&before)
        var after = before
        let source = try #require(after.sources.all.first)
        let disable = SetSourceEnabled(id: source.id, isEnabled: false)
        disable.updateState(&after)
        #expect(after.sources != before.sources)
        let presenter = SourcesPresenter()
        // The same change of sources, once announced by its action and once under an action without the tag.
        #expect(presenter.reaction(for: .change(from: before, to: after, by: disable)) == .props)
        #expect(presenter.reaction(for: .change(from: before, to: after, by: SwitchList())) == .none)
        // With the tag but no change, the state comparison still skips it.
        #expect(presenter.reaction(for: .change(from: after, to: after, by: disable)) == .none)
    }

    @Test("each presenter skips an action that carries none of its tags")
    func everyPresenterSkipsForeignTags() async throws {
        let store = try RssStore.make(RssConfiguration(database: .inMemory, refreshesPeriodically: false))
        await store.idle()
        // SwitchList carries only ListsTag: the presenters that do not show lists skip it.
        let refresh = CountingPresenter(RefreshPresenter())
        let notices = CountingPresenter(NoticesPresenter())
        let article = CountingPresenter(ArticlePresenter())
        let sources = CountingPresenter(SourcesPresenter())
        let views = (PropsRecorder<RefreshProps>(), PropsRecorder<NoticesProps>(), PropsRecorder<ArticleProps>(),
            PropsRecorder<SourcesProps>())
        store.connect(refresh, to: views.0, on: .inline)
        store.connect(notices, to: views.1, on: .inline)
        store.connect(article, to: views.2, on: .inline)
        store.connect(sources, to: views.3, on: .inline)
        for _ in 0..<10 { store.dispatch(SwitchList()) }
        await store.idle()
        #expect(refresh.skippedByTag.withLock { $0 } == 10)
        #expect(notices.skippedByTag.withLock { $0 } == 10)
        #expect(article.skippedByTag.withLock { $0 } == 10)
        #expect(sources.skippedByTag.withLock { $0 } == 10)
        withExtendedLifetime(views) {}
    }
}

/// Wraps a presenter, counting its reactions and props, and how many reactions the tags alone decided: the
/// wrapped reaction answered `.none` to an action carrying none of the tags the presenter reads.
final class CountingPresenter<P: Presenter>: Presenter, Sendable where P.State == RssState {
    struct Counts: Equatable, Sendable {
        var reactions = 0
        var props = 0
    }

    let wrapped: P
    let counts = Locked(Counts())
    let skippedByTag = Locked(0)
    private let readsTags: @Sendable (any Action<RssState>) -> Bool

    init(_ wrapped: P) {
        self.wrapped = wrapped
        readsTags =
            switch wrapped {
            case is SourcesPresenter: { $0 is any SourcesTag || $0 is any MarksTag }
            case is RefreshPresenter: { $0 is any RefreshTag }
            case is NoticesPresenter: { $0 is any NoticesTag }
            case is ArticlePresenter: { $0 is any ArticleTag || $0 is any MarksTag }
            default: { _ in true }
            }
    }

    func reaction(for box: StateBox<RssState>) -> Reaction {
        counts.withLock { $0.reactions += 1 }
        let reaction = wrapped.reaction(for: box)
        if reaction == .none, let action = box.lastAction, !readsTags(action) { skippedByTag.withLock { $0 += 1 } }
        return reaction
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> P.Props? {
        counts.withLock { $0.props += 1 }
        return wrapped.props(for: box, trunk: trunk)
    }
}

/// A view that keeps every props it is given.
final class PropsRecorder<Props: Equatable & Sendable>: PropsReceiver, Sendable {
    let received = Locked<[Props]>([])

    func render(props: Props) {
        received.withLock { $0.append(props) }
    }
}
