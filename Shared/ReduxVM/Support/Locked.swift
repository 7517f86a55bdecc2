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
/// Safety: `value` is read and written only inside `withLock`, which holds `mutex`, or between `lock()` and
/// `unlock()` in this module; that is what makes the class sendable, and what makes the dynamic exclusivity
/// check on it redundant.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    /// A `pthread_mutex_t`, typed raw so that inlinable code need not see Glibc.
    @usableFromInline let mutex: UnsafeMutableRawPointer
    @exclusivity(unchecked) @usableFromInline var value: Value

    /// Guards `value`.
    @usableFromInline
    package init(_ value: Value) {
        self.value = value
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.mutex = UnsafeMutableRawPointer(mutex)
    }

    private var typedMutex: UnsafeMutablePointer<pthread_mutex_t> {
        mutex.assumingMemoryBound(to: pthread_mutex_t.self)
    }

    deinit {
        pthread_mutex_destroy(typedMutex)
        typedMutex.deinitialize(count: 1)
        typedMutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    @usableFromInline
    func lock() { pthread_mutex_lock(typedMutex) }

    @usableFromInline
    func unlock() { pthread_mutex_unlock(typedMutex) }
}
