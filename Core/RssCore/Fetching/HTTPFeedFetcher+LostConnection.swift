import AsyncHTTPClient
import Foundation
import NIOCore

extension HTTPFeedFetcher {
    /// How many times one request is sent when the connection is lost before the response arrives.
    static let attemptsOnLostConnection = 3

    /// Whether `error` means the connection went away before a response head arrived: what happens when a
    /// request goes out on a pooled keep-alive connection that the server closed in the meantime. HTTP/1.1
    /// lets a server close an idle connection at any time without saying so, and many do (a short keep-alive
    /// timeout, or a server that closes after every response without `Connection: close`); a GET is
    /// idempotent, so it is sent again, as curl and browsers do, instead of failing a good feed. A server that
    /// resets every connection still fails, after a few quick tries.
    static func isLostConnection(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError:
            return error == .remoteConnectionClosed
        case let error as IOError:
            return error.errnoCode == ECONNRESET || error.errnoCode == EPIPE
        case let error as ChannelError:
            return error == .eof || error == .ioOnClosedChannel || error == .outputClosed
        default:
            return false
        }
    }
}
