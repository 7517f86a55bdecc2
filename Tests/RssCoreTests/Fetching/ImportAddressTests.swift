import Foundation
import Synchronization
import Testing

@testable import RssCore

/// Addresses an import judges when the feed is added: every form the resolver reads as an address, and names
/// that lead only to refused addresses.
@Suite("Import addresses")
struct ImportAddressTests {
    @Test("the older forms of IPv4 are the addresses the resolver reads them as", arguments: [
        ("2130706433", "127.0.0.1"), ("0x7f.1", "127.0.0.1"), ("127.1", "127.0.0.1"), ("017700000001", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"), ("10.1", "10.0.0.1"), ("192.168.0x1.1", "192.168.1.1"), ("[::1]", "::1"),
    ])
    func legacyForms(host: String, address: String) {
        #expect(IPAddress(host: host)?.description == address)
    }

    @Test("names stay names", arguments: ["example.org", "cafe.de", "face", "0x7f.1.example", "127.0.0.1.nip.io", ""])
    func names(host: String) {
        #expect(IPAddress(host: host) == nil)
    }

    @Test("a source address in a loopback form is refused when it is added, under the public-web policy only")
    func sourceAddresses() {
        for form in ["http://2130706433/feed", "http://0x7f.1/", "https://127.1/x", "http://017700000001/", "http://0/"] {
            let url = URL(string: form)!
            guard case .failure(.notAllowed) = SourceURL.validate(url, policy: .publicWeb()) else {
                Issue.record("\(form) was accepted")
                continue
            }
            #expect(SourceURL.validate(url, policy: .unrestricted) == .success(url))
        }
        let allowed = AddressPolicy.publicWeb(allowing: [IPNetwork("127.0.0.0/8")!])
        #expect(SourceURL.validate(URL(string: "http://0x7f.1/")!, policy: allowed) == .success(URL(string: "http://0x7f.1/")!))
    }

    @Test("a name that leads only to refused addresses is refused; one that resolves nowhere or partly public is not")
    func names() async {
        let check = HostCheck(resolver: TableResolver([
            "loop.test": ["127.0.0.1", "::1"], "lan.test": ["192.168.1.4"], "mixed.test": ["10.0.0.1", "93.184.215.14"],
            "public.test": ["93.184.215.14"],
        ]))
        let hosts: Set = ["loop.test", "lan.test", "mixed.test", "public.test", "nowhere.test", "203.0.113.9"]
        #expect(await check.refusals(of: hosts, policy: .publicWeb()) == ["loop.test": .loopback, "lan.test": .privateNetwork])
        let lan = AddressPolicy.publicWeb(allowing: [IPNetwork("192.168.1.0/24")!])
        #expect(await check.refusals(of: hosts, policy: lan) == ["loop.test": .loopback])
        #expect(await check.refusals(of: hosts, policy: .unrestricted).isEmpty)
    }

    /// A resolver answering from a table; a name not in it is not found.
    final class TableResolver: HostResolver {
        let table: [String: [IPAddress]]
        init(_ table: [String: [String]]) {
            self.table = table.mapValues { $0.compactMap { IPAddress($0) } }
        }
        func addresses(of host: String) throws(FetchError) -> [IPAddress] {
            guard let found = table[host] else { throw .connection(.hostNotFound) }
            return found
        }
    }
}
