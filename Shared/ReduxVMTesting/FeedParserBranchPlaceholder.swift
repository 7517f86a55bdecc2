// Placeholder so the manifest resolves on the feedparser branch (the real ReduxVMTesting lives on main).
// Delete this file when merging.
enum FeedParserBranchPlaceholder {}
