import Foundation
import FrontKit
import HTTPTypes
import Hummingbird
import ReduxVM
import RssCore
import ServeCore

/// The settings page and its forms.
enum SettingsRoute {
    static func page(_ request: Request, context: ServeContext, problem: String? = nil) async throws -> Response {
        let library = try context.requireLibrary()
        await library.catchUp()
        let state = library.store.state
        let page = SettingsPage(
            frame: ListRoute.frame(context, state: state, selection: nil, title: "Settings"), settings: state.settings,
            notice: Flash.shared.take(for: context), problem: problem)
        return WebAnswer.page(page.html, status: problem == nil ? .ok : .unprocessableContent)
    }

    /// Sets `key` to `value`, read as the REPL's `set KEY VALUE` reads it.
    static func change(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        let key = form["key"] ?? ""
        let value = (form["value"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        switch SettingValue.change(key: key, value: value) {
        case .failure(let problem):
            return try await page(request, context: context, problem: problem.message)
        case .success(let change):
            if let problem = await library.changeSetting(change) {
                return try await page(request, context: context, problem: ProblemText.message(problem, sources: library.store.state.sources))
            }
            Flash.shared.put("Set \(key) to \(value).", for: context)
            return WebAnswer.redirect(to: WebPath.settings)
        }
    }
}
