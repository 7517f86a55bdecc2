public import Logging

/// Logs every action through swift-log, attributed to the file and line that dispatched it.
///
/// The log line's source location is the dispatch call site, not this file, so a log viewer points at the
/// code that caused the change. Chatty actions (a timer tick, a progress update) can be excluded by type.
///
/// ```swift
/// let store = Store(
///     state: AppState(),
///     middleware: [LoggingMiddleware(logger: Logger(label: "app.actions"), excluding: [Tick.self])]
/// )
/// ```
public struct LoggingMiddleware: Middleware {
    private let logger: Logger
    private let level: Logger.Level
    private let excluded: Set<ObjectIdentifier>

    /// Makes a logging middleware writing to `logger` at `level`, skipping actions of the `excluding` types.
    public init(logger: Logger, level: Logger.Level = .debug, excluding: [any Action.Type] = []) {
        self.logger = logger
        self.level = level
        self.excluded = Set(excluding.map { ObjectIdentifier($0) })
    }

    /// Logs `action` unless its type is excluded or the level is off; never drops it.
    public func on(action: any Action, context: DispatchContext) -> MiddlewareVerdict {
        guard logger.logLevel <= level, !excluded.contains(ObjectIdentifier(type(of: action))) else {
            return .proceed
        }
        logger.log(
            level: level,
            "\(String(describing: action))",
            metadata: [
                "action": "\(type(of: action))",
                "sequence": "\(context.sequence)",
            ],
            source: "ReduxVM",
            file: context.file,
            function: context.function,
            line: context.line
        )
        return .proceed
    }
}
