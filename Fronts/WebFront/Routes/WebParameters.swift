import Hummingbird

/// The query parameters of a page's address, the first of each name, as text.
enum WebParameters {
    static func of(_ request: Request) -> [String: String] {
        var parameters: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where parameters[String(name)] == nil {
            parameters[String(name)] = String(value)
        }
        return parameters
    }
}
