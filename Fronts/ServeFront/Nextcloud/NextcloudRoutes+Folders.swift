import Foundation
import Hummingbird
@_spi(Serve) import RssCore
import ServeCore

/// Folders: RssCore's tags. A folder made through the API exists with no feed in it (a kept tag) until it is
/// deleted, and keeps its id when renamed.
extension NextcloudRoutes {
    /// `GET folders`, `POST folders`, `PUT folders/{id}`, `DELETE folders/{id}` and `folders/{id}/read`.
    func folders(_ endpoint: NextcloudEndpoint, _ parameters: NextcloudParameters) async throws -> Response {
        let directory = try await directory()
        switch endpoint {
        case .folders:
            return try Reply.json(["folders": directory.folders.map { NextcloudFolder(id: $0.number, name: $0.name) }])
        case .createFolder:
            let name = try Self.folderName(parameters)
            guard directory.folder(named: name) == nil else { throw NextcloudError.conflict("a folder called \(name) exists") }
            await library.createTag(name)
            guard let folder = try await library.numbers().tag(named: name) else {
                throw NextcloudError.unprocessable("the folder could not be made")
            }
            return try Reply.json(["folders": [NextcloudFolder(id: folder.number, name: folder.name)]])
        case .renameFolder(let id):
            let folder = try Self.folder(id, in: directory)
            let name = try Self.folderName(parameters)
            guard name != folder.name else { return try Self.done() }
            guard directory.folder(named: name) == nil else { throw NextcloudError.conflict("a folder called \(name) exists") }
            await library.renameTag(folder.name, to: name)
            return try Self.done()
        case .deleteFolder(let id):
            // News deletes a folder's feeds with it; sources filed under the tag with another folder first stay
            // (they are in that folder), and lose the tag.
            let folder = try Self.folder(id, in: directory)
            await library.unsubscribe(directory.sources(inFolder: folder.number).map(\.id))
            await library.deleteTag(folder.name)
            return try Self.done()
        case .markFolderRead(let id):
            let folder = try Self.folder(id, in: directory)
            let newest = try parameters.required("newestItemId")
            let sources = Set(directory.sources(inFolder: folder.number).map(\.id))
            if !sources.isEmpty { try await library.markAllRead(sources: sources, bound: .numberedUpTo(newest)) }
            return try Self.done()
        default:
            throw NextcloudError.notFound("no such folder route")
        }
    }

    /// The folder numbered `id`; 404 when there is none.
    private static func folder(_ id: Int64, in directory: NextcloudDirectory) throws -> LibraryNumbers.Tag {
        guard let folder = directory.folder(id) else { throw NextcloudError.notFound("no folder \(id)") }
        return folder
    }

    /// `name`, as a tag is written (``/RssCore/TagName``); 422 when nothing is left of it, as News refuses an
    /// empty name.
    private static func folderName(_ parameters: NextcloudParameters) throws -> String {
        guard let text = try parameters.text("name") else { throw NextcloudError.badRequest("name is needed") }
        guard let name = TagName.normalized(text) else { throw NextcloudError.unprocessable("the folder name is empty") }
        return name
    }
}
