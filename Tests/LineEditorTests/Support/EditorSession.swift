import Foundation
import LineEditor
import Synchronization
import Testing

/// Runs a ``LineEditor`` on its own thread, as a REPL would, reading lines until end of input.
///
/// The editor is made on that thread (it belongs to the thread that reads); the test gets its remote and the
/// inputs it produced.
final class EditorSession: Sendable {
    private let inputs = Mutex<[LineEditorInput]>([])
    private let remoteBox = Mutex<LineEditorRemote?>(nil)
    private let finished = Mutex(false)
    private let history = Mutex<[String]>([])
    private let failure = Mutex<String?>(nil)

    /// Starts the editor with the configuration `makeConfiguration` builds (on the editor's thread).
    ///
    /// `busyAfterEachLine` keeps the thread busy after each line, as a command run on the editor's thread would.
    init(
        busyAfterEachLine: TimeInterval = 0,
        _ makeConfiguration: @escaping @Sendable () -> LineEditor.Configuration
    ) {
        let thread = Thread { [self] in
            do {
                let editor = try LineEditor(makeConfiguration())
                remoteBox.withLock { $0 = editor.remote }
                while true {
                    let input = editor.readLine()
                    inputs.withLock { $0.append(input) }
                    if input == .endOfInput { break }
                    if busyAfterEachLine > 0 { Thread.sleep(forTimeInterval: busyAfterEachLine) }
                }
                history.withLock { $0 = editor.historyEntries }
                try editor.close()
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            finished.withLock { $0 = true }
        }
        thread.start()
    }

    /// The remote, once the editor is open.
    func remote() async throws -> LineEditorRemote {
        for _ in 0..<500 {
            if let remote = remoteBox.withLock({ $0 }) { return remote }
            if let failure = failure.withLock({ $0 }) { throw SessionFailure(message: failure) }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw SessionFailure(message: "the editor did not open")
    }

    /// Waits for the `count`-th input and returns all so far.
    func inputs(count: Int) async throws -> [LineEditorInput] {
        for _ in 0..<500 {
            let current = inputs.withLock { $0 }
            if current.count >= count { return current }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw SessionFailure(message: "expected \(count) inputs, got \(inputs.withLock { $0 })")
    }

    /// Waits until the editor has read its last line and closed; returns its final history.
    func finish() async throws -> [String] {
        for _ in 0..<500 {
            if finished.withLock({ $0 }) {
                if let failure = failure.withLock({ $0 }) { throw SessionFailure(message: failure) }
                return history.withLock { $0 }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw SessionFailure(message: "the editor did not finish")
    }
}

struct SessionFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
