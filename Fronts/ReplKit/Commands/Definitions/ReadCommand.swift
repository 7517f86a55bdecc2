import Foundation
import ReduxVM
import RssCore

/// `read N…`: marks articles read.
struct ReadCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "read", arguments: [.articleNumbers], summary: "mark articles read (numbers or ranges like 2-5)",
        details: CommandSpec.numberDetails)

    let numbers: [Int]

    init(numbers: [Int]) { self.numbers = numbers }

    init(words: [String]) throws(CommandError) {
        numbers = try Self.articleNumbers(words)
    }

    func run(in session: CommandRunner) {
        session.markRead(numbers, true)
    }
}

extension CommandRunner {
    /// Marks the articles numbered `numbers` read or unread, in one action, and says so.
    func markRead(_ numbers: [Int], _ read: Bool) {
        var ids: [UUID] = []
        for number in numbers {
            guard let id = article(number) else { return }
            ids.append(id)
        }
        store.dispatch(SetRead(ids: ids, isRead: read))
        waiter.until { $0.listsSettled }
        let what = ids.count == 1 ? "\(numbers[0]): \(title(of: ids[0]))" : "\(ids.count) articles"
        console.print("marked \(read ? "read" : "unread") \(what)")
    }
}
