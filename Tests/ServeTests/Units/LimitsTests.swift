import Foundation
import Synchronization
import Testing
import RssCore
import ReduxVM

@testable import ServeCore
@testable import ServeFront

/// The login limit, form parsing and the accounts' own rules.
@Suite("Limits and accounts")
struct LimitsTests {
    final class Clock: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 0))
        func advance(_ seconds: TimeInterval) { now.withLock { $0.addTimeInterval(seconds) } }
    }

    @Test("an address is refused after its attempts, others are not, and the window frees it")
    func loginLimit() {
        let clock = Clock()
        let limiter = LoginLimiter(allowedFailures: 3, window: 60, now: { clock.now.withLock { $0 } })
        for _ in 0..<3 { #expect(limiter.attempt("a") == nil) }
        #expect(limiter.attempt("a") == 60)
        #expect(limiter.attempt("b") == nil)
        clock.advance(59)
        #expect(limiter.attempt("a") == 1)
        clock.advance(1)
        #expect(limiter.attempt("a") == nil)
        limiter.recordSuccess("a")
        for _ in 0..<3 { #expect(limiter.attempt("a") == nil) }
    }

    @Test("forms decode percent escapes and plus signs, keep repeated keys in order, and refuse bad escapes")
    func forms() throws {
        let pairs = try FormParameters.decode("i=1&i=tag%3Agoogle&a=user%2F-%2Fstate&t=two+words&empty=&flag")
        #expect(pairs.filter { $0.0 == "i" }.map(\.1) == ["1", "tag:google"])
        #expect(pairs.first { $0.0 == "a" }?.1 == "user/-/state")
        #expect(pairs.first { $0.0 == "t" }?.1 == "two words")
        #expect(pairs.first { $0.0 == "empty" }?.1 == "" && pairs.first { $0.0 == "flag" }?.1 == "")
        #expect(throws: APIError.self) { try FormParameters.decode("i=%zz") }
        // 10,000 ids and the action's own parameters pass; far more do not.
        let full = Array(repeating: "i=1", count: 10_000).joined(separator: "&") + "&a=user/-/state/com.google/read&T=x"
        #expect(try FormParameters.decode(full).count == 10_002)
        #expect(throws: APIError.self) { try FormParameters.decode(Array(repeating: "i=1", count: 10_200).joined(separator: "&")) }
    }

    @Test("ClientLogin gives the same token at every sign-in; a new password or a revoked session gives another")
    func sessions() {
        let first = TokenSecret.session(user: "alice", password: "pw one two", passwordHash: "h1", epoch: 0)
        #expect(first == TokenSecret.session(user: "alice", password: "pw one two", passwordHash: "h1", epoch: 0))
        #expect(first.count == 43)
        #expect(first != TokenSecret.session(user: "alice", password: "pw one two", passwordHash: "h2", epoch: 0))
        #expect(first != TokenSecret.session(user: "alice", password: "pw one two", passwordHash: "h1", epoch: 1))
        #expect(first != TokenSecret.session(user: "bob", password: "pw one two", passwordHash: "h1", epoch: 0))
        var accounts = Accounts()
        accounts.setUser("alice", passwordHash: "h1", at: Date())
        let session = TokenSecret.record(for: first, user: "alice", kind: .googleReader, label: Accounts.Token.sessionLabel, at: Date())
        accounts.addToken(session)
        #expect(accounts.revokeTokens(idPrefix: session.id) == 1)
        #expect(accounts.user(named: "alice")?.sessionEpoch == 1)
        accounts.addToken(session)
        accounts.setUser("alice", passwordHash: "h2", at: Date())
        #expect(!accounts.tokens.contains { $0.isSession })
    }

    @Test("ClientLogin sessions are kept to the newest per user; revoking by id prefix; removing a user drops their tokens")
    func accounts() {
        var accounts = Accounts()
        accounts.setUser("alice", passwordHash: "h", at: Date())
        accounts.setUser("bob", passwordHash: "h", at: Date())
        for index in 0..<25 {
            accounts.addToken(TokenSecret.record(for: "s\(index)", user: "alice", kind: .googleReader, label: Accounts.Token.sessionLabel, at: Date()))
        }
        let kept = TokenSecret.record(for: "phone", user: "alice", kind: .miniflux, label: "phone", at: Date())
        accounts.addToken(kept)
        accounts.addToken(TokenSecret.record(for: "bob's", user: "bob", kind: .miniflux, label: "", at: Date()))
        #expect(accounts.tokens.filter { $0.user == "alice" && $0.kind == .googleReader }.count == Accounts.sessionsKeptPerUser)
        #expect(!accounts.tokens.contains { $0.hash == TokenSecret.hash("s0") })
        #expect(accounts.tokens.contains { $0.hash == TokenSecret.hash("s24") })
        let revoked = accounts.revokeTokens(idPrefix: kept.id)
        #expect(revoked == 1)
        #expect(!accounts.tokens.contains { $0.hash == kept.hash })
        let removed = accounts.removeUser("bob")
        #expect(removed)
        #expect(!accounts.tokens.contains { $0.user == "bob" })
        let removedAgain = accounts.removeUser("bob")
        #expect(!removedAgain)
    }

    @Test("tokens are 43 URL-safe characters, all different")
    func tokenShape() {
        let tokens = (0..<100).map { _ in TokenSecret.make() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 43 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } })
    }
}
