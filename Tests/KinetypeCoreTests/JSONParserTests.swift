import Foundation
import TestSupport
import XCTest

@testable import KinetypeCore

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Data(text.utf8), fileName: "data.json")
    }

    /// The description of the single diagnostic thrown for `data`.
    private func syntaxError(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try JSONParser.parse(data, fileName: "data.json")
            XCTFail("expected a syntax error", file: file, line: line)
            return nil
        } catch let list as DiagnosticList {
            XCTAssertEqual(list.diagnostics.count, 1, file: file, line: line)
            XCTAssertEqual(list.exitStatus, .invalidInput, file: file, line: line)
            return list.description
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        syntaxError(Data(text.utf8), file: file, line: line)
    }

    func testParsesValuesWithPositionsAndKeyOrder() throws {
        let value = try parse(
            "{\n  \"b\": [1, -2.5e1, true],\n  \"a\": {\"é\": \"x\\n\\u00e9\\ud83d\\ude00\"},\n  \"c\": null\n}")
        let members = try XCTUnwrap(value.objectMembers)
        XCTAssertEqual(members.map(\.key), ["b", "a", "c"])
        XCTAssertEqual(value.position, SourcePosition(line: 1, column: 1))
        XCTAssertEqual(members[0].keyPosition, SourcePosition(line: 2, column: 3))
        XCTAssertEqual(members[0].value.position, SourcePosition(line: 2, column: 8))
        let items = try XCTUnwrap(members[0].value.arrayValue)
        XCTAssertEqual(items.map(\.numberValue), [1, -25, nil])
        XCTAssertEqual(items[1].position, SourcePosition(line: 2, column: 12))
        XCTAssertEqual(items[2].boolValue, true)
        let inner = try XCTUnwrap(members[1].value.objectMembers?.first)
        XCTAssertEqual(inner.key, "é")
        XCTAssertEqual(inner.value.stringValue, "x\né😀")
        // Columns count characters: "é" is one column although it is two UTF-8 bytes.
        XCTAssertEqual(inner.value.position, SourcePosition(line: 3, column: 14))
        XCTAssertEqual(members[2].value.kind, .null)
    }

    func testColumnsCountGraphemeClusters() throws {
        let value = try parse("[\"👩‍👩‍👧\", 1]")
        XCTAssertEqual(value.arrayValue?[1].position, SourcePosition(line: 1, column: 7))
    }

    func testNumbersKeepTheirLiteral() throws {
        let value = try parse("[18446744073709551615, 2.40, 1e3]")
        let numbers = try XCTUnwrap(value.arrayValue).compactMap { item -> JSONNumber? in
            if case .number(let number) = item.kind { return number }
            return nil
        }
        XCTAssertEqual(numbers[0].uint64Value, UInt64.max)
        XCTAssertEqual(numbers[1].literal, "2.40")
        XCTAssertEqual(numbers[2].intValue, 1000)
        XCTAssertNil(numbers[1].intValue)
    }

    func testSyntaxErrorsGiveThePositionOfTheFault() {
        XCTAssertEqual(
            syntaxError("{\n  \"a\": 1\n  \"b\": 2\n}"),
            "data.json:3:3: expected ',' or '}' after an object member")
        XCTAssertEqual(syntaxError("[1, 2 3]"), "data.json:1:7: expected ',' or ']' after an array element")
        XCTAssertEqual(syntaxError("{\"a\": \"abc"), "data.json:1:7: unterminated string")
        XCTAssertEqual(syntaxError("{\"a\": \"abc\n\"}"), "data.json:1:7: unterminated string")
        XCTAssertEqual(syntaxError("{\"a\" 1}"), "data.json:1:6: expected ':' after the key \"a\"")
        XCTAssertEqual(syntaxError("{a: 1}"), "data.json:1:2: expected an object key in double quotes, found 'a'")
        XCTAssertEqual(syntaxError("[1,]"), "data.json:1:4: expected a value after ','")
        XCTAssertEqual(syntaxError("{\"a\": 1,}"), "data.json:1:9: expected an object key after ','")
        XCTAssertEqual(syntaxError("[01]"), "data.json:1:2: a number cannot start with a leading zero")
        XCTAssertEqual(syntaxError("[1.]"), "data.json:1:4: expected a digit after the decimal point")
        XCTAssertEqual(syntaxError("[1e+]"), "data.json:1:5: expected a digit in the exponent")
        XCTAssertEqual(syntaxError("['a']"), "data.json:1:2: strings must use double quotes, not single quotes")
        XCTAssertEqual(syntaxError("[undefined]"), "data.json:1:2: unexpected word \"undefined\"; expected a value")
        XCTAssertEqual(syntaxError("// hi\n{}"), "data.json:1:1: comments are not allowed in JSON")
        XCTAssertEqual(syntaxError("{} {}"), "data.json:1:4: unexpected '{' after the JSON value")
        XCTAssertEqual(syntaxError("[\"\\x\"]"), "data.json:1:3: invalid escape \\x in a string")
        XCTAssertEqual(syntaxError("[\"\\u12G4\"]"), "data.json:1:3: expected 4 hex digits after \\u")
        XCTAssertEqual(
            syntaxError("{\"a\": [1, 2"),
            "data.json:1:12: unexpected end of file; expected ',' or ']' after an array element")
    }

    /// A document in YAML or TOML is told that scenes are JSON, at its first line (#40); broken JSON
    /// that merely looks like one line of them (`[NaN]`, `{a: 1}`) keeps JSON's own message.
    func testYAMLAndTOMLAreToldScenesAreJSON() {
        XCTAssertEqual(
            syntaxError("# a card\ncanvas:\n  width: 320\n"), "data.json:2:1: this looks like YAML, but scenes are JSON"
        )
        XCTAssertEqual(syntaxError("---\ncanvas: {}\n"), "data.json:1:1: this looks like YAML, but scenes are JSON")
        XCTAssertEqual(syntaxError("- output: a\n"), "data.json:1:1: this looks like YAML, but scenes are JSON")
        XCTAssertEqual(
            syntaxError("\n[canvas]\nwidth = 320\n"), "data.json:2:1: this looks like TOML, but scenes are JSON")
        XCTAssertEqual(syntaxError("version = 1\n"), "data.json:1:1: this looks like TOML, but scenes are JSON")
        XCTAssertEqual(syntaxError("[canvas]\n"), "data.json:1:2: unexpected word \"canvas\"; expected a value")
        XCTAssertEqual(syntaxError("[NaN]\n[1]"), "data.json:1:2: NaN is not a JSON number")
        XCTAssertEqual(syntaxError("canvas\n"), "data.json:1:1: unexpected word \"canvas\"; expected a value")
        XCTAssertThrowsError(try JSONParser.parse(Data("- a\n".utf8), fileName: "d.json", document: .batchData)) {
            XCTAssertEqual(
                ($0 as? DiagnosticList)?.first?.message, "this looks like YAML, but batch data is JSON")
        }
    }

    func testUnclosedContainerHintNamesWhereItOpened() throws {
        do {
            _ = try parse("{\n  \"a\": [1, 2")
            XCTFail("expected an error")
        } catch let list as DiagnosticList {
            XCTAssertEqual(list.diagnostics.first?.hint, "the array opened at 2:8 is not closed")
        }
    }

    func testEmptyAndBlankDataAreErrors() {
        XCTAssertEqual(syntaxError(Data()), "data.json:1:1: the file is empty; expected a JSON value")
        XCTAssertEqual(syntaxError(" \n\t "), "data.json:2:3: the file is empty; expected a JSON value")
    }

    func testInvalidUTF8IsReportedWithItsPosition() {
        var data = Data("{\n  \"a\": \"é".utf8)
        data.append(0xFF)
        data.append(contentsOf: Array("\"}".utf8))
        XCTAssertEqual(syntaxError(data), "data.json:2:10: invalid UTF-8 byte 0xFF")
        XCTAssertEqual(syntaxError(Data([0x5B, 0xC3, 0x28, 0x5D])), "data.json:1:2: invalid UTF-8 byte 0xC3")
    }

    func testByteOrderMarkIsSkipped() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(contentsOf: Array("[1]".utf8))
        let value = try JSONParser.parse(data, fileName: "data.json")
        XCTAssertEqual(value.arrayValue?.first?.numberValue, 1)
        XCTAssertEqual(value.position, SourcePosition(line: 1, column: 1))
    }

    func testNonFiniteNumbersAreRejected() {
        XCTAssertEqual(syntaxError("[NaN]"), "data.json:1:2: NaN is not a JSON number")
        XCTAssertEqual(syntaxError("[Infinity]"), "data.json:1:2: Infinity is not a JSON number")
        XCTAssertEqual(syntaxError("[1, -Infinity]"), "data.json:1:5: -Infinity is not a JSON number")
        XCTAssertEqual(syntaxError("{\"n\": 1e400}"), "data.json:1:7: number is out of range")
        XCTAssertEqual(syntaxError("[-1e400]"), "data.json:1:2: number is out of range")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertEqual(syntaxError(deep), "data.json:1:513: nesting is too deep (more than 512 levels)")
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try parse(allowed))
    }

    func testControlCharactersAndSurrogates() {
        XCTAssertEqual(syntaxError("[\"a\tb\"]"), "data.json:1:4: control character U+0009 must be escaped in a string")
        XCTAssertEqual(syntaxError("[\"\\ud800\"]"), "data.json:1:3: lone surrogate \\uD800 in a string")
        XCTAssertEqual(syntaxError("[\"\\ud800\\u0041\"]"), "data.json:1:3: lone surrogate \\uD800 in a string")
        XCTAssertEqual(syntaxError("[\"x\\udc00\"]"), "data.json:1:4: lone surrogate \\uDC00 in a string")
    }

    func testDuplicateKeysNameTheKey() throws {
        XCTAssertEqual(syntaxError("{\"width\": 1,\n \"width\": 2}"), "data.json:2:2: duplicate key \"width\"")
        do {
            _ = try parse("{\"width\": 1,\n \"width\": 2}")
        } catch let list as DiagnosticList {
            XCTAssertEqual(list.diagnostics.first?.hint, "it is first written at 1:2; a key may appear once per object")
        }
        // The same key in different objects is fine.
        XCTAssertNoThrow(try parse("[{\"a\": 1}, {\"a\": 2}]"))
    }

    func testRandomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("{}[]\",:0123456789.eE+-tfnulrasx\\ \n\u{00e9}".utf8)
        var outcomes = (parsed: 0, failed: 0)
        for round in 0..<4000 {
            let length = Int(generator.next() % 40)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                let random = generator.next()
                bytes.append(
                    round % 2 == 0 ? UInt8(truncatingIfNeeded: random) : alphabet[Int(random % UInt64(alphabet.count))])
            }
            do {
                _ = try JSONParser.parse(Data(bytes), fileName: "fuzz.json")
                outcomes.parsed += 1
            } catch let list as DiagnosticList {
                XCTAssertEqual(list.diagnostics.count, 1)
                XCTAssertNotNil(list.diagnostics.first?.position)
                outcomes.failed += 1
            } catch {
                XCTFail("unexpected error type \(error)")
            }
        }
        XCTAssertEqual(outcomes.parsed + outcomes.failed, 4000)
        XCTAssertGreaterThan(outcomes.failed, 0)
    }
}
