import Foundation
import RssCore
import Testing

@Suite("Credential redaction")
struct CredentialRedactionTests {
    @Test("user information is removed from every URL in a text")
    func userInfoRemoved() {
        let text = "GET https://ann:s3cret@example.org/feed?x=1 then http://bob@h.test:8080/a and ftp://c:d@e/f"
        #expect(
            CredentialRedaction.redact(text)
                == "GET https://example.org/feed?x=1 then http://h.test:8080/a and ftp://e/f")
    }

    @Test("an @ in a path or query is not user information")
    func atInPath() {
        let text = "https://example.org/@ann/feed?mail=a@b.c #x@y"
        #expect(CredentialRedaction.redact(text) == text)
    }

    @Test("a password with an @ and a text without a URL")
    func edgeCases() {
        #expect(CredentialRedaction.redact("https://ann:p@ss@example.org/") == "https://example.org/")
        #expect(CredentialRedaction.redact("no address here, ann@example.org") == "no address here, ann@example.org")
        #expect(CredentialRedaction.redact("") == "")
        #expect(CredentialRedaction.redact("https://") == "https://")
    }

    @Test("the secrets of a URL are hidden even when quoted alone")
    func secretsAlone() throws {
        let url = try #require(URL(string: "https://feeder:hunter22@example.org/feed"))
        #expect(CredentialRedaction.redact("login feeder failed (hunter22)", secretsOf: url) == "login *** failed (***)")
        #expect(CredentialRedaction.redact(url) == "https://example.org/feed")
    }
}
