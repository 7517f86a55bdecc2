import FrontKit
import ServeFront

/// `rss-serve`: everything lives in ``/ServeFront``, so that tests can reach the pieces.
@main
enum Main {
    static func main() async {
        AllocatorTuning.apply()
        await ServeCommand.runAsMain()
    }
}
