import FrontKit
import RssCore

/// RssCore's problems in the words every front uses, for an API answer: sources are named by nothing but
/// what the problem holds (a server's answer goes to another program, not to a terminal).
enum ProblemTextForAPI {
    static func message(_ problem: RssProblem) -> String {
        ProblemText.message(problem, sources: SourcesState())
    }
}
