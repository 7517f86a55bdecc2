import FixtureCore

// Links marked BROKEN below must be reported; every other link must resolve.

/// Shows a ``/FixtureCore/Widget``: ``/FixtureCore/Widget/turn()``, ``/FixtureCore/Widget/Gear/teeth``,
/// ``/FixtureCore``, ``/FixtureCore/Describable/describe()``, ``gauge``. Relative links stay in this module:
/// ``FixtureCore/Widget`` is this module's extension of Widget, ``FixtureCore`` its extensions of FixtureCore.
/// BROKEN: ``/FixtureCore/Widget/spin()``, ``/FixtureCore/Sprocket``, ``/FixtureKore/Widget``,
/// ``Widget`` (another module's type needs its module's name), ``Dashboard/needle``,
/// ``FixtureCore/Widget/turn()`` (another module is reached by an absolute link only).
public struct Dashboard {
    /// The gauge; ``Dashboard`` and ``FixtureApp/Dashboard/gauge`` resolve.
    public var gauge = 0
}

/// Extends another module's type: ``polish()``, ``FixtureCore/Widget/polish()``, ``/FixtureCore/Widget/speed``.
/// BROKEN: ``FixtureCore/Widget/buff()``, ``FixtureCore/Widget/speed`` (relative: this module's extension).
extension Widget {
    /// Polishes it; ``Widget/polish()`` resolves here, in the extension. BROKEN: ``Widget/buff()``.
    public func polish() {}
}
