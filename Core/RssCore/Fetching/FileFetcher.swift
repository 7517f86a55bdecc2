import Foundation

/// Reads `file://` feeds: the bundled samples, and any feed a user keeps on disk.
///
/// The file's modification time and size stand in for an ETag, so refreshing an unchanged file is as cheap
/// as a 304. Files larger than the body cap are refused without being read whole.
struct FileFetcher: FeedFetcher {
    /// The largest body accepted.
    var maximumBytes = 20 * 1024 * 1024

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard request.url.isFileURL else {
            throw FetchError(stage: .fetch, message: "\(request.url.scheme ?? "this") URLs are not supported here")
        }
        let path = request.url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw FetchError(stage: .fetch, message: "cannot read \(path): no such file or not readable")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw FetchError(stage: .fetch, message: "\(path) is a directory")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else {
            throw FetchError(stage: .tooLarge, message: "\(path) is \(size) bytes, more than \(maximumBytes)")
        }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let validator = "\"\(Int(modified * 1000))-\(size)\""
        if request.etag == validator { return .notModified }
        let data: Data
        do {
            data = try Data(contentsOf: request.url, options: .mappedIfSafe)
        } catch {
            throw FetchError(stage: .fetch, message: "cannot read \(path): \(error.localizedDescription)")
        }
        guard data.count <= maximumBytes else {
            throw FetchError(stage: .tooLarge, message: "\(path) grew past \(maximumBytes) bytes")
        }
        return .fetched(FetchedFeed(data: data, contentType: nil, etag: validator, lastModified: nil))
    }
}
