import LineEditor
import ReduxVM
import RssCore

/// The line editor's remote as the views' executor: props are rendered on the terminal's thread, between
/// keystrokes (or when a command waiting for the store lets queued work run).
struct EditorExecutor: ViewExecutor {
    let remote: LineEditorRemote

    func execute(_ work: @escaping @Sendable () -> Void) {
        remote.execute(work)
    }
}

/// The REPL's views, each connected to its presenter, all rendered on the terminal's thread.
final class ReplViews {
    let prompt: PromptView
    let notices: NoticesView
    let list: NewsListView
    let sources: SourcesView
    let article: ArticleView
    let refresh: RefreshView
    let discovery: DiscoveryView

    init(console: Console, store: Store<RssState>) {
        prompt = PromptView(console: console)
        notices = NoticesView(console: console)
        list = NewsListView(console: console)
        sources = SourcesView(console: console)
        article = ArticleView(console: console)
        refresh = RefreshView(console: console)
        discovery = DiscoveryView(console: console)
        let executor = EditorExecutor(remote: console.editor.remote)
        store.connect(NoticesPresenter(), to: notices, on: executor)
        store.connect(SourcesPresenter(), to: sources, on: executor)
        store.connect(NewsListPresenter(), to: list, on: executor)
        store.connect(ArticlePresenter(), to: article, on: executor)
        store.connect(RefreshPresenter(), to: refresh, on: executor)
        store.connect(PromptPresenter(), to: prompt, on: executor)
        store.connect(DiscoveryPresenter(), to: discovery, on: executor)
    }
}
