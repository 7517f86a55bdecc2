import Foundation

extension URL {
    /// The host a politeness limit applies to, lower-cased; `nil` for local files.
    var politenessKey: String? {
        if isFileURL { return nil }
        return host?.lowercased() ?? ""
    }
}
