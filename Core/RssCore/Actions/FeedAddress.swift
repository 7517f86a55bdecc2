public import Foundation

/// The rules ``AddSource`` applies to a feed address, for fronts that check addresses before dispatching.
public enum FeedAddress {
    /// The address as a source would keep it (file URLs standardised), or why ``AddSource`` would refuse it
    /// under `policy`.
    public static func validated(_ url: URL, policy: AddressPolicy = .unrestricted) -> Result<URL, AddressRefusal> {
        SourceURL.validate(url, policy: policy)
    }

    /// The address as a user may see it: user and password removed.
    public static func display(_ url: URL) -> String {
        SourceURL.display(url)
    }
}
