package import Foundation

extension Accounts {
    /// Turns the Fever API on for `name` with the key of their `password` (``FeverKey``), or off (nil);
    /// returns whether there is such a user.
    @discardableResult
    package mutating func setFeverKey(_ name: String, password: String?) -> Bool {
        guard let index = users.firstIndex(where: { $0.name == name }) else { return false }
        users[index].feverKeyHash = password.map { FeverKey.hash(FeverKey.key(name: name, password: $0)) }
        return true
    }

    /// The user whose Fever key is `key`, when the Fever API is on for them.
    package func user(forFeverKey key: String) -> User? {
        let hash = FeverKey.hash(key)
        return users.first { $0.feverKeyHash == hash }
    }
}

extension Accounts {
    /// Sets `name`'s password (adding the user when new; `passwordHash` is its bcrypt hash) and their Fever key
    /// with it: on or off as `fever` says, else as it was. A key made from the old password is never kept,
    /// since it would let the old password in through Fever. Returns whether Fever is on for them now.
    package mutating func setUser(_ name: String, passwordHash: String, password: String, fever: Bool?, at date: Date) -> Bool {
        let wasOn = user(named: name)?.feverKeyHash != nil
        setUser(name, passwordHash: passwordHash, at: date)
        let isOn = fever ?? wasOn
        setFeverKey(name, password: isOn ? password : nil)
        return isOn
    }
}
