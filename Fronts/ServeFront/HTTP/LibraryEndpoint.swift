import ServeCore

/// A part of an API that answers from the signed-in account's library: made for each request on the library
/// authentication found for it (`ServeContext.endpoint(_:)`, below), so that one account's request never reaches
/// another's library.
protocol LibraryEndpoint: Sendable {
    init(library: ServeLibrary)
}

extension ServeContext {
    /// `Endpoint` on the signed-in account's library; a 401 without one.
    func endpoint<Endpoint: LibraryEndpoint>(_ type: Endpoint.Type) throws -> Endpoint {
        Endpoint(library: try requireLibrary())
    }
}
