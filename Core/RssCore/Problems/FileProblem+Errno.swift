#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

extension FileProblem {
    /// The problem an `errno` from a file operation means.
    public init(errno code: Int32) {
        switch code {
        case ENOENT: self = .noSuchFile
        case ENOTDIR: self = .noSuchDirectory
        case EACCES, EPERM: self = .permissionDenied
        case EISDIR: self = .isDirectory
        case EEXIST: self = .alreadyExists
        case ENOSPC, EDQUOT: self = .noSpace
        case EROFS: self = .readOnlyFileSystem
        default: self = .system(errno: code)
        }
    }

    /// The problem behind an error thrown by Foundation's file APIs: the POSIX error underneath when there is
    /// one (Foundation's own codes are coarser), else the closest Cocoa code.
    init(_ error: any Error) {
        if let posix = error as? POSIXError {
            self.init(errno: posix.code.rawValue)
            return
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(underlying.code))
            return
        }
        if nsError.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(nsError.code))
            return
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: self = .noSuchFile
        case .fileWriteInvalidFileName: self = .noSuchDirectory
        case .fileReadNoPermission, .fileWriteNoPermission: self = .permissionDenied
        case .fileWriteOutOfSpace: self = .noSpace
        case .fileWriteVolumeReadOnly: self = .readOnlyFileSystem
        default: self = .system(errno: EIO)
        }
    }

    /// The `stat(2)` of the regular file at `path` that this user may read, or what is wrong with it: checked
    /// before the file is opened, since a FIFO would block the read and a device never end it.
    static func readableRegularFile(_ path: String) -> Result<stat, FileProblem> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(FileProblem(errno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.isDirectory)
        default: return .failure(.notRegularFile)
        }
        return access(path, R_OK) == 0 ? .success(info) : .failure(FileProblem(errno: errno))
    }
}
