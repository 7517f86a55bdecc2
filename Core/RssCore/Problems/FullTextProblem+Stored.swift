import Foundation

extension FullTextProblem {
    /// The stored form: JSON of the problem (see ``init(stored:)``).
    var storedText: String? {
        // Encoding an enum of strings and numbers cannot fail.
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The problem stored as `text`; nil for NULL, or for a form this version cannot read.
    init?(stored text: String?) {
        guard let text, let problem = try? JSONDecoder().decode(FullTextProblem.self, from: Data(text.utf8)) else {
            return nil
        }
        self = problem
    }
}
