import Foundation

extension UUID {
    /// A random (version 4) UUID drawn from the standard library's system generator.
    ///
    /// Foundation's `UUID()` on Linux opens `/dev/urandom` for every id; a refresh storing thousands of new
    /// articles paid for thousands of opens. The system generator uses `getrandom` and no file descriptor.
    static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
