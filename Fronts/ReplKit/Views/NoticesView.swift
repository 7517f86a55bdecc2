import FrontKit
import ReduxVM

/// Prints each notice once, above the line being typed, then dismisses it.
///
/// An error fails a scripted run (its exit status), except a failed fetch that no command asked for, such as
/// the first run's fetch of the preinstalled sources: it is printed all the same.
final class NoticesView: PropsReceiver {
    private let console: Console
    private(set) var lastShownID = 0

    init(console: Console) {
        self.console = console
    }

    func render(props: NoticesProps) {
        let fresh = props.lines.filter { $0.id > lastShownID }
        guard let last = fresh.last else { return }
        for line in fresh {
            if line.isError {
                console.error(line.text, failsRun: !line.isFetchFailure || console.commandRunning)
            } else {
                console.print(UserMessage.line(line.text))
            }
        }
        lastShownID = last.id
        props.dismiss.perform(with: last.id)
    }
}
