import Foundation
import Testing

extension ServeEndToEnd {
    /// HTTPS with the user's own certificate and key, and the warning for a server reachable from the network
    /// in clear.
    @Suite("Transport", .timeLimit(.minutes(5)))
    struct TransportTests {
        static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
        static let curl = URL(fileURLWithPath: "/usr/bin/curl")

        /// A self-signed certificate for 127.0.0.1 and its key, made by openssl in `directory`.
        static func certificate(in directory: URL) async throws -> (certificate: String, key: String) {
            let certificate = directory.appendingPathComponent("cert.pem").path
            let key = directory.appendingPathComponent("key.pem").path
            let made = try await ServeProcess.run(
                ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
                 "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                executable: openssl, directory: directory)
            try #require(made.status == 0, "openssl: \(made.stderr)")
            return (certificate, key)
        }

        @Test("with --tls-cert and --tls-key it speaks HTTPS with that certificate, and only HTTPS")
        func https() async throws {
            let keys = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: keys) }  // cleanup only
            let (certificate, key) = try await Self.certificate(in: keys)
            let server = try await ServeProcess(arguments: ["--tls-cert", certificate, "--tls-key", key], prepare: Library.prepare)
            #expect(server.baseURL.hasPrefix("https://127.0.0.1:"))
            #expect(!server.standardError.contains("warning"), "\(server.standardError)")
            // curl trusting this certificate alone: the handshake proves the server holds its key.
            let signedIn = try await ServeProcess.run(
                ["--silent", "--show-error", "--cacert", certificate, "--data-urlencode", "Email=\(ServeProcess.user)",
                 "--data-urlencode", "Passwd=\(ServeProcess.password)", server.baseURL + "/accounts/ClientLogin"],
                executable: Self.curl, directory: keys)
            #expect(signedIn.status == 0 && signedIn.stdout.contains("Auth="), "\(signedIn.stderr)")
            let token = signedIn.stdout.split(separator: "\n").first { $0.hasPrefix("Auth=") }.map { String($0.dropFirst(5)) } ?? ""
            let list = try await ServeProcess.run(
                ["--silent", "--show-error", "--cacert", certificate, "--header", "Authorization: GoogleLogin auth=\(token)",
                 server.baseURL + "/reader/api/0/subscription/list?output=json"],
                executable: Self.curl, directory: keys)
            #expect(list.stdout.contains("\"subscriptions\""), "\(list.stdout) \(list.stderr)")
            // Without trusting it, curl refuses the certificate (it is no public one).
            let untrusted = try await ServeProcess.run(
                ["--silent", server.baseURL + "/accounts/ClientLogin"], executable: Self.curl, directory: keys)
            #expect(untrusted.status == 60, "curl: \(untrusted.status) \(untrusted.stderr)")
            // Plain HTTP on the same port is not served.
            let plain = try await ServeProcess.run(
                ["--silent", "--max-time", "10", "--output", "/dev/null", "--write-out", "%{http_code}",
                 server.baseURL.replacingOccurrences(of: "https://", with: "http://") + "/v1/me"],
                executable: Self.curl, directory: keys)
            #expect(!["200", "401"].contains(plain.stdout), "plain HTTP got \(plain.stdout)")
            #expect(await server.stop() == 0)
        }

        @Test("listening beyond loopback without TLS warns that secrets cross the network in clear")
        func clearTextWarning() async throws {
            let server = try await ServeProcess(arguments: ["--listen", "0.0.0.0:0"])
            #expect(server.baseURL.hasPrefix("http://0.0.0.0:"))
            #expect(server.standardError.contains("warning: listening on 0.0.0.0 without TLS"), "\(server.standardError)")
            #expect(await server.stop() == 0)
            let local = try await ServeProcess()
            #expect(!local.standardError.contains("without TLS"), "\(local.standardError)")
            #expect(await local.stop() == 0)
        }
    }
}
