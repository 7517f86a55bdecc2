/// A registered service with its side effects, erased to the store's state type.
///
/// The closure is made where the service's type is known, so it is specialised for it.
@usableFromInline
final class ServiceEntry<State: Sendable> {
    /// Asks every side effect about a change, running those whose condition holds.
    @usableFromInline let notify: (StateBox<State>, Trunk<State>) -> Void

    @inlinable
    init<S: Service>(service: S) where S.State == State {
        let effects = service.sideEffects
        notify = { box, trunk in
            for effect in effects where effect.condition(box: box) {
                effect.execute(box: box, trunk: trunk, service: service)
            }
        }
    }
}
