/// The rules one attempt of the search follows; each retry after too short a result drops one, in order.
struct SearchFlags: OptionSet {
    let rawValue: Int

    /// Remove elements whose class or id reads like furniture before scoring.
    static let stripUnlikely = SearchFlags(rawValue: 1)
    /// Weigh candidates by their class and id.
    static let weightClasses = SearchFlags(rawValue: 2)
    /// Remove lists, tables and blocks that look like furniture from the result.
    static let cleanConditionally = SearchFlags(rawValue: 4)

    static let all: SearchFlags = [.stripUnlikely, .weightClasses, .cleanConditionally]
}
