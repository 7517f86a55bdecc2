import Foundation

extension AccountBook {
    /// The user a Fever `api_key` belongs to, or nil for a key of no user with the Fever API on (a wrong
    /// password, a user without Fever, or a key made before the password changed). One SHA-256, no bcrypt:
    /// Fever apps send the key with every request.
    package func user(forFeverKey key: String) throws(AccountFileProblem) -> String? {
        guard !key.isEmpty, key.count <= FeverKey.maximumLength else { return nil }
        return try current().user(forFeverKey: key)?.name
    }
}
