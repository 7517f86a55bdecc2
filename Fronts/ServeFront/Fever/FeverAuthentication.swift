import ServeCore

/// Checks a Fever request's `api_key` (``/ServeCore/FeverKey``), under the per-address sign-in limit.
///
/// A request without a key is not an attempt (Unread's first request is such a probe): it is only refused. A
/// key is counted against the client's address before it is looked up, as ClientLogin counts a password,
/// and a success clears the count; once the address has used its attempts, every key from it is refused
/// unchecked until the window has passed, the right one too, so that guessing gains nothing from the lock
/// being checked after the key.
struct FeverAuthentication: Sendable {
    let accounts: AccountBook
    let limiter: LoginLimiter

    /// What a key came to.
    enum Outcome: Equatable {
        /// The key of this user, who has Fever on.
        case user(String)
        /// No key, or a key of no user with Fever on.
        case refused
        /// The address has used its attempts: try again after these seconds.
        case locked(retryAfter: Int)
    }

    /// The outcome of `key` sent from `address`.
    func check(_ key: String?, address: String) throws(AccountFileProblem) -> Outcome {
        guard let key else { return .refused }
        if let seconds = limiter.attempt(address) { return .locked(retryAfter: seconds) }
        guard let user = try accounts.user(forFeverKey: key) else { return .refused }
        limiter.recordSuccess(address)
        return .user(user)
    }
}
