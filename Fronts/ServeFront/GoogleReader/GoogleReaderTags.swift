import Foundation
import Hummingbird
import RssCore
import ServeCore

/// `tag/list`, `rename-tag` and `disable-tag`.
struct GoogleReaderTags: LibraryEndpoint {
    let library: ServeLibrary

    /// The starred state and each tag in use or kept (`type: folder`); with an exact `ETag`, so that a client
    /// asking with `If-None-Match` gets 304 while nothing changed.
    func list(_ request: Request) async throws -> Response {
        let directory = try await GoogleReaderDirectory.load(library)
        var json = JSONWriter()
        json.object { json in
            json.key("tags")
            json.array { json in
                json.object { json in json.member("id", StreamID.starred.name) }
                for tag in directory.tags {
                    json.object { json in
                        json.member("id", StreamID.label(tag).name)
                        json.member("type", "folder")
                    }
                }
            }
        }
        return Reply.conditional(json: json.buffer, for: request)
    }

    /// `rename-tag`: `s=user/-/label/OLD` (or `t=OLD`), `dest=user/-/label/NEW`; `disable-tag`: `s` (or `t`),
    /// the label taken off every feed filed under it and forgotten. The tag keeps its number across a rename.
    func rename(_ parameters: FormParameters, removing: Bool) async throws -> Response {
        let old = try parameters["s"].map(Self.label) ?? parameters["t"]
        guard let old, !old.isEmpty else { throw APIError.badRequest("s: which label?") }
        if removing {
            await library.deleteTag(old)
        } else {
            guard let destination = parameters["dest"] else { throw APIError.badRequest("dest: which label?") }
            await library.renameTag(old, to: try Self.label(destination))
        }
        return Reply.text("OK")
    }

    static func label(_ name: String) throws -> String {
        guard case .label(let label) = StreamID(name) else { throw APIError.badRequest("a/r: not a label") }
        return label
    }
}
