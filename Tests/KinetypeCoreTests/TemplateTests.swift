import XCTest

@testable import KinetypeCore

final class TemplateTests: XCTestCase {
    private func titleScene(vars: String) -> String {
        "{\"canvas\": {\"width\": 10, \"height\": 10}, \"vars\": {\(vars)},\n \"layers\": [{\"type\": \"text\", \"text\": \"{{title}} v{{ version }}\"}]}"
    }

    func testValuesRiseInPriorityFromVarsToOverrides() throws {
        let json = titleScene(vars: "\"title\": \"Notes\", \"version\": 2.40")
        XCTAssertEqual(try DecodingTestSupport.decode(json).layers[0].text?.text, "Notes v2.40")
        XCTAssertEqual(
            try DecodingTestSupport.decode(json, overrides: ["title": "Tasks"]).layers[0].text?.text, "Tasks v2.40")
        let scene = try DecodingTestSupport.decode(json, overrides: ["title": "Tasks", "version": "3"])
        XCTAssertEqual(scene.layers[0].text?.text, "Tasks v3")
        // `vars` keeps what the scene wrote.
        XCTAssertEqual(scene.vars, ["title": "Notes", "version": "2.40"])
        // Overrides alone are enough.
        XCTAssertEqual(
            try DecodingTestSupport.decode(titleScene(vars: ""), overrides: ["title": "A", "version": "1"])
                .layers[0].text?.text, "A v1")
    }

    func testValuesAreInsertedAsPlainText() throws {
        let tricky = "\"}], \"x\": {{version}} \\n {{title}}"
        let scene = try DecodingTestSupport.decode(titleScene(vars: "\"version\": \"1\""), overrides: ["title": tricky])
        XCTAssertEqual(scene.layers[0].text?.text, tricky + " v1")
        XCTAssertEqual(scene.layers.count, 1)
    }

    func testPlaceholdersWorkInAnyString() throws {
        let json = """
            {"vars": {"ink": "#FF0000", "ease": "linear", "name": "logo"},
             "canvas": {"width": 10, "height": 10, "background": "{{ink}}"},
             "layers": [{"id": "{{name}}", "type": "image", "src": "Images/{{name}}.png"},
                        {"type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 0,
                                                         "easing": "{{ease}}", "after": "{{name}}"}]}]}
            """
        let scene = try DecodingTestSupport.decode(json)
        XCTAssertEqual(scene.canvas.background, .color(Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(scene.layers[0].id, "logo")
        XCTAssertEqual(scene.layers[0].content, .image(ImageContent(src: "Images/logo.png")))
        XCTAssertEqual(scene.layers[1].animations[0].start, .after(layer: "logo", delay: 0))
        guard case .animate(let animation) = scene.layers[1].animations[0].kind else { return XCTFail("not animate") }
        XCTAssertEqual(animation.easing, .linear)
    }

    func testUnknownPlaceholderIsAnErrorWithSuggestion() {
        let json =
            "{\"canvas\": {\"width\": 10, \"height\": 10}, \"vars\": {\"title\": \"a\"},\n \"layers\": [{\"type\": \"text\", \"text\": \"{{titel}} {{body}}\"}]}"
        let diagnostics = DecodingTestSupport.diagnostics(json)
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "scene.json:2:38: layers[0].text: unknown placeholder \"{{titel}}\"; did you mean \"{{title}}\"?",
                "scene.json:2:38: layers[0].text: unknown placeholder \"{{body}}\"",
            ])
        XCTAssertEqual(diagnostics.last?.hint, "define \"body\" in \"vars\" or pass --set body=…")
    }

