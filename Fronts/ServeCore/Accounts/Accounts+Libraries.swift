package import Foundation
import FrontKit
package import RssCore

extension Accounts {
    /// Which library a user reads.
    package enum LibraryAssignment: Equatable, Sendable {
        /// The main library: the database the server serves by default, the owner's terminal fronts' own.
        case main
        /// A library of the user's own, new or kept from an account of that name removed before.
        case own
        /// The library another user reads (a household that reads together).
        case sharedWith(String)
        /// The library in this database file.
        case file(String)

        /// Reads `main`, `own`, `with:USER` or a path.
        package init(_ text: String) {
            switch text {
            case "main": self = .main
            case "own": self = .own
            case let shared where shared.hasPrefix("with:"): self = .sharedWith(String(shared.dropFirst(5)))
            default: self = .file(URL(fileURLWithPath: text).standardizedFileURL.path)
            }
        }
    }

    /// The library file `choice` names for user `name`: nil for the main library.
    package func libraryPath(_ choice: LibraryAssignment, for name: String) throws(AccountFileProblem) -> String? {
        switch choice {
        case .main: return nil
        case .own: return AccountLibraries.newLibraryFile(for: name).path
        case .file(let path): return path
        case .sharedWith(let other):
            guard let user = user(named: other) else { throw .refused("no user called \(other) to share a library with") }
            return user.library
        }
    }

    /// Gives `name` the library `path` (nil: the main one); returns whether there is such a user.
    @discardableResult
    package mutating func setLibrary(_ name: String, path: String?) -> Bool {
        guard let index = users.firstIndex(where: { $0.name == name }) else { return false }
        users[index].library = path
        return true
    }

    /// Gives `name` their own networks besides the server's (nil: none); returns whether there is such a user.
    @discardableResult
    package mutating func setAllowedNetworks(_ name: String, _ networks: [String]?) -> Bool {
        guard let index = users.firstIndex(where: { $0.name == name }) else { return false }
        users[index].allowedNetworks = networks
        return true
    }

    /// The other users reading the library `path` (nil: the main one).
    package func users(reading path: String?, except name: String) -> [String] {
        users.filter { $0.name != name && $0.library == path }.map(\.name)
    }

    /// Notes that `name` used their library at `date`, when the last note is an hour old or more; returns
    /// whether it wrote anything.
    package mutating func noteUse(_ name: String, at date: Date) -> Bool {
        guard let index = users.firstIndex(where: { $0.name == name }) else { return false }
        if let last = users[index].lastUsedAt, date.timeIntervalSince(last) < 3_600 { return false }
        users[index].lastUsedAt = date
        return true
    }
}

extension Accounts.User {
    /// The address policy of what this user adds and fetches: the server's, with the user's own networks.
    package func policy(serverNetworks: [IPNetwork]) -> AddressPolicy {
        .publicWeb(allowing: serverNetworks + (allowedNetworks ?? []).compactMap(IPNetwork.init))
    }
}
