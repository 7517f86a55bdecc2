import Foundation

/// Where an export may write, and why not.
///
/// An export replaces the file whole (a new file renamed over the old one), which is safe for a regular file
/// and wrong for anything else: run as root, exporting to `/dev/full` replaced the device with a file. So a
/// symbolic link is followed first (the link stays and its target gets the export), and anything that exists
/// but is not a regular file is refused.
enum ExportTarget {
    /// Writes `data` to `url` (its link target, for a symbolic link) whole, or says why not.
    static func write(_ data: Data, to url: URL) throws(FileProblem) {
        let file = url.resolvingSymlinksInPath()
        var info = stat()
        if lstat(file.path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw .isDirectory
            default: throw .notRegularFile
            }
        } else {
            // A new file: its directory must exist (the export does not create directories).
            var isDirectory: ObjCBool = false
            let directory = file.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw .noSuchDirectory }
        }
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw FileProblem(error)
        }
    }
}
