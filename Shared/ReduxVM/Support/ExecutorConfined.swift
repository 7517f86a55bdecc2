/// Carries a non-sendable value to closures that only ever run on one serial executor.
///
/// Safety: the store creates and touches the wrapped value only inside jobs on its own serial queue (see
/// ``Store``), never concurrently; the wrapper exists only so such jobs can be `@Sendable` closures.
@usableFromInline
struct ExecutorConfined<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
