import CZlib

/// gzip, with the system's zlib: the pages, the style sheet and the script are sent compressed to a browser
/// that accepts it.
enum Gzip {
    /// `bytes` compressed at zlib's fastest level (nginx's default, `gzip_comp_level 1`: a page of a thousand
    /// sources is compressed in a third of the time level 6 takes, a list page is 20% larger and still a few KB);
    /// nil if zlib fails (the caller sends them as they are).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_gzip_init(&stream, Z_BEST_SPEED) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
