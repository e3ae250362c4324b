import Foundation
import TestSupport
import XCTest

@testable import KinetypeEncode

final class SVGTextTests: XCTestCase {
    /// The shortest forms the SVG writer promises: no trailing zeros, no leading zero, never `-0`.
    func testNumbersTakeTheirShortestForm() {
        XCTAssertEqual(SVGText.number(12), "12")
        XCTAssertEqual(SVGText.number(2.5, decimals: 1), "2.5")
        XCTAssertEqual(SVGText.number(0.25, decimals: 2), ".25")
        XCTAssertEqual(SVGText.number(-0.5, decimals: 3), "-.5")
        XCTAssertEqual(SVGText.number(-0.0001, decimals: 2), "0")
        XCTAssertEqual(SVGText.number(1.999_96, decimals: 4), "2")
        XCTAssertEqual(SVGText.number(.infinity), "0")
        XCTAssertEqual(SVGText.number(1e20), "100000000000000000000")
        XCTAssertEqual(SVGText.number(-123_456.789, decimals: 1), "-123456.8")
    }

    /// Every digit matches what C's `printf("%.Nf")` gives for the rounded value, the form the
    /// writer had before it formatted integers itself, over random magnitudes from 1e-6 to past
    /// 2^53 (where the digits come from `printf` again).
    func testDigitsMatchPrintfOverRandomValues() {
        var generator = SeededGenerator(seed: 0x5356_4754)
        for _ in 0..<20_000 {
            let exponent = Double(generator.next() % 240) / 10 - 6
            let sign: Double = generator.next() % 2 == 0 ? 1 : -1
            let value = sign * pow(10, exponent) * (1 + Double(generator.next() % 1000) / 1000)
            let decimals = Int(generator.next() % 5)
            XCTAssertEqual(
                SVGText.number(value, decimals: decimals), printfShortest(value, decimals: decimals),
                "\(value) at \(decimals) decimals")
        }
    }

    /// The shortest form built from `printf`'s digits of the rounded, scaled value.
    private func printfShortest(_ value: Double, decimals: Int) -> String {
        let scaled = (value * pow(10, Double(decimals))).rounded()
        if scaled == 0 { return "0" }
        var digits = String(format: "%.0f", abs(scaled))
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            var fraction = String(digits.suffix(decimals))
            var whole = String(digits.dropLast(decimals))
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if whole == "0" { whole = "" }
            digits = fraction.isEmpty ? (whole.isEmpty ? "0" : whole) : whole + "." + fraction
        }
        return (scaled < 0 ? "-" : "") + digits
    }
}
