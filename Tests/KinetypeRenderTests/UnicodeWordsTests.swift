import KinetypeCore
import XCTest

@testable import KinetypeRender

/// Word units from Unicode's word boundaries: sentences written without spaces split into words,
/// and white space and punctuation still join the word before them.
final class UnicodeWordsTests: XCTestCase {
    private func units(_ text: String) -> [String] {
        TypewriterUnit.word.split(text, words: UnicodeWords())
    }

    func testSpacedTextSplitsAsBefore() {
        XCTAssertEqual(units("Hello, big world!"), ["Hello, ", "big ", "world!"])
        XCTAssertEqual(units("  leading space"), ["  leading ", "space"])
        XCTAssertEqual(units("Hello, big world!"), TypewriterUnit.word.split("Hello, big world!"))
        XCTAssertEqual(units("مرحبا بالعالم الجميل"), ["مرحبا ", "بالعالم ", "الجميل"])
    }

    func testJapaneseChineseAndThaiSplitIntoManyUnits() {
        let japanese = "今日は新しい機能をお届けします。メモが速くなりました。"
        let japaneseUnits = units(japanese)
        XCTAssertEqual(japaneseUnits.joined(), japanese)
        XCTAssertEqual(
            japaneseUnits, ["今", "日は", "新しい", "機", "能をお", "届けします。", "メモが", "速くなりました。"])
        XCTAssertEqual(TypewriterUnit.word.split(japanese).count, 1, "white space alone finds one word")

        let chinese = "你好世界，欢迎使用"
        XCTAssertEqual(units(chinese).joined(), chinese)
        XCTAssertGreaterThan(units(chinese).count, 3, "\(units(chinese))")

        let thai = "ภาษาไทยเป็นภาษาที่สวยงาม"
        let thaiUnits = units(thai)
        XCTAssertEqual(thaiUnits.joined(), thai)
        XCTAssertGreaterThan(thaiUnits.count, 3, "a dictionary splits Thai: \(thaiUnits)")
        XCTAssertLessThan(thaiUnits.count, thai.count - 3, "words, not letters: \(thaiUnits)")
    }

    func testPunctuationAndMixedScriptsJoinThePrecedingWord() {
        XCTAssertEqual(units("Notes 新しい機能。"), ["Notes ", "新しい", "機", "能。"])
        XCTAssertEqual(units("Wow!!! Great."), ["Wow!!! ", "Great."])
    }
}
