/// What the last form did (a status screen readers announce politely) and why something failed (an alert), as
/// every page shows them.
enum NoticeLines {
    static func html(notice: String?, problem: String?) -> HTML {
        let noticeLine: HTML = notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" } ?? .empty
        let problemLine: HTML = problem.map { "<p class=\"notice problem\" role=\"alert\">\($0)</p>" } ?? .empty
        return "\(noticeLine)\(problemLine)"
    }
}
