import FrontKit
import ReportFront

/// `rss-report`: everything lives in ``/ReportFront``, so that tests can reach the pieces.
@main
enum Main {
    static func main() async {
        AllocatorTuning.apply()
        await ReportCommand.runAsMain()
    }
}
