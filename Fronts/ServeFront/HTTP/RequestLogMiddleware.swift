import Foundation
import Hummingbird
import Logging
import ServeCore

/// Logs each request at info: method, path (percent-decoded, so that `CredentialRedaction` in the log
/// handler finds credentials in a feed address), status and time. Never the query string, a header or a
/// body: passwords, tokens and `T` travel there.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let logger: Logger

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        do {
            let response = try await next(request, context)
            log(request, path: path, status: response.status.code, since: start)
            return response
        } catch let error as any HTTPResponseError {
            log(request, path: path, status: error.status.code, since: start)
            throw error
        } catch {
            logger.warning("\(request.method) \(path) failed: \(String(describing: type(of: error)))")
            throw error
        }
    }

    private func log(_ request: Request, path: String, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1_000
        logger.info("\(request.method) \(path) \(status) \(String(format: "%.1f", milliseconds)) ms")
    }
}
