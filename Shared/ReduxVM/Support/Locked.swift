// Imported publicly so that `lock()` and `unlock()` can be inlined into the store's specialised code, which
// takes a lock twice per action: called through this module, each was a call to a call. No declaration of
// the C library becomes part of this module's API.
#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
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
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @exclusivity(unchecked) @usableFromInline var value: Value

    /// Guards `value`.
    @usableFromInline
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
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    @inlinable
    func lock() { pthread_mutex_lock(mutex) }

    @inlinable
    func unlock() { pthread_mutex_unlock(mutex) }
}
