// UI tags: empty protocols on actions, so that a presenter can ask `box.lastAction(is: (any SourcesTag).self)`
// and skip an action before comparing any state. They are a contract: an action that changes a part of the
// state carries that part's tag (UITagContractTests checks every action). The first delivery after
// subscribing renders regardless, so a view never misses the current state.

/// The action changed the sources (added, removed, renamed, enabled, fetched).
public protocol SourcesTag {}
/// The action changed what a news list shows.
public protocol ListsTag {}
/// The action changed the open article or the route.
public protocol ArticleTag {}
/// The action changed read or starred marks, or the counts.
public protocol MarksTag {}
/// The action changed refresh progress.
public protocol RefreshTag {}
/// The action changed the settings.
public protocol SettingsTag {}
/// The action posted a notice.
public protocol NoticesTag {}
/// The action changed the feed discovery under way.
public protocol DiscoveryTag {}
/// The action changed the rules or the saved queries.
public protocol RulesTag {}
