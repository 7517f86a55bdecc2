/// The bare loop's subscriber closures, called the cheapest way Swift allows.
///
/// Iterating an array of closures retains and releases each closure's context around its call; a floor must
/// not pay for that when the engine need not, so the closures sit in objects the list owns and are called
/// through unretained references. The list never changes while it is called.
struct BareCalls<Argument> {
    private final class Call {
        let body: (Argument) -> Void
        init(_ body: @escaping (Argument) -> Void) { self.body = body }
    }

    private let owners: [Call]
    private let unretained: [Unmanaged<Call>]

    init(_ bodies: [(Argument) -> Void]) {
        owners = bodies.map(Call.init)
        unretained = owners.map { Unmanaged.passUnretained($0) }
    }

    /// Calls every closure with `argument`, in order.
    func callAll(_ argument: Argument) {
        for call in unretained {
            call._withUnsafeGuaranteedRef { $0.body(argument) }
        }
    }
}
