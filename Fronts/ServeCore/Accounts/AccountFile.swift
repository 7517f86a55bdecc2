#if canImport(Glibc)
    import Glibc
#endif
package import Foundation

/// The file that holds the server's ``Accounts``: JSON, readable and writable by its owner only (mode 0600,
/// in a 0700 directory), under `$XDG_CONFIG_HOME/rss-reeder/serve-accounts.json` by default.
///
/// Every change is a locked read-modify-write (an exclusive `flock` on a lock file beside it), written to a
/// temporary file and renamed over the old one, so `rss-serve token revoke` and a running server signing
/// someone in never lose each other's change, and a crash never leaves half a file.
package struct AccountFile: Sendable {
    /// The file.
    package let path: String

    /// The accounts file at `path`.
    package init(path: String) {
        self.path = path
    }

    /// The default location: `$XDG_CONFIG_HOME/rss-reeder/serve-accounts.json`, else under `~/.config`.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        }
        return base + "/rss-reeder/serve-accounts.json"
    }

    /// What the file holds; no accounts when it does not exist yet.
    package func read() throws(AccountFileProblem) -> Accounts {
        guard FileManager.default.fileExists(atPath: path) else { return Accounts() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cannotRead(path, String(describing: error))
        }
        do {
            return try Self.decoder.decode(Accounts.self, from: data)
        } catch {
            throw .damaged(path)
        }
    }

    /// Changes the accounts under the lock and writes them back; returns what `change` returned.
    @discardableResult
    package func update<T>(_ change: (inout Accounts) throws(AccountFileProblem) -> T) throws(AccountFileProblem) -> T {
        try makeDirectory()
        let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw .cannotWrite(path + ".lock", String(cString: strerror(errno))) }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw .cannotWrite(path + ".lock", String(cString: strerror(errno))) }
        var accounts = try read()
        let result = try change(&accounts)
        try write(accounts)
        return result
    }

    /// A stamp that changes whenever the file is replaced: a server reads the file again when it differs.
    package func stamp() -> FileStamp? {
        // A file that cannot be looked at (none yet, or no permission) has no stamp: the caller then reads it,
        // and the read says which (no accounts, or the error).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return FileStamp(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            size: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
            modified: (attributes[.modificationDate] as? Date) ?? .distantPast)
    }

    private func write(_ accounts: Accounts) throws(AccountFileProblem) {
        let data: Data
        do {
            data = try Self.encoder.encode(accounts)
        } catch {
            throw .cannotWrite(path, String(describing: error))
        }
        let temporary = path + ".new"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(temporary, String(cString: strerror(errno))) }
        // The mode is set again in case the file existed with a wider one.
        fchmod(descriptor, 0o600)
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            throw .cannotWrite(path, String(cString: strerror(errno)))
        }
    }

    private func makeDirectory() throws(AccountFileProblem) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(directory, String(describing: error))
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// Identifies one version of a file on disk.
package struct FileStamp: Equatable, Sendable {
    package let inode: UInt64
    package let size: Int64
    package let modified: Date
}

/// Why the accounts file could not be used.
package enum AccountFileProblem: Error, Equatable, CustomStringConvertible {
    /// It exists but could not be read.
    case cannotRead(String, String)
    /// It is not the JSON this program writes.
    case damaged(String)
    /// It (or its directory or lock) could not be written.
    case cannotWrite(String, String)
    /// A name or value given on the command line is not acceptable.
    case refused(String)

    package var description: String {
        switch self {
        case .cannotRead(let path, let reason): "cannot read the accounts file \(path): \(reason)"
        case .damaged(let path): "the accounts file \(path) is damaged (not the JSON rss-serve writes)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .refused(let reason): reason
        }
    }
}
