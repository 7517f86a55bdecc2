#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer on Linux understands pthread mutexes but
/// not the futex-based `Mutex` (whose synchronisation lives in the uninstrumented standard library), so the
/// engine's concurrency can be checked with `swift test --sanitize=thread`. Uncontended, both cost about
/// the same.
///
/// Safety: `value` is read and written only inside `withLock`, which holds `mutex`; that is what makes the
/// class sendable.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    private func lock() { pthread_mutex_lock(mutex) }

    private func unlock() { pthread_mutex_unlock(mutex) }
}
