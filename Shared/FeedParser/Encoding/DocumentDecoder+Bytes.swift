import Foundation

extension DocumentDecoder.Output {
    /// Calls `body` with the document as UTF-8: the transcoded text, or the input bytes after the BOM.
    func withUTF8<R>(of data: Data, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if var text {
            return text.withUTF8(body)
        }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return body(UnsafeBufferPointer(rebasing: bytes[Swift.min(bomLength, bytes.count)...]))
        }
    }
}
