import GRDB

extension FeedSchema {
    /// Version 4: what a source's schedule needs (see ``SchedulePolicy``): the user's interval for it alone,
    /// what the feed (`ttl`, `sy:updatePeriod`) and the server (`Cache-Control`, `Expires`) asked on the last
    /// fetch, the failures in a row and the back-off they earned, and a permanent redirect seen once, which
    /// the source takes when the next fetch sees it again.
    static func createVersion4(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE source ADD COLUMN refreshInterval REAL;
            ALTER TABLE source ADD COLUMN failureCount INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE source ADD COLUMN backoffUntil REAL;
            ALTER TABLE source ADD COLUMN pendingMoveURL TEXT;
            ALTER TABLE source ADD COLUMN feedTTL REAL;
            ALTER TABLE source ADD COLUMN feedUpdatePeriod REAL;
            ALTER TABLE source ADD COLUMN serverFreshness REAL;
            """)
    }
}
