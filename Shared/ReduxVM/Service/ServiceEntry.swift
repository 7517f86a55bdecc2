/// A registered service with its side effects, erased to the store's state type.
final class ServiceEntry<State: Sendable> {
    private let notifyEffects: (StateBox<State>, Trunk<State>) -> Void

    init<S: Service>(service: S) where S.State == State {
        let effects = service.sideEffects
        notifyEffects = { box, trunk in
            for effect in effects where effect.condition(box: box) {
                effect.execute(box: box, trunk: trunk, service: service)
            }
        }
    }

    /// Asks every side effect about `box`, running those whose condition holds.
    func notify(_ box: StateBox<State>, trunk: Trunk<State>) {
        notifyEffects(box, trunk)
    }
}
