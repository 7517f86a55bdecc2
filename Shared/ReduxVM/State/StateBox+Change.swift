extension StateBox {
    /// A box for one change made by hand, as the store would deliver it after `action` turned `old` into
    /// `new`: so that a presenter's ``Presenter/reaction(for:)`` and ``Presenter/props(for:trunk:)`` can be
    /// tested on exactly the change that matters, without a store.
    public static func change(from old: State, to new: State, by action: any Action<State>) -> StateBox {
        StateBox(old: old, new: new, action: action, context: nil, isInitialDelivery: false)
    }
}
