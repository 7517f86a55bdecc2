import Foundation
import LineEditor
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `wait(for:)`: the editor's thread waits for async work in the editor's own wait, not on a semaphore, so the
/// requests the work makes run while it waits.
extension LineEditorSessions {
    @Suite("Waiting for async work on the editor's thread", .timeLimit(.minutes(5)))
    struct AsyncWorkTests {
        /// What the editor's thread saw.
        struct Outcome: Sendable {
            var value = 0
            var jobRanOnEditorThread = false
            var printed = ""
        }

        @Test("the work's result comes back, and a job the work waits for runs on the editor's thread meanwhile")
        func requestsRunWhileWaiting() async throws {
            var input: [Int32] = [-1, -1]
            var output: [Int32] = [-1, -1]
            try #require(pipe(&input) == 0 && pipe(&output) == 0)
            defer { (input + output).forEach { close($0) } }
            let (inputEnd, outputEnd, outputRead) = (input[0], output[1], output[0])
            // The editor's thread is a thread of its own, as a terminal program's main thread is, not a task.
            let outcome: Result<Outcome, LineEditorError> = await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: Self.runEditor(input: inputEnd, output: outputEnd, read: outputRead))
                }.start()
            }
            let seen = try outcome.get()
            #expect(seen.value == 42)
            // With a semaphore, the editor's thread could not run the job, and the work would never end.
            #expect(seen.jobRanOnEditorThread)
            #expect(seen.printed == "from the work\n")
        }

        /// Opens an editor on this thread, waits for work that prints through the remote and then waits for a
        /// job of its own to run on this thread, and closes the editor.
        static func runEditor(input: Int32, output: Int32, read outputRead: Int32) -> Result<Outcome, LineEditorError> {
            let editor: LineEditor
            do {
                editor = try LineEditor(.init(input: input, output: output))
            } catch {
                return .failure(error)
            }
            let editorThread = pthread_self()
            let remote = editor.remote
            var outcome = Outcome()
            let ranHere = ThreadCheck()
            outcome.value = editor.wait {
                remote.print("from the work")
                await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                    remote.enqueue { _ in
                        ranHere.record(pthread_equal(pthread_self(), editorThread) != 0)
                        resumed.resume()
                    }
                }
                return 42
            }
            outcome.jobRanOnEditorThread = ranHere.value
            do {
                try editor.close()
            } catch {
                return .failure(error)
            }
            var buffer = [UInt8](repeating: 0, count: 256)
            _ = fcntl(outputRead, F_SETFL, O_NONBLOCK)
            let count = read(outputRead, &buffer, buffer.count)
            outcome.printed = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
            return .success(outcome)
        }
    }
}

/// Whether the job ran on the editor's thread, written by the job and read by that thread after the wait.
private final class ThreadCheck: Sendable {
    private let recorded = Mutex(false)

    var value: Bool { recorded.withLock { $0 } }

    func record(_ value: Bool) {
        recorded.withLock { $0 = value }
    }
}
