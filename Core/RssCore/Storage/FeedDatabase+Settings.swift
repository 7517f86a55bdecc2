import GRDB

/// Settings: a small key/value table shared by every front (refresh interval, retention, list defaults).
extension FeedDatabase {
    /// The value stored for `key`, or nil.
    func setting(_ key: String) throws(DatabaseProblem) -> String? {
        try read(.loadSettings) { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    /// Every setting.
    func allSettings() throws(DatabaseProblem) -> [String: String] {
        try read(.loadSettings) { db in
            var settings: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") { settings[row["key"]] = row["value"] }
            return settings
        }
    }

    /// Stores `value` for `key`; nil removes the key.
    func setSetting(_ key: String, to value: String?) throws(DatabaseProblem) {
        try write(.saveSetting) { db in
            if let value {
                try db.execute(
                    sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }
}
