extension Store {
    /// Registers `service`: its `onInit` runs, then its side effects are asked about every later change.
    /// The store keeps the service for its whole life.
    @inlinable
    public func register<S: Service>(_ service: S) where S.State == State {
        remember(service)
        let entry = ExecutorConfined(ServiceEntry(service: service))
        enqueue { core in
            core.register(entry.value) { state, trunk in service.onInit(state: state, trunk: trunk) }
        }
    }

    /// Subscribes `subscriber`; it first receives the current state, then every change.
    ///
    /// The store does not keep the subscriber alive: once nothing else refers to it, it is dropped before its
    /// next notification (see ``StoreSubscriber``). Keep a reference for as long as it should hear changes.
    @inlinable
    public func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.State == State {
        let entry = ExecutorConfined(SubscriberEntry(subscriber).erased(identity: ObjectIdentifier(subscriber)))
        enqueue { core in core.subscribe(entry.value) }
    }

    /// Stops notifying `subscriber`.
    public func unsubscribe(_ subscriber: some StoreSubscriber<State>) {
        let identity = ObjectIdentifier(subscriber)
        enqueue { core in core.unsubscribe(identity: identity) }
    }

    /// Connects `presenter` to `receiver`, a view held weakly, whose props are delivered on `executor`.
    ///
    /// The presenter's `onInit` runs, then the view renders the current state; from then on it renders
    /// whenever the presenter reacts and the props change. The connection ends when the view goes away or
    /// through the returned binding.
    @discardableResult
    @inlinable
    public func connect<P: Presenter, R: PropsReceiver>(
        _ presenter: P, to receiver: R, on executor: any ViewExecutor
    ) -> PresenterBinding where P.State == State, R.Props == P.Props {
        let entry = ExecutorConfined(PresenterEntry(presenter: presenter, receiver: receiver, executor: executor))
        enqueue { core in
            entry.value.start(state: core.current, trunk: core.trunk)
            core.subscribe(entry.value.erased())
        }
        return PresenterBinding(
            subscribe: { [weak self] in
                self?.enqueue { core in
                    guard !entry.value.isSubscribed else { return }
                    entry.value.resubscribe()
                    core.deliverInitial(to: entry.value.erased())
                }
            },
            unsubscribe: { [weak self] in
                self?.enqueue { _ in entry.value.pause() }
            },
            disconnect: { [weak self] in
                self?.enqueue { core in
                    entry.value.disconnect()
                    core.dropEndedSubscriptions()
                }
            }
        )
    }
}