    func testUnterminatedAndEmptyPlaceholders() {
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: "{\"type\": \"text\", \"text\": \"Hi {{name\"}"),
            ["layers[0].text: unterminated placeholder \"{{\""])
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: "{\"type\": \"text\", \"text\": \"Hi {{ }}\"}"),
            ["layers[0].text: empty placeholder \"{{}}\""])
    }

    func testExpanderDoesNotRescanInsertedValues() {
        let expander = TemplateExpander(vars: ["a": "{{b}}", "b": "x"], overrides: ["b": "y"])
        let result = expander.expand("{{a}}-{{b}}-{{a}}")
        XCTAssertEqual(result.text, "{{b}}-y-{{b}}")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(expander.expand("no braces } { here").text, "no braces } { here")
    }

    func testAProblemFoundManyTimesInOneTextIsOneProblemWithItsCount() {
        let expander = TemplateExpander(values: ["name": "x"])
        let result = expander.expand(String(repeating: "{{nope}}", count: 1000) + "{{ name }}{{}}{{nope}}{{}}")
        XCTAssertEqual(
            result.problems.map(\.message), ["unknown placeholder \"{{nope}}\"", "empty placeholder \"{{}}\""])
        XCTAssertEqual(result.problems.map(\.count), [1001, 2])
        XCTAssertEqual(result.used, ["name"])

        let text = "{\"type\": \"text\", \"text\": \"" + String(repeating: "{{nope}}", count: 1000) + "\"}"
        XCTAssertEqual(
            DecodingTestSupport.diagnostics(DecodingTestSupport.scene(layers: text)).map(\.description),
            ["scene.json:1:79: layers[0].text: unknown placeholder \"{{nope}}\" (1000 times)"])
    }

    func testExpansionKeepsEveryByteAroundThePlaceholders() {
        let expander = TemplateExpander(values: ["a": "é👩‍👩‍👧", "b": "{{a}}"])
        let mixed = expander.expand("\u{0600}{{a}}\u{301}{ {{b}}}}")
        XCTAssertEqual(mixed.text, "\u{0600}é👩‍👩‍👧\u{301}{ {{a}}}}", "a placeholder inside a character cluster too")
        XCTAssertEqual(mixed.problems, [])
        XCTAssertEqual(expander.expand("x {{ a\t}} {{a").text, "x é👩‍👩‍👧 {{a")
        XCTAssertEqual(expander.expand("}}{{a}}").text, "}}é👩‍👩‍👧")
    }

    /// A megabyte of unknown placeholders took seconds (every search copied the rest of the text):
    /// expansion reads the text once, so eight times the text is eight times the work, not 64 times.
    /// Counted in bytes stepped over and written (`WorkCounter`), never timed: a timed test fails on
    /// a busy machine.
    func testExpansionWorkGrowsWithTheTextNotItsSquare() {
        let expander = TemplateExpander(values: ["known": "value"])
        let sizes = [7_500, 60_000]
        var work: [Int] = []
        for size in sizes {
            let text = String(repeating: "{{nope}}{{known}}", count: size)
            let counter = WorkCounter()
            let result = WorkCounter.$current.withValue(counter) { expander.expand(text) }
            XCTAssertEqual(result.problems.first?.count, size)
            let bytes = text.utf8.count + result.text.utf8.count
            XCTAssertLessThanOrEqual(counter[.templateBytes], bytes, "read once, written once: \(size)")
            XCTAssertGreaterThan(counter[.templateBytes], text.utf8.count / 2, "the count sees the work: \(size)")
            work.append(counter[.templateBytes])
        }
        XCTAssertLessThanOrEqual(work[1], 8 * work[0] + 64, "7,500 repeats: \(work[0]) bytes, 60,000: \(work[1])")
    }

    /// Thousands of unknown names among thousands of values: "did you mean" is searched only for the
    /// names a run lists (50), so the comparisons grow with the values, not with unknown × known
    /// (3,000 of each took about a minute in a debug build before).
    func testOnlyFiftyUnknownPlaceholdersAreComparedWithTheValues() throws {
        let count = 3000
        let vars = (0..<count).map { "\"v\($0)\": \"x\"" }.joined(separator: ", ")
        let text = (0..<count).map { "{{u\($0)}}" }.joined()
        let scene = """
            {"version": 1, "canvas": {"width": 40, "height": 20, "fps": 10, "duration": 1}, "vars": {\(vars)},
             "layers": [{"type": "text", "text": "\(text)"}]}
            """
        let counter = WorkCounter()
        let problems = WorkCounter.$current.withValue(counter) { DecodingTestSupport.diagnostics(scene) }
        XCTAssertTrue(
            problems.contains { $0.message.contains("unknown placeholder \"{{u0}}\"; did you mean \"{{v0}}\"?") },
            "\(problems.prefix(2))")
        XCTAssertGreaterThan(counter[.suggestionComparisons], 0)
        XCTAssertLessThanOrEqual(counter[.suggestionComparisons], 50 * count)
    }

    /// The same for `after` ids that name no layer.
    func testOnlyFiftyUnknownAfterIdsAreComparedWithTheLayerIds() throws {
        let count = 3000
        let layers = (0..<count).map { index in
            "{\"id\": \"l\(index)\", \"type\": \"rect\", \"animations\": "
                + "[{\"type\": \"animate\", \"property\": \"opacity\", \"to\": 1, \"after\": \"x\(index)\"}]}"
        }
        let scene = """
            {"version": 1, "canvas": {"width": 40, "height": 20, "fps": 10, "duration": 1},
             "layers": [\(layers.joined(separator: ", "))]}
            """
        let counter = WorkCounter()
        let problems = WorkCounter.$current.withValue(counter) { DecodingTestSupport.diagnostics(scene) }
        XCTAssertTrue(
            problems.contains { $0.message.contains("no layer has the id \"x0\"; did you mean \"l0\"?") },
            "\(problems.prefix(2))")
        XCTAssertGreaterThan(counter[.suggestionComparisons], 0)
        XCTAssertLessThanOrEqual(counter[.suggestionComparisons], 50 * count)
    }

    func testOnlyTheNamesARunCanListGetADidYouMean() {
        let expander = TemplateExpander(values: ["title": "x"])
        XCTAssertEqual(
            expander.expand("{{titel}}{{titl}}{{titel}}", suggestingFor: 1).problems.map(\.message),
            ["unknown placeholder \"{{titel}}\"; did you mean \"{{title}}\"?", "unknown placeholder \"{{titl}}\""])
        XCTAssertEqual(
            expander.expand("{{titl}}").problems.map(\.message),
            ["unknown placeholder \"{{titl}}\"; did you mean \"{{title}}\"?"])
    }
}
