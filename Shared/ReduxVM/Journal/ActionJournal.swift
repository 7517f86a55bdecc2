public import Foundation

/// Records every action a store reduces to a JSON Lines file, and replays such a file through the reducers
/// alone to rebuild the state of a session.
///
/// Pass a journal to ``Store/init(state:middleware:statedMiddleware:options:journal:logger:)``. Lines are
/// buffered and written whenever the store runs out of queued work, and on ``close()``. Actions that are
/// not ``JournaledAction`` are recorded by name only, and replay refuses to pass over them, since the
/// state it rebuilt would be wrong from there on.
public final class ActionJournal<State: Sendable>: Sendable {
    private struct Output {
        var handle: FileHandle?
        var buffer = Data()
        var failure: JournalError?
    }

    private let path: String
    private let output: Locked<Output>
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Creates (or truncates) the journal file at `url`, readable by its owner only (actions carry what the
    /// user typed and read), and writes `format` as its first line when given.
    public init(url: URL, format: JournalFormat? = nil) throws(JournalError) {
        path = url.path
        var header = Data()
        if let format {
            do {
                header = try encoder.encode(format) + Data([0x0A])
            } catch {
                throw .cannotWrite(path: path, reason: "cannot encode the format line: \(error)")
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw .cannotWrite(path: path, reason: "cannot create the file")
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            try handle.write(contentsOf: header)
            output = Locked(Output(handle: handle))
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// The first write error, if any; after one the journal stops recording.
    public var failure: JournalError? {
        output.withLock { $0.failure }
    }

    /// Writes buffered lines and closes the file; later records are ignored.
    public func close() {
        flush()
        output.withLock { output in
            try? output.handle?.close()  // A close error after a successful flush loses nothing.
            output.handle = nil
        }
    }

    @usableFromInline
    func record(_ action: any Action<State>, context: DispatchContext) {
        let entry: JournalLine.Entry
        if let journaled = action as? any JournaledAction {
            entry = JournalLine.Entry(
                sequence: context.sequence, name: type(of: journaled).journalName, payload: journaled)
        } else {
            entry = JournalLine.Entry(
                sequence: context.sequence, name: String(reflecting: type(of: action)), payload: nil)
        }
        output.withLock { output in
            guard output.handle != nil else { return }
            do {
                output.buffer.append(try encoder.encode(entry))
                output.buffer.append(0x0A)
            } catch {
                output.failure = .cannotWrite(path: path, reason: "cannot encode \(entry.name): \(error)")
                output.handle = nil
            }
        }
    }

    @usableFromInline
    func flush() {
        output.withLock { output in
            guard let handle = output.handle, !output.buffer.isEmpty else { return }
            do {
                try handle.write(contentsOf: output.buffer)
                output.buffer.removeAll(keepingCapacity: true)
            } catch {
                output.failure = .cannotWrite(path: path, reason: error.localizedDescription)
                output.handle = nil
            }
        }
    }
}
