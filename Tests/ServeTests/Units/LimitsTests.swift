import Foundation
import Synchronization
import Testing
import RssCore
import ReduxVM

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
        var form = FormParameters()
        try form.add(encoded: "i=1&i=tag%3Agoogle&a=user%2F-%2Fstate&t=two+words&empty=&flag")
        #expect(form.all("i") == ["1", "tag:google"])
        #expect(form["a"] == "user/-/state")
        #expect(form["t"] == "two words")
        #expect(form["empty"] == "" && form["flag"] == "")
        var bad = FormParameters()
        #expect(throws: APIError.self) { try bad.add(encoded: "i=%zz") }
        var many = FormParameters()
        #expect(throws: APIError.self) { try many.add(encoded: Array(repeating: "i=1", count: 10_001).joined(separator: "&")) }
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
