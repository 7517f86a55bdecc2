/// What a middleware decides about an action.
public enum MiddlewareVerdict: Sendable, Equatable {
    /// Pass the action on to the next middleware and then to the reducer.
    case proceed
    /// Drop the action: no later middleware, reducer or subscriber sees it.
    case drop
}
