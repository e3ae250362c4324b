import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeRender

/// Word units from Unicode's word boundaries (UAX #29) with ICU's dictionaries, checked against
/// references nobody here wrote: every line of Unicode 15's WordBreakTest.txt, and ICU's own
/// segmentation of sentences in scripts written without spaces.
final class UnicodeWordsTests: XCTestCase {
    private func units(_ text: String) -> [String] {
        TypewriterUnit.word.split(text, words: UnicodeWords())
    }

    /// The UTF-16 offsets between ICU's segments, the start and end included.
    private func boundaries(_ text: String) throws -> [Int] {
        let segments = try XCTUnwrap(UnicodeWords.segments(text))
        return [0] + segments.map(\.end)
    }

    /// The offsets (in `unit`, the offsets' unit of count) where one reveal unit ends and the next starts.
    private func revealSteps(_ units: [String], unit: (String) -> Int) -> [Int] {
        var steps: [Int] = []
        var offset = 0
        for piece in units.dropLast() {
            offset += unit(piece)
            steps.append(offset)
        }
        return steps
    }

    /// One test line of WordBreakTest.txt: its scalars and the offsets (in scalars) of every `÷`.
    private struct BreakCase {
        var line: Int
        var scalars: [Unicode.Scalar]
        var breaks: Set<Int>
        var text: String { String(String.UnicodeScalarView(scalars)) }
    }

    private func wordBreakCases() throws -> [BreakCase] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/WordBreakTest-15.0.0.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# WordBreakTest-15.0.0.txt"))
        var cases: [BreakCase] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            guard !body.isEmpty else { continue }
            var breakCase = BreakCase(line: number + 1, scalars: [], breaks: [])
            for token in body.split(separator: " ") {
                switch token {
                case "÷": breakCase.breaks.insert(breakCase.scalars.count)
                case "×": continue
                default:
                    let scalar = try XCTUnwrap(
                        UInt32(token, radix: 16).flatMap(Unicode.Scalar.init), "line \(number + 1)")
                    breakCase.scalars.append(scalar)
                }
            }
            cases.append(breakCase)
        }
        return cases
    }

    /// ICU's boundaries, in scalars, of one test line.
    private func scalarBoundaries(_ breakCase: BreakCase) throws -> Set<Int> {
        var scalarAt: [Int: Int] = [0: 0]
        var utf16 = 0
        for (index, scalar) in breakCase.scalars.enumerated() {
            utf16 += scalar.utf16.count
            scalarAt[utf16] = index + 1
        }
        return Set(try boundaries(breakCase.text).map { try XCTUnwrap(scalarAt[$0]) })
    }

    func testEveryLineOfWordBreakTestHasUnicodesBoundariesAndNoRevealStepInsideAWord() throws {
        let cases = try wordBreakCases()
        XCTAssertEqual(cases.count, 1823)
        var exact = 0
        var stepsInsideWords: [Int] = []
        for breakCase in cases {
            if try scalarBoundaries(breakCase) == breakCase.breaks { exact += 1 }
            let pieces = units(breakCase.text)
            XCTAssertEqual(pieces.joined(), breakCase.text, "line \(breakCase.line)")
            let steps = revealSteps(pieces) { $0.unicodeScalars.count }
            if !steps.allSatisfy(breakCase.breaks.contains) { stepsInsideWords.append(breakCase.line) }
        }
        XCTAssertEqual(exact, cases.count, "lines whose segments are UAX #29's")
        XCTAssertEqual(stepsInsideWords, [], "lines with a reveal step inside a UAX #29 word")
    }

    func testLatinWordsWithInnerPunctuationStayWhole() {
        XCTAssertEqual(
            units("It's 3.14, e.g. U.S.A. don't 3,000"),
            ["It's ", "3.14, ", "e.g. ", "U.S.A. ", "don't ", "3,000"])
        XCTAssertEqual(units("Hello, big world!"), ["Hello, ", "big ", "world!"])
        XCTAssertEqual(units("  leading space"), ["  leading ", "space"])
        XCTAssertEqual(units("Wow!!! Great."), ["Wow!!! ", "Great."])
        XCTAssertEqual(units("مرحبا بالعالم الجميل"), ["مرحبا ", "بالعالم ", "الجميل"])
        XCTAssertEqual(units("שלום עולם"), ["שלום ", "עולם"])
    }

    /// Sentences written without spaces split where ICU's dictionaries do (the units ICU's own
    /// break iterator gives, punctuation joined to the word before it), as printed by ICU 76.
    func testScriptsWithoutSpacesSplitByDictionary() throws {
        let sentences: [(String, [String])] = [
            ("今日は新しい機能を紹介します。", ["今日", "は", "新しい", "機能", "を", "紹介", "し", "ます。"]),
            ("東京タワーに行きました", ["東京タワー", "に", "行き", "ま", "した"]),
            ("今天我们介绍新功能。", ["今天", "我们", "介绍", "新", "功能。"]),
            ("ภาษาไทยเป็นภาษาที่สวยงาม", ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวยงาม"]),
            ("ພາສາລາວເປັນພາສາທີ່ງາມ", ["ພາສາ", "ລາວ", "ເປັນ", "ພາສາ", "ທີ່", "ງາມ"]),
            ("ភាសាខ្មែរគឺជាភាសាដ៏ស្រស់ស្អាត", ["ភាសាខ្មែរ", "គឺជា", "ភាសា", "ដ៏", "ស្រស់", "ស្អាត"]),
            ("မြန်မာဘာသာစကားသည်လှပသည်", ["မြန်မာဘာသာ", "စကား", "သည်", "လှပ", "သည်"]),
            ("오늘은 새로운 기능을 소개합니다.", ["오늘은 ", "새로운 ", "기능을 ", "소개합니다."]),
            ("Notes 新しい機能。", ["Notes ", "新しい", "機能。"]),
            ("iOS 26の新しいカメラ機能", ["iOS ", "26", "の", "新しい", "カメラ", "機能"]),
            ("用 Swift 6 写的新功能", ["用 ", "Swift ", "6 ", "写的", "新", "功能"]),
            ("Version 2.0で3,000件の修正", ["Version ", "2.0", "で", "3,000", "件", "の", "修正"]),
            ("สวัสดีครับ Hello", ["สวัสดี", "ครับ ", "Hello"]),
        ]
        for (sentence, expected) in sentences {
            let pieces = units(sentence)
            XCTAssertEqual(pieces, expected, sentence)
            // Every reveal step is one of the segmenter's own boundaries.
            let icu = Set(try boundaries(sentence))
            for step in revealSteps(pieces, unit: { $0.utf16.count }) {
                XCTAssertTrue(icu.contains(step), "\(sentence): a step at UTF-16 offset \(step)")
            }
        }
        XCTAssertEqual(TypewriterUnit.word.split("今日は新しい機能を紹介します。").count, 1, "white space alone finds one word")
    }

    func testEmptyTextAndTextWithoutWords() {
        XCTAssertEqual(units(""), [])
        XCTAssertEqual(units("  "), ["  "])
        XCTAssertEqual(units("!? 👋"), ["!? 👋"])
        XCTAssertEqual(units("Hi 👋🏽 there"), ["Hi 👋🏽 ", "there"])
    }
}
