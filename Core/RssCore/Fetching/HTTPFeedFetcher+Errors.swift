import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

extension HTTPFeedFetcher {
    /// Turns whatever the HTTP stack threw into a ``FetchError``; text from the stack, when it must be kept,
    /// loses the URL's credentials.
    func describe(_ error: any Error, fetching url: URL) -> FetchError {
        if let error = error as? FetchError { return error }
        if error is CancellationError { return .cancelled }
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .cancelled: return .cancelled
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout: return .timeout(.connecting)
            case .readTimeout: return .timeout(.waitingForData)
            case .deadlineExceeded: return .timeout(.total(seconds: configuration.totalTimeout.seconds))
            case .remoteConnectionClosed: return .connection(.closedEarly)
            case .invalidURL, .emptyHost, .emptyScheme: return .unsupportedScheme(url.scheme ?? "")
            default: return .connection(.other(Self.scrub("\(error)", of: url)))
            }
        case let error as NIOHTTPDecompression.DecompressionError where error == .limit:
            return .tooLarge(limit: configuration.maximumBytes)
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            return .connection(.corruptCompression)
        case let error as IOError:
            return Self.connectionFailure(errno: error.errnoCode)
        case let error as NIOConnectionError:
            // Every address of the host was tried; the first one's error says why.
            if let first = error.connectionErrors.first { return describe(first.error, fetching: url) }
            return error.dnsAAAAError != nil || error.dnsAError != nil
                ? .connection(.hostNotFound) : .connection(.other(Self.scrub("\(error)", of: url)))
        case is SocketAddressError:
            return .connection(.hostNotFound)
        case let error as NIOSSLError:
            return .connection(.tls(Self.scrub("\(error)", of: url)))
        case let error as HTTPParserError where error == .invalidEOFState:
            // The parser's word for a body cut short (fewer bytes than Content-Length, no last chunk).
            return .connection(.closedEarly)
        case is HTTPParserError:
            return .connection(.malformedResponse)
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timeout(.connecting)
            case .eof, .ioOnClosedChannel, .outputClosed, .inputClosed, .alreadyClosed:
                return .connection(.closedEarly)
            default: return .connection(.other(Self.scrub("\(error)", of: url)))
            }
        default:
            return .connection(.other(Self.scrub("\(error)", of: url)))
        }
    }

    /// The failure an `errno` from a socket means.
    static func connectionFailure(errno code: Int32) -> FetchError {
        switch code {
        case ECONNREFUSED: .connection(.refused)
        case ECONNRESET, EPIPE: .connection(.reset)
        case ENETUNREACH, EHOSTUNREACH: .connection(.unreachable)
        case ETIMEDOUT: .timeout(.connecting)
        default: .connection(.system(errno: code))
        }
    }

    /// `message` on one line, of reasonable length, without the URL's user name or password.
    static func scrub(_ message: String, of url: URL) -> String {
        let text = CredentialRedaction.redact(message.replacingOccurrences(of: "\n", with: " "), secretsOf: url)
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
