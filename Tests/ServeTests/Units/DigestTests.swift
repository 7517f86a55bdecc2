import Testing

@testable import ServeCore
@testable import ServeFront

/// The digests from libcrypto against their standards' published vectors, and the values the APIs' clients
/// compute.
@Suite("Digests")
struct DigestTests {
    @Test("MD5 as RFC 1321's test suite has it", arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ])
    func md5(text: String, expected: String) {
        #expect(Digest.hex(Digest.md5(text.utf8)) == expected)
    }

    @Test("SHA-256 as FIPS 180-2's examples have it", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256(text: String, expected: String) {
        #expect(Digest.hex(Digest.sha256(text.utf8)) == expected)
    }

    @Test("HMAC-SHA256 as RFC 4231's test cases 1 and 2 have it")
    func hmac() {
        let first = Digest.hmacSHA256(key: [UInt8](repeating: 0x0b, count: 20), message: "Hi There".utf8)
        #expect(Digest.hex(first) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let second = Digest.hmacSHA256(key: Array("Jefe".utf8), message: "what do ya want for nothing?".utf8)
        #expect(Digest.hex(second) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("a digest of non-contiguous bytes equals the digest of the same bytes in an array")
    func nonContiguous() {
        let bytes = (0..<1_000).lazy.map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(Digest.sha256(bytes) == Digest.sha256(Array(bytes)))
    }

    @Test("Fever's api_key is the md5 of name:password, as every Fever app computes it")
    func feverKey() {
        // Python's hashlib.md5(b"alice:secret").hexdigest()
        #expect(FeverKey.key(name: "alice", password: "secret") == "6f622058968bb90757e6c6ed79e5df81")
    }
}
