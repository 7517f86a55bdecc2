#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Reads `file://` feeds: the bundled samples, and any feed a user keeps on disk.
///
/// The file's modification time and size stand in for an ETag, so refreshing an unchanged file is as cheap
/// as a 304. Files larger than the body cap are refused without being read whole, and anything but a regular
/// file (a directory, a device such as `/dev/zero`, a FIFO) is refused before it is opened.
struct FileFetcher: FeedFetcher {
    /// The largest body accepted.
    var maximumBytes = 20 * 1024 * 1024

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard request.url.isFileURL else { throw .unsupportedScheme(request.url.scheme ?? "") }
        let path = request.url.path
        // stat(2) rather than FileManager's attributes, which also look up the owner's name in the user
        // database for every file.
        let info: stat
        switch FileProblem.readableRegularFile(path) {
        case .success(let found): info = found
        case .failure(let problem): throw .file(problem)
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        let modifiedMilliseconds = Int(modified.tv_sec) * 1000 + Int(modified.tv_nsec) / 1_000_000
        let validator = "\"\(modifiedMilliseconds)-\(size)\""
        if request.etag == validator { return .notModified() }
        let data: Data
        do {
            data = try Data(contentsOf: request.url, options: .mappedIfSafe)
        } catch {
            throw .file(FileProblem(error))
        }
        guard data.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        return .fetched(FetchedFeed(data: data, contentType: nil, etag: validator, lastModified: nil))
    }
}
