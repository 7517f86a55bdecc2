import Foundation
import RssCore
import Testing

@testable import ServeCore
@testable import ServeFront

/// How Fever requests are read: parameters from the query and either kind of body, the selectors, the page
/// of items and the marks, as each app sends them.
@Suite("Fever requests")
struct FeverParsingTests {
    static func parameters(_ query: String?, body: String = "", type: String? = nil) throws -> FeverParameters {
        try FeverParameters(query: query, body: Array(body.utf8), contentType: type)
    }

    @Test("bare keys, empty values and api in any form; the query before the body")
    func bareKeys() throws {
        let unread = try Self.parameters(
            "api&items&since_id=5", body: "api_key=abc&since_id=9", type: "application/x-www-form-urlencoded")
        #expect(unread.has("api") && unread.has("items") && unread["items"] == "")
        #expect(unread["since_id"] == "5")
        #expect(unread["api_key"] == "abc")
        let readYou = try Self.parameters("api=&groups")
        #expect(readYou.has("groups") && readYou["api"] == "")
        let request = FeverRequest(try Self.parameters("api=xml&groups&feeds&unread_item_ids&links", body: "api_key="))
        #expect(request.reads == [.groups, .feeds, .unreadItemIDs, .links])
        #expect(request.apiKey == nil)
        #expect(request.mark == nil)
        // Readrops: no api at all.
        #expect(FeverRequest(try Self.parameters("saved_item_ids")).reads == [.savedItemIDs])
        // Selectors in the body too.
        #expect(FeverRequest(try Self.parameters("api", body: "api_key=k&favicons")).reads == [.favicons])
    }

    @Test("a multipart body's fields, quoted boundary or not; a malformed one is refused")
    func multipart() throws {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"api_key\"\r\n\r\nKEY\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"mark\"\r\nContent-Type: text/plain\r\n\r\nitem\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; filename=\"x\"; name=\"id\"\r\n\r\n12\r\n--XyZ--\r\n"
        for type in ["multipart/form-data; boundary=XyZ", "Multipart/Form-Data; charset=utf-8; boundary=\"XyZ\""] {
            let parameters = try Self.parameters("api", body: body, type: type)
            #expect(parameters.pairs.map(\.0) == ["api", "api_key", "mark", "id"])
            #expect(parameters["api_key"] == "KEY" && parameters["mark"] == "item" && parameters["id"] == "12")
        }
        #expect(MultipartForm.boundary(in: "application/x-www-form-urlencoded") == nil)
        #expect(throws: APIError.self) {
            try Self.parameters(
                nil, body: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end",
                type: "multipart/form-data; boundary=XyZ")
        }
        #expect(throws: APIError.self) {
            try Self.parameters(nil, body: "no boundary here", type: "multipart/form-data; boundary=XyZ")
        }
    }

    @Test("items: since_id ascending from 0, max_id descending (0 and huge from the newest), with_ids at most 50")
    func itemPages() throws {
        func page(_ query: String) throws -> FeverItemSelection.Page {
            FeverItemSelection(try Self.parameters(query)).page
        }
        #expect(try page("api&items") == .after(0))
        #expect(try page("api=&items&since_id=") == .after(0))
        #expect(try page("api&items&since_id=42") == .after(42))
        #expect(try page("api&items&max_id=0") == .below(nil))
        #expect(try page("api&items&max_id=") == .below(nil))
        #expect(try page("api&items&max_id=2147483647") == .below(2_147_483_647))
        #expect(try page("api&items&max_id=9007199254740991") == .below(9_007_199_254_740_991))
        #expect(try page("api&items&max_id=99999999999999999999999") == .below(Int64.max))
        #expect(try page("api&items&with_ids=3,1,x,3,2") == .ids([3, 1, 2]))
        let many = (1...60).map(String.init).joined(separator: ",")
        #expect(try page("api&items&with_ids=\(many)") == .ids(Array(1...50)))
        // with_ids before max_id before since_id.
        #expect(try page("api&items&since_id=4&max_id=9&with_ids=7") == .ids([7]))
        #expect(try page("api&items&since_id=4&max_id=9") == .below(9))
        let filtered = FeverItemSelection(try Self.parameters("api&items&feed_ids=1,2&group_ids=3"))
        #expect(filtered.feeds == [1, 2] && filtered.groups == [3])
        let query = FeverItemSelection(page: .below(9)).query(sources: nil)
        #expect(
            query.numbersBelow == 9 && query.order == .highestNumberFirst && query.limit == 50 && query.includesBody)
        let ascending = FeverItemSelection(page: .after(9)).query(sources: [])
        #expect(ascending.numbersAbove == 9 && ascending.order == .lowestNumberFirst && ascending.sourceIDs == [])
    }

    @Test("marks: items, feeds and groups (0, -1), before in seconds clamped, nonsense ignored")
    func marks() throws {
        func mark(_ query: String, body: String = "") throws -> FeverMark? {
            FeverMark(try Self.parameters(query, body: body))
        }
        #expect(try mark("api", body: "mark=item&as=read&id=7") == FeverMark(target: .item(7), change: .read))
        #expect(try mark("api=&mark=item&as=unsaved&id=7") == FeverMark(target: .item(7), change: .unsaved))
        #expect(
            try mark("api", body: "mark=feed&as=read&id=3&before=1700000000")
                == FeverMark(target: .feed(3), change: .read, before: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(try mark("api", body: "mark=group&as=read&id=-1&before=1")?.target == .group(-1))
        #expect(try mark("api", body: "mark=group&as=read&id=0")?.before == nil)
        let readYouEverything = try mark("api", body: "mark=group&as=read&id=0&before=9223372036854775")
        #expect(readYouEverything?.before == Date(timeIntervalSince1970: 253_402_300_799))
        #expect(try mark("api", body: "mark=item&as=read&id=abc") == nil)
        #expect(try mark("api", body: "mark=item&as=starred&id=1") == nil)
        #expect(try mark("api", body: "mark=link&as=read&id=1") == nil)
        #expect(try mark("api", body: "mark=item&as=read") == nil)
        #expect(try mark("api", body: "mark=item&as=read&id=1")?.answersWith == .some(nil))
        #expect(try mark("api", body: "mark=item&as=saved&id=1")?.answersWith == .savedItemIDs)
        #expect(try mark("api", body: "mark=feed&as=read&id=1&before=1")?.answersWith == .unreadItemIDs)
        #expect(try mark("api", body: "mark=group&as=read&id=0&before=1")?.answersWith == .unreadItemIDs)
    }

    @Test("numbers: digits only, clamped; lists skip what is not a number")
    func numbers() {
        #expect(FeverNumber.natural("12") == 12)
        #expect(FeverNumber.natural(" 12 ") == 12)
        #expect(FeverNumber.natural("-12") == nil)
        #expect(FeverNumber.natural("1e3") == nil)
        #expect(FeverNumber.natural("") == nil)
        #expect(FeverNumber.natural(String(repeating: "9", count: 40)) == .max)
        #expect(FeverNumber.integer("-1") == -1)
        #expect(FeverNumber.list("1, 2,,x,2,3") == [1, 2, 3])
        #expect(FeverNumber.seconds(Date(timeIntervalSince1970: 99.9)) == 99)
    }
}
