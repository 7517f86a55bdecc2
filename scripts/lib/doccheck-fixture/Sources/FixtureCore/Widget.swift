// Links marked BROKEN below must be reported; every other link must resolve.

/// A thing that turns.
///
/// Turn it with ``turn()`` or ``turn(by:)-(Int)``, read ``speed``, compare with ``==(_:_:)`` or ``!=(_:_:)``.
/// Inside: ``Gear``, ``Gear/teeth``, ``Widget/Gear/mesh(with:)``, ``FixtureCore/Widget/speed``.
/// Extensions: ``Swift/String/shouted``. Absolute: ``/FixtureCore/Widget/turn()``. Operators: ``/(_:_:)``.
/// BROKEN: ``turned()``, ``Gear/tooth``, ``Sprocket``, ``turn``, ``String/shouted`` (the module of an extended
/// type comes first).
///
/// ```swift
/// // Not a link, being in a code block: ``NotALink``
/// ```
public struct Widget: Equatable {
    /// How fast it turns; ``reset()`` sets it back (a sibling, found through the parent).
    public var speed: Int = 0

    /// Turns once. By kind: ``speed-swift.property`` and ``speed-property``. BROKEN: ``speed-swift.method``.
    public mutating func turn() { speed += 1 }

    /// Turns `steps` times. By types: ``turn(by:)-(Int)``, ``turn(by:)-(Double)``, ``turn(by:)-(_)->()``.
    /// In its own comment ``turn(by:)`` is this overload. BROKEN: ``turn(by:)-(String)``, ``turn(by:)->Int``.
    public mutating func turn(by steps: Int) { speed += steps }

    /// Turns a fraction of a step.
    public mutating func turn(by steps: Double) { speed += Int(steps) }

    /// Starts again. By hash: ``turn(by:)-6l9xt``. BROKEN: ``turn(by:)-zzzzz``, and ``turn(by:)``, which
    /// names two overloads (ambiguous).
    public mutating func reset() { speed = 0 }

    /// Equal when they turn at the same ``speed``.
    public static func == (lhs: Widget, rhs: Widget) -> Bool { lhs.speed == rhs.speed }

    /// A widget turning `divisor` times slower: ``Widget//(_:_:)``. BROKEN: ``Widget//(_:)``.
    public static func / (lhs: Widget, divisor: Int) -> Widget { Widget(speed: lhs.speed / divisor) }

    /// Something a widget meshes with.
    public struct Gear {
        /// The number of teeth. Up the hierarchy: ``speed``, ``Widget``, ``Gear``. BROKEN: ``teeth/count``.
        public var teeth = 8

        /// Whether the gears fit: ``teeth``, ``Gear/teeth``, ``Widget/Gear``.
        public func mesh(with other: Gear) -> Bool { teeth == other.teeth }
    }

    /// Checks the widget.
    public func inspect() -> Bool {
        /// A local helper that DocC never sees: still checked, from the enclosing type. ``speed`` resolves;
        /// BROKEN: ``velocity``.
        func helper() -> Bool { speed >= 0 }
        let message = "a brace in a string: { and a fake comment: /// ``NotALinkEither``"
        return helper() && !message.isEmpty
    }
}

/// Extends the module's own type: ``speed`` resolves from Widget. BROKEN: ``spin()``.
extension Widget {
    /// The combined speed: ``<~>(_:_:)``, ``Widget/<~>(_:_:)``.
    public static func <~> (lhs: Widget, rhs: Widget) -> Int { lhs.speed + rhs.speed }
}

infix operator <~>: AdditionPrecedence

/// Something that says what it is: ``describe()`` is the requirement (its default implementation gives way).
public protocol Describable {
    /// Describes the value; see ``Describable``.
    func describe() -> String
}

extension Describable {
    /// The default description.
    public func describe() -> String { "\(Self.self)" }
}

/// Extends a standard library type: ``Swift/String/shouted``, ``shouted``, and here ``String/shouted``.
/// BROKEN: ``Swift/String/whispered``.
extension String {
    /// Loud: ``shouted``, ``Swift/String/shouted``. BROKEN: ``Swift/Int/shouted``.
    public var shouted: String { uppercased() }
}

/**
 A block comment also documents: ``Widget/turn()``, ``Widget/Gear``.
 BROKEN: ``Widget/Gear/spin()``.
 */
public enum Shape {
    /// A round one; see ``square`` and ``Shape/square``. BROKEN: ``triangle``.
    case round
    /// A square one.
    case square
}
