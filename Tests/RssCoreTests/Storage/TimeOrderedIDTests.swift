import Foundation
import Testing

@testable import RssCore

@Suite("Time-ordered article ids")
struct TimeOrderedIDTests {
    @Test("version 7 with the RFC's variant, the time first, unique and in time order")
    func versionSevenInTimeOrder() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123)
        let ids = (0..<1_000).map { _ in UUID.timeOrdered(at: date) }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let bytes = id.uuid
            #expect(bytes.6 >> 4 == 7)
            #expect(bytes.8 >> 6 == 0b10)
            #expect(id.uuidString.hasPrefix("018BCFE5-687B"))  // 1,700,000,000,123 ms
        }
        let later = UUID.timeOrdered(at: date.addingTimeInterval(0.002))
        #expect(ids.allSatisfy { $0.uuidString < later.uuidString })
    }
}
