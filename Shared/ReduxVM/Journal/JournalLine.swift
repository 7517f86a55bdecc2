/// The JSON Lines format of a journal: one object per reduced action.
///
/// `{"seq":12,"action":"App.MarkRead","payload":{…}}`, or `"unrecorded":true` in place of a payload when the
/// action was not a ``JournaledAction``.
enum JournalLine {
    enum Keys: String, CodingKey {
        case seq, action, payload, unrecorded
    }

    /// What the writer encodes.
    struct Entry: Encodable {
        let sequence: UInt64
        let name: String
        let payload: (any Encodable)?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(sequence, forKey: .seq)
            try container.encode(name, forKey: .action)
            if let payload {
                try container.encode(payload, forKey: .payload)
            } else {
                try container.encode(true, forKey: .unrecorded)
            }
        }
    }

    /// The part of a line that says what it holds.
    struct Header: Decodable {
        let action: String
        let unrecorded: Bool?
    }

    /// A line's payload decoded as a known action type.
    struct Payload<A: Decodable>: Decodable {
        let payload: A
    }
}
