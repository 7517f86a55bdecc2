import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

extension HTTPFeedFetcher {
    /// Turns whatever the HTTP stack threw into a ``FetchError`` with its stage and a one-line message that
    /// names the host but never the URL's credentials.
    func describe(_ error: any Error, fetching url: URL) -> FetchError {
        if let error = error as? FetchError { return error }
        if error is CancellationError { return .cancelled }
        let host = url.host ?? "the server"
        let (stage, message): (FetchError.Stage, String)
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .cancelled:
                return .cancelled
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                (stage, message) = (.timeout, "could not connect to \(host) in time")
            case .readTimeout:
                (stage, message) = (.timeout, "\(host) stopped answering")
            case .deadlineExceeded:
                // Not "stopped answering": a server trickling a byte at a time never stops, it just never ends.
                let seconds = configuration.totalTimeout.seconds.formatted()
                (stage, message) = (.timeout, "\(host) did not answer in full within \(seconds) s")
            case .remoteConnectionClosed:
                (stage, message) = (.fetch, "\(host) closed the connection before the response was complete")
            case .invalidURL, .emptyHost, .emptyScheme:
                (stage, message) = (.fetch, "not a URL that can be fetched")
            default:
                (stage, message) = (.fetch, "\(host): \(error)")
            }
        case let error as NIOHTTPDecompression.DecompressionError where error == .limit:
            (stage, message) = (
                .tooLarge, "\(host) sent a body that decompresses past \(configuration.maximumBytes) bytes"
            )
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            (stage, message) = (.fetch, "\(host) sent a corrupt compressed body")
        case let error as IOError:
            (stage, message) = (.fetch, "\(host): \(String(cString: strerror(error.errnoCode)).lowercased())")
        case let error as HTTPParserError where error == .invalidEOFState:
            // The parser's word for a body cut short (fewer bytes than Content-Length, no last chunk).
            (stage, message) = (.fetch, "\(host) closed the connection before the response was complete")
        case is HTTPParserError:
            (stage, message) = (.fetch, "\(host) sent a malformed HTTP response")
        case let error as ChannelError:
            switch error {
            case .connectTimeout:
                (stage, message) = (.timeout, "could not connect to \(host) in time")
            case .eof, .ioOnClosedChannel, .outputClosed, .inputClosed, .alreadyClosed:
                (stage, message) = (.fetch, "\(host) closed the connection before the response was complete")
            default:
                (stage, message) = (.fetch, "\(host): \(error)")
            }
        default:
            (stage, message) = (.fetch, "\(host): \(error)")
        }
        return FetchError(stage: stage, message: Self.scrub(message, of: url))
    }

    /// `message` on one line, of reasonable length, without the URL's user name or password.
    static func scrub(_ message: String, of url: URL) -> String {
        var text = message.replacingOccurrences(of: "\n", with: " ")
        for secret in [url.password, url.user, url.password(percentEncoded: false), url.user(percentEncoded: false)] {
            if let secret, secret.count >= 3 { text = text.replacingOccurrences(of: secret, with: "***") }
        }
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
