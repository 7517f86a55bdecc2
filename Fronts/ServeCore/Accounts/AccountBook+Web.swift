package import Foundation

/// The web front's sessions: each browser that signed in holds a random token in its cookie, and the file
/// keeps the token's hash, what it was signed in from and when it was last used.
extension AccountBook {
    /// Signs `user` in from a browser described by `label`; returns the new session's token, for the cookie.
    package func startWebSession(for user: String, label: String, at date: Date = Date()) throws(AccountFileProblem) -> String {
        let token = TokenSecret.make()
        var record = TokenSecret.record(for: token, user: user, kind: .web, label: label, at: date)
        record.lastUsedAt = date
        try file.update { accounts throws(AccountFileProblem) in
            guard accounts.user(named: user) != nil else { throw .refused("no user called \(user)") }
            accounts.addToken(record)
        }
        return token
    }

    /// The sessions of `user`: browsers signed in to the web front and apps signed in with ClientLogin,
    /// newest first.
    package func sessions(of user: String) throws(AccountFileProblem) -> [Accounts.Token] {
        try current().sessions(of: user)
    }

    /// Ends `user`'s session `id` (a browser's, or an app's ClientLogin); returns whether there was one. Another
    /// user's session, or a token that is no session, is not theirs to end: false.
    package func endSession(id: String, of user: String) throws(AccountFileProblem) -> Bool {
        try file.update { accounts throws(AccountFileProblem) in accounts.endSession(id: id, of: user) }
    }

    /// Ends the browser session whose token is `token` (signing out).
    package func endWebSession(token: String) throws(AccountFileProblem) {
        let hash = TokenSecret.hash(token)
        try file.update { accounts throws(AccountFileProblem) in
            accounts.tokens.removeAll { $0.hash == hash && $0.kind == .web }
        }
    }

    /// Notes that the browser session `token` was used now, at most once an hour; a session unused for
    /// `lifetime` has ended (nil), and is removed.
    package func webSessionUser(token: String, lifetime: TimeInterval, at date: Date = Date()) throws(AccountFileProblem) -> String? {
        let hash = TokenSecret.hash(token)
        let accounts = try current()
        guard let record = accounts.tokens.first(where: { $0.hash == hash && $0.kind == .web }),
            accounts.user(named: record.user) != nil
        else { return nil }
        let lastUsed = record.lastUsedAt ?? record.createdAt
        if date.timeIntervalSince(lastUsed) > lifetime {
            try file.update { accounts throws(AccountFileProblem) in accounts.tokens.removeAll { $0.hash == hash } }
            return nil
        }
        if date.timeIntervalSince(lastUsed) >= 3_600 {
            // Only a note: a file that cannot be written now must not sign the person out.
            try? file.update { accounts throws(AccountFileProblem) in
                if let index = accounts.tokens.firstIndex(where: { $0.hash == hash }) { accounts.tokens[index].lastUsedAt = date }
            }
        }
        return record.user
    }
}
