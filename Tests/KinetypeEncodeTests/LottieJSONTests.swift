import Foundation
import XCTest

@testable import KinetypeEncode

/// The JSON writer of Lottie output: shortest numbers, no whitespace, keys in the given order.
final class LottieJSONTests: XCTestCase {
    func testNumbersAreShortestWithAtMostFourDecimalsAndNeverNegativeZero() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (-0.00004, "0"), (12, "12"), (-12, "-12"), (0.5, "0.5"), (-0.5, "-0.5"),
            (0.5451, "0.5451"), (0.54509, "0.5451"), (0.0001, "0.0001"), (0.00005, "0.0001"), (1.05, "1.05"),
            (100.1, "100.1"), (2.73, "2.73"), (1234567.891, "1234567.891"), (10, "10"), (1e12, "0"),
            (.infinity, "0"), (.nan, "0"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(LottieJSON.format(value), expected, "\(value)")
        }
    }

    func testDocumentIsCompactInTheGivenOrder() {
        let document = LottieJSON.object([
            ("v", .string("5.7.0")), ("k", .array([.number(1), .number(-0.25), .bool(true)])),
            ("nm", .string("a \"b\"\n")), ("e", .object([])),
        ])
        XCTAssertEqual(
            String(decoding: document.bytes, as: UTF8.self),
            #"{"v":"5.7.0","k":[1,-0.25,true],"nm":"a \"b\"\u000a","e":{}}"#)
    }

    func testAValueWrittenAtOnceIsTheSameBytesAndCountsThem() {
        let value = LottieJSON.object([
            ("a", .array([.number(1.5), .string("x\"y"), .bool(false)])), ("b", .object([("c", .number(-0.00001))])),
        ])
        let written = value.written
        XCTAssertEqual(written.bytes, value.bytes)
        XCTAssertEqual(written.byteCount, value.bytes.count)
        XCTAssertEqual(value.byteCount, value.bytes.count)
        XCTAssertEqual(
            LottieJSON.array([written, .number(2)]).bytes, Data(#"[{"a":[1.5,"x\"y",false],"b":{"c":0}},2]"#.utf8),
            "a written value sits in a larger one as its bytes")
    }
}
