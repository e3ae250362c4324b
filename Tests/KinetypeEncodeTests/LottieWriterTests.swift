import Foundation
import XCTest

@testable import KinetypeEncode

/// The JSON writer of Lottie output: shortest numbers, no whitespace, members in each model
/// type's order, values written at once sitting in larger ones as their bytes.
final class LottieWriterTests: XCTestCase {
    func testNumbersAreShortestWithAtMostFourDecimalsAndNeverNegativeZero() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (-0.00004, "0"), (12, "12"), (-12, "-12"), (0.5, "0.5"), (-0.5, "-0.5"),
            (0.5451, "0.5451"), (0.54509, "0.5451"), (0.0001, "0.0001"), (0.00005, "0.0001"), (1.05, "1.05"),
            (100.1, "100.1"), (2.73, "2.73"), (1234567.891, "1234567.891"), (10, "10"), (1e12, "0"),
            (.infinity, "0"), (.nan, "0"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(LottieWriter.format(value), expected, "\(value)")
        }
    }

    func testStringsAreEscapedAndArraysAndObjectsCompact() {
        XCTAssertEqual(text("a \"b\"\\\n\u{1}"), #""a \"b\"\\\u000a\u0001""#)
        XCTAssertEqual(text([[1.5, -0.25], []] as [[Double]]), "[[1.5,-0.25],[]]")
        XCTAssertEqual(text(LottieTransform()), "{}", "a transform with nothing set is the identity, empty")
        XCTAssertEqual(
            text(LottieTransform(opacity: .fixed(40), scale: .fixed([50, 50, 100]))),
            #"{"o":{"a":0,"k":40},"s":{"a":0,"k":[50,50,100]}}"#, "members left nil are left out")
    }

    func testAValueWrittenAtOnceIsTheSameBytesAndCountsThem() {
        let layer = LottieLayer(
            .image(id: "image0"), index: 2, frames: 3..<9, transform: LottieTransform(opacity: .fixed(100)))
        let written = LottieWritten(layer)
        XCTAssertEqual(written.data, layer.json)
        XCTAssertEqual(written.byteCount, layer.json.count)
        let expected = #"{"ty":2,"ind":2,"refId":"image0","ip":3,"op":9,"st":0,"ks":{"o":{"a":0,"k":100}}}"#
        XCTAssertEqual(String(decoding: written.data, as: UTF8.self), expected)
        XCTAssertEqual(
            text(LottieAsset(id: "layer0", name: "layers[0]", .precomposition([written, written]))),
            #"{"id":"layer0","nm":"layers[0]","layers":["# + expected + "," + expected + "]}",
            "a written value sits in a larger one as its bytes")
    }

    private func text(_ value: some LottieEncodable) -> String { String(decoding: value.json, as: UTF8.self) }
}
