public import Dispatch

/// Where a view's rendering runs: the thread or queue that owns the view.
///
/// The store computes props on its own executor and hands each delivery to the view's executor, so views
/// never race with the store. A front with an event loop of its own (a line editor, say) conforms by
/// queueing the work onto that loop.
public protocol ViewExecutor: Sendable {
    /// Runs `work` on this executor, later, in submission order.
    func execute(_ work: @escaping @Sendable () -> Void)
}

extension DispatchQueue: ViewExecutor {
    /// Runs `work` asynchronously on this queue.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        async(execute: work)
    }
}

/// Renders right away on the store's executor: for batch fronts and tests that have no thread of their own.
///
/// A receiver used with it is touched on the store's executor only.
public struct InlineViewExecutor: ViewExecutor {
    /// Makes an inline executor.
    public init() {}

    /// Runs `work` at once, on the calling thread.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        work()
    }
}

extension ViewExecutor where Self == InlineViewExecutor {
    /// An executor that renders at once on the store's executor.
    public static var inline: InlineViewExecutor { InlineViewExecutor() }
}
