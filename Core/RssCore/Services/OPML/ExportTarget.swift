import Foundation

/// Where an export may write, and why not.
///
/// An export replaces the file whole (a new file renamed over the old one), which is safe for a regular file
/// and wrong for anything else: run as root, exporting to `/dev/full` replaced the device with a file. So a
/// symbolic link is followed first (the link stays and its target gets the export), and anything that exists
/// but is not a regular file is refused.
enum ExportTarget {
    /// The file to write for `url`, or a one-line reason to refuse it.
    static func resolve(_ url: URL) -> Result<URL, ExportRefusal> {
        let file = url.resolvingSymlinksInPath()
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return .success(file) }  // a new file
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(ExportRefusal(reason: "not a regular file")) }
        return .success(file)
    }

    /// A one-line reason for a failed write: the system's words for the underlying error (`No space left on
    /// device`), not Foundation's error domain and code.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if nsError.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileNoSuchFile, .fileWriteInvalidFileName: return "no such directory"
            case .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on device"
            case .fileWriteVolumeReadOnly: return "read-only file system"
            default: break
            }
        }
        return nsError.localizedDescription
    }
}

/// Why an export target was refused.
struct ExportRefusal: Error {
    let reason: String
}
