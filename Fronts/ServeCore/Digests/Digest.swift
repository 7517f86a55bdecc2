import CLibCrypto

/// The digests the APIs define or rss-serve keeps: MD5 for Fever's `api_key` and Nextcloud News's `guidHash`,
/// SHA-256 for what the accounts file keeps of tokens and keys and for `ETag`s, HMAC-SHA256 for Google Reader
/// session tokens.
///
/// They come from the system's OpenSSL (libcrypto, on every Debian system): swift-crypto, which served them
/// before, compiled a second copy of BoringSSL (366 C files, besides the one swift-nio-ssl brings for TLS)
/// into every build for these three functions.
package enum Digest {
    /// The MD5 of `bytes` (16 bytes).
    package static func md5(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        digest(bytes, size: 16) { data, count, out in clibcrypto_md5(data, count, out) }
    }

    /// The SHA-256 of `bytes` (32 bytes).
    package static func sha256(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        digest(bytes, size: 32) { data, count, out in clibcrypto_sha256(data, count, out) }
    }

    /// The HMAC-SHA256 of `message` under `key` (32 bytes).
    package static func hmacSHA256(key: [UInt8], message: some Sequence<UInt8>) -> [UInt8] {
        key.withUnsafeBytes { key in
            digest(message, size: 32) { data, count, out in
                clibcrypto_hmac_sha256(key.baseAddress, Int32(key.count), data, count, out)
            }
        }
    }

    /// Whether `given` and `expected` are the same bytes, in a time that depends on their length only, never on
    /// where they first differ (so that comparing a secret tells an attacker nothing of it).
    package static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Lower-case hex of `bytes`, by table: `String(format:)` per byte costs more than the hash when a page of a
    /// thousand items is written.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Runs `function` on `bytes` (in place when they are contiguous, as an `Array` or a buffer's view are)
    /// into a new array of `size` bytes. libcrypto fails only without memory, which ends the program anyway.
    private static func digest(
        _ bytes: some Sequence<UInt8>, size: Int,
        _ function: (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?) -> Int32
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        let status = out.withUnsafeMutableBufferPointer { out in
            bytes.withContiguousStorageIfAvailable { input in
                function(UnsafeRawPointer(input.baseAddress), input.count, out.baseAddress)
            } ?? Array(bytes).withUnsafeBufferPointer { input in
                function(UnsafeRawPointer(input.baseAddress), input.count, out.baseAddress)
            }
        }
        precondition(status == 1, "libcrypto could not compute a digest")
        return out
    }
}
