// Placeholder so the manifest resolves on the feedparser branch (the real ReduxVMTests live on main).
// Delete this file when merging.
enum FeedParserBranchPlaceholder {}
