/// A type-erased hashable, sendable value: equal when the wrapped values have the same type and are equal.
struct AnySendableHashable: Hashable, Sendable, CustomStringConvertible {
    let base: any Hashable & Sendable

    init(_ base: some Hashable & Sendable) {
        self.base = base
    }

    static func == (lhs: AnySendableHashable, rhs: AnySendableHashable) -> Bool {
        func equals<T: Hashable>(_ value: T, _ other: any Hashable & Sendable) -> Bool {
            (other as? T) == value
        }
        return equals(lhs.base, rhs.base)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
    }

    var description: String { String(describing: base) }
}
