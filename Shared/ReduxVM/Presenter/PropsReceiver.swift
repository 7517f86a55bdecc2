/// A view: something that renders props.
///
/// A receiver is confined to its own executor (the terminal's thread in a REPL): ``render(props:)`` is only
/// ever called there, so it may keep unsynchronised state. The store holds it weakly; when it goes away its
/// presenter is disconnected.
public protocol PropsReceiver<Props>: AnyObject, SendableMetatype {
    /// What this view renders.
    associatedtype Props

    /// Shows `props`. Called on the receiver's executor only.
    func render(props: Props)
}
