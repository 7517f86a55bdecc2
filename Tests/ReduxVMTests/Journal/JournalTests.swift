import Foundation
import Testing

@testable import ReduxVM

@Suite("Action journal", .timeLimit(.minutes(5)))
struct JournalTests {
    @Test("a recorded session replays through the reducers alone to an equal state")
    func roundTrip() async throws {
        let url = temporaryFile("journal.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let journal = try ActionJournal<CounterState>(url: url)
        let store = Store(state: CounterState(), journal: journal)
        for value in 0..<500 {
            switch value % 3 {
            case 0: store.dispatch(Increment(by: value))
            case 1: store.dispatch(SetLabel(label: "label \(value) \"quoted\" ü"))
            default: store.dispatch(Append(value: value))
            }
        }
        await store.idle()
        journal.close()
        #expect(journal.failure == nil)

        var registry = JournalRegistry<CounterState>()
        registry.register(Increment.self)
        registry.register(SetLabel.self)
        registry.register(Append.self)
        let replayed = try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry)
        #expect(replayed == store.state)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 500)
        #expect(lines.first?.hasPrefix("{\"action\":") == true)
    }

    @Test("a format line first: replay checks it, refuses another format or a newer version; the file is private")
    func formatLine() async throws {
        let url = temporaryFile("format.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let format = JournalFormat(format: "counter-journal", version: 2, writer: "counter 1.0")
        let journal = try ActionJournal<CounterState>(url: url, format: format)
        let store = Store(state: CounterState(), journal: journal)
        store.dispatch(Increment(by: 3))
        await store.idle()
        journal.close()
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == #"{"format":"counter-journal","version":2,"writer":"counter 1.0"}"#)
        var registry = JournalRegistry<CounterState>()
        registry.register(Increment.self)
        let same = JournalFormat(format: "counter-journal", version: 2)
        #expect(try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry, format: same).count == 3)
        #expect(try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry).count == 3)
        #expect(throws: JournalError.newerVersion(found: 2, supported: 1, writer: "counter 1.0")) {
            try ActionJournal.replay(
                contentsOf: url, onto: CounterState(), registry: registry,
                format: JournalFormat(format: "counter-journal", version: 1))
        }
        #expect(throws: JournalError.notAJournal(path: url.path, expected: "other")) {
            try ActionJournal.replay(
                contentsOf: url, onto: CounterState(), registry: registry, format: JournalFormat(format: "other", version: 9))
        }
    }

    @Test("dropped actions are not journaled")
    func droppedActionsAreNotJournaled() async throws {
        let url = temporaryFile("dropped.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let journal = try ActionJournal<CounterState>(url: url)
        let store = Store(state: CounterState(), middleware: [DropAll()], journal: journal)
        store.dispatch(Increment())
        await store.idle()
        journal.close()
        #expect(try Data(contentsOf: url).isEmpty)
    }

    @Test("an action that is not journaled leaves a gap that replay refuses")
    func unrecordedActionIsRefused() async throws {
        let url = temporaryFile("gap.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let journal = try ActionJournal<CounterState>(url: url)
        let store = Store(state: CounterState(), journal: journal)
        store.dispatch(Increment())
        store.dispatch(Noop())
        await store.idle()
        journal.close()
        var registry = JournalRegistry<CounterState>()
        registry.register(Increment.self)
        #expect(throws: JournalError.unrecordedAction(name: String(reflecting: Noop.self), line: 2)) {
            try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry)
        }
    }

    @Test("unknown and malformed lines give clear errors")
    func badLines() throws {
        let url = temporaryFile("bad.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let registry = JournalRegistry<CounterState>()
        try Data("{\"action\":\"Nope\",\"payload\":{},\"seq\":1}\n".utf8).write(to: url)
        #expect(throws: JournalError.unknownAction(name: "Nope", line: 1)) {
            try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry)
        }
        try Data("not json\n".utf8).write(to: url)
        do {
            _ = try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry)
            Issue.record("expected an error")
        } catch {
            guard case .malformedLine(let number, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(number == 1)
            #expect(error.description.hasPrefix("journal line 1 is malformed"))
        }
        #expect(throws: JournalError.self) {
            try ActionJournal.replay(
                contentsOf: url.appendingPathExtension("missing"), onto: CounterState(), registry: registry)
        }
    }
}

private struct DropAll: Middleware {
    func on(action: any Action, context: DispatchContext) -> MiddlewareVerdict { .drop }
}

func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("reduxvm-\(UUID().uuidString)-\(name)")
}
