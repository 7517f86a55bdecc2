public import FeedParser

/// Why a file could not be read or written: OPML imports and exports, `file://` feeds, the database file.
public enum FileProblem: Error, Sendable, Equatable, Codable {
    /// There is no such file.
    case noSuchFile
    /// The directory it should be in does not exist (or a part of its path is not a directory).
    case noSuchDirectory
    /// The file or its directory may not be read or written by this user.
    case permissionDenied
    /// The path names a directory.
    case isDirectory
    /// The path names something other than a regular file (a device, a FIFO, a socket): reading it could
    /// block or never end, and replacing it would destroy it.
    case notRegularFile
    /// A file is already there, and writing would replace it (a backup never overwrites).
    case alreadyExists
    /// The disk is full.
    case noSpace
    /// The file system is mounted read-only.
    case readOnlyFileSystem
    /// The file is larger than allowed (bytes).
    case tooLarge(limit: Int)
    /// The file was read but is not an OPML subscription list.
    case notOPML(FeedParseError)
    /// Any other failure, as the operating system's error number (`errno`).
    case system(errno: Int32)
}
