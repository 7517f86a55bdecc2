import CNIOExtrasZlib
import Foundation

/// Undoes gzip that a server applied without saying so (no `Content-Encoding`, or a file saved as `.gz`), which
/// otherwise reaches the parser as binary and fails as `FeedParseError.compressed(format: .gzip)`.
///
/// Uses the zlib that swift-nio-extras vendors for `NIOHTTPCompression`, so no library is added. The output is
/// bounded, because a body of a few kilobytes can inflate to gigabytes.
enum UnlabelledGzip {
    /// Why a body that starts like gzip could not be decompressed.
    enum Failure: Error, Equatable {
        /// Not valid gzip after all: a bad header, corrupt data, a wrong checksum, or cut short.
        case corrupt
        /// It inflates to more than `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// The decompressed body when `data` starts with the gzip magic number (1f 8b), else `nil` so the caller
    /// keeps `data` as it came. Concatenated gzip members are all decompressed, as `gunzip` does; bytes after
    /// the last member that do not start another one are ignored, as browsers do. Never returns more than
    /// `limit` bytes.
    static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data? {
        guard data.count >= 2, data[data.startIndex] == 0x1F, data[data.index(after: data.startIndex)] == 0x8B
        else { return nil }
        let inflater = Inflater()
        var output = Data()
        try Array(data).withUnsafeBufferPointer { (input) throws(Failure) in
            var consumed = 0
            repeat {
                consumed += try inflater.member(input, from: consumed, into: &output, limit: max(0, limit))
            } while input.count - consumed >= 2 && input[consumed] == 0x1F && input[consumed + 1] == 0x8B
        }
        return output
    }

    /// One zlib inflate stream, reused for each gzip member. The stream lives at a fixed address on the heap,
    /// because zlib keeps a pointer back to it and refuses a stream that has moved.
    private final class Inflater {
        private let stream = UnsafeMutablePointer<cnioextras_z_stream>.allocate(capacity: 1)
        private var initialised = false

        init() {
            stream.initialize(to: cnioextras_z_stream())
        }

        deinit {
            if initialised { cnioextras_z_inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// Inflates the member starting at `start` onto `output`; returns how many input bytes it took.
        func member(
            _ input: UnsafeBufferPointer<UInt8>, from start: Int, into output: inout Data, limit: Int
        ) throws(Failure) -> Int {
            // 16 + 15: a gzip wrapper (never zlib or raw deflate) with the largest window.
            let rc = initialised ? cnioextras_z_inflateReset(stream) : CNIOExtrasZlib_inflateInit2(stream, 16 + 15)
            guard rc == CNIOEXTRAS_Z_OK else { throw .corrupt }
            initialised = true
            // Bodies are capped far below 4 GiB before they get here; past that zlib would see the input end.
            let available = Int(UInt32(clamping: input.count - start))
            stream.pointee.next_in = CNIOExtrasZlib_voidPtr_to_BytefPtr(UnsafeMutableRawPointer(
                mutating: input.baseAddress! + start))
            stream.pointee.avail_in = UInt32(available)
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                // One byte past the limit is room enough to tell "exactly at the limit" from "over it".
                let room = min(chunk.count, limit + 1 - output.count)
                let (status, written) = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = CNIOExtrasZlib_voidPtr_to_BytefPtr(buffer.baseAddress!)
                    stream.pointee.avail_out = UInt32(room)
                    let status = cnioextras_z_inflate(stream, CNIOEXTRAS_Z_NO_FLUSH)
                    return (status, room - Int(stream.pointee.avail_out))
                }
                output.append(contentsOf: chunk[..<written])
                if output.count > limit {
                    output = Data()
                    throw .tooLarge(limit: limit)
                }
                switch status {
                case CNIOEXTRAS_Z_STREAM_END: return available - Int(stream.pointee.avail_in)
                case CNIOEXTRAS_Z_OK: continue
                // Anything else is a data error, or no progress with the input used up: cut short.
                default: throw .corrupt
                }
            }
        }
    }
}
