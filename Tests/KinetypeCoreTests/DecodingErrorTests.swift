import Foundation
import XCTest

@testable import KinetypeCore

/// Each kind of scene error, asserted exactly as a user sees it.
final class DecodingErrorTests: XCTestCase {
    private func errors(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        DecodingTestSupport.errors(json, file: file, line: line)
    }

    private func messages(layers: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        DecodingTestSupport.messages(layers: layers, file: file, line: line)
    }

    func testSyntaxError() {
        XCTAssertEqual(
            errors("{\n  \"canvas\": {\"width\": 100 \"height\": 100},\n  \"layers\": []\n}"),
            ["scene.json:2:27: expected ',' or '}' after an object member"])
    }

    func testUnknownKeyWithSuggestion() {
        let diagnostics = DecodingTestSupport.diagnostics(
            "{\n  \"canvas\": {\"widht\": 100, \"height\": 100},\n  \"layers\": []\n}")
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "scene.json:2:13: canvas: missing required key \"width\"",
                "scene.json:2:14: canvas: unknown key \"widht\"; did you mean \"width\"?",
            ])
        XCTAssertEqual(diagnostics.map(\.kind), [.invalidScene, .invalidScene])
    }

    func testUnknownKeyWithoutSuggestionListsTheAllowedKeys() {
        let diagnostics = DecodingTestSupport.diagnostics(
            "{\"canvas\": {\"width\": 1, \"height\": 1, \"zzz\": 0}, \"layers\": []}")
        XCTAssertEqual(diagnostics.first?.description, "scene.json:1:38: canvas: unknown key \"zzz\"")
        XCTAssertEqual(
            diagnostics.first?.hint,
            "allowed keys here: width, height, scale, background, fps, duration, hold, layoutDirection, "
                + "colorScheme, systemColors")
    }

    func testWrongType() {
        XCTAssertEqual(
            errors("{\n  \"canvas\": {\"width\": \"wide\", \"height\": 100},\n  \"layers\": []\n}"),
            ["scene.json:2:23: canvas.width: expected a number, found a string"])
    }

    func testOutOfRange() {
        XCTAssertEqual(
            errors("{\"canvas\": {\"width\": 100, \"height\": 100,\n  \"fps\": 240}, \"layers\": []}"),
            ["scene.json:2:10: canvas.fps: must be between 1 and 120, found 240"])
    }

    func testMissingRequiredKey() {
        XCTAssertEqual(
            errors("{\"canvas\": {\"width\": 100, \"height\": 100},\n \"layers\": [\n  {\"text\": \"Hi\"}\n ]}"),
            ["scene.json:3:3: layers[0]: missing required key \"type\""])
    }

    func testUnknownEasingReadsPathThenMessage() {
        let json = """
            {"canvas": {"width": 100, "height": 100},
             "layers": [
              {"type": "rect"},
              {"type": "rect", "animations": [
                {"type": "animate", "property": "opacity", "to": 0, "easing": "easyInOut"}]}
             ]}
            """
        let diagnostics = DecodingTestSupport.diagnostics(json)
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "scene.json:5:67: layers[1].animations[0].easing: unknown easing \"easyInOut\"; did you mean \"easeInOut\"?"
            ])
        XCTAssertNil(diagnostics.first?.hint)
    }

    func testEveryMistakeIsReportedNotOnlyTheFirst() {
        let json = """
            {
              "canvas": {"width": 100, "height": 100, "fps": 0},
              "layers": [
                {"type": "text", "txt": "Hello"},
                {"type": "rect", "opacity": "half"}
              ]
            }
            """
        XCTAssertEqual(
            errors(json),
            [
                "scene.json:2:50: canvas.fps: must be between 1 and 120, found 0",
                "scene.json:4:5: layers[0]: missing required key \"text\"",
                "scene.json:4:22: layers[0]: unknown key \"txt\"; did you mean \"text\"?",
                "scene.json:5:33: layers[1].opacity: expected a number, found a string",
            ])
    }

    func testTopLevelRules() {
        XCTAssertEqual(errors("[]"), ["scene.json:1:1: expected an object, found an array"])
        XCTAssertEqual(
            errors("{\"version\": 2, \"canvas\": {\"width\": 1, \"height\": 1}, \"layers\": []}"),
            ["scene.json:1:13: version: unsupported version 2"])
        XCTAssertEqual(
            errors("{\"verison\": 1, \"canvas\": {\"width\": 1, \"height\": 1}, \"layers\": []}"),
            ["scene.json:1:2: unknown key \"verison\"; did you mean \"version\"?"])
        XCTAssertEqual(errors("{\"layers\": []}"), ["scene.json:1:1: missing required key \"canvas\""])
        XCTAssertEqual(
            errors(
                "{\"canvas\": {\"width\": 1, \"height\": 1}, \"fonts\": [\"\", 3], \"systemFonts\": 1,"
                    + " \"output\": {\"loop\": -1}, \"vars\": {\"a\": true}}"),
            [
                "scene.json:1:1: missing required key \"layers\"",
                "scene.json:1:49: fonts[0]: must not be empty",
                "scene.json:1:53: fonts[1]: expected a string, found a number",
                "scene.json:1:72: systemFonts: expected true or false, found a number",
                "scene.json:1:94: output.loop: must be 0 or more, found -1",
                "scene.json:1:113: vars.a: expected a string or a number, found a boolean",
            ])
    }

    func testCanvasRules() {
        func canvasErrors(_ canvas: String) -> [String] {
            DecodingTestSupport.diagnostics("{\"canvas\": {\(canvas)}, \"layers\": []}").map {
                "\($0.path): \($0.message)"
            }
        }
        XCTAssertEqual(
            canvasErrors("\"width\": 0, \"height\": -1"),
            ["canvas.width: must be greater than 0, found 0", "canvas.height: must be greater than 0, found -1"])
        XCTAssertEqual(
            canvasErrors("\"width\": 5000, \"height\": 100, \"scale\": 2"),
            ["canvas.width: must be at most 8192 pixels after scaling, found 10000 (5000 × scale 2)"])
        XCTAssertEqual(
            canvasErrors("\"width\": 9000, \"height\": 0.2"),
            [
                "canvas.width: must be at most 8192, found 9000",
                "canvas.height: must be at least 1 pixel after scaling, found 0.2",
            ])
        XCTAssertEqual(
            canvasErrors("\"width\": 1, \"height\": 1, \"scale\": 5, \"hold\": -1, \"duration\": 0"),
            [
                "canvas.scale: must be between 1 and 4, found 5",
                "canvas.hold: must be 0 or more, found -1",
                "canvas.duration: must be greater than 0, found 0",
            ])
        XCTAssertEqual(
            canvasErrors("\"width\": 1, \"height\": 1, \"duration\": \"automatic\""),
            ["canvas.duration: unknown duration \"automatic\""])
        XCTAssertEqual(
            canvasErrors("\"width\": 1, \"height\": 1, \"duration\": \"aut\""),
            ["canvas.duration: unknown duration \"aut\"; did you mean \"auto\"?"])
        XCTAssertEqual(
            canvasErrors("\"width\": 1, \"height\": 1, \"duration\": true"),
            ["canvas.duration: expected a number of seconds or \"auto\", found a boolean"])
        XCTAssertEqual(
            canvasErrors(
                "\"width\": 1, \"height\": 1, \"background\": {\"linear\": {\"from\": \"red\", \"angel\": 3}}"),
            [
                "canvas.background.linear: missing required key \"to\"",
                "canvas.background.linear: unknown key \"angel\"; did you mean \"angle\"?",
            ])
        XCTAssertEqual(
            canvasErrors("\"width\": 1, \"height\": 1, \"background\": {}"),
            ["canvas.background: missing required key \"linear\""])
        XCTAssertEqual(
            canvasErrors("\"width\": 1, \"height\": 1, \"background\": 3"),
            ["canvas.background: expected a color string or a gradient object, found a number"])
    }

    func testLayerRules() {
        XCTAssertEqual(
            messages(layers: "{\"type\": \"txt\", \"text\": \"a\"}"),
            ["layers[0].type: unknown layer type \"txt\"; did you mean \"text\"?"])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"rect\", \"text\": \"a\"}"),
            ["layers[0]: unknown key \"text\""])
        XCTAssertEqual(
            DecodingTestSupport.diagnostics(DecodingTestSupport.scene(layers: "{\"type\": \"rect\", \"text\": \"a\"}"))
                .first?.hint, "\"text\" belongs to text layers, and this layer is a rect layer")
        XCTAssertEqual(messages(layers: "{\"type\": \"image\"}"), ["layers[0]: missing required key \"src\""])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"image\", \"src\": \"a.png\", \"fit\": \"cove\"}"),
            ["layers[0].fit: unknown image fit \"cove\"; did you mean \"cover\"?"])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"text\", \"text\": \"a\", \"spans\": [{\"text\": \"b\"}]}"),
            ["layers[0]: \"text\" and \"spans\" cannot both be given"])
        XCTAssertEqual(messages(layers: "{\"type\": \"text\", \"spans\": []}"), ["layers[0].spans: must not be empty"])
        XCTAssertEqual(messages(layers: "3"), ["layers[0]: expected a layer object, found a number"])
        XCTAssertEqual(
            messages(
                layers: """
                    {"type": "rect", "frame": {"x": 1, "width": 0}, "alignment": "centre", "padding": -1,
                     "cornerRadius": -2, "border": {"width": 0}, "opacity": 1.5, "offset": {"z": 1}, "scale": -1,
                     "rotation": "90"}
                    """),
            [
                "layers[0].frame.width: must be greater than 0, found 0",
                "layers[0].alignment: unknown alignment \"centre\"; did you mean \"center\"?",
                "layers[0].padding: must be 0 or more, found -1",
                "layers[0].cornerRadius: must be 0 or more, found -2",
                "layers[0].border: missing required key \"color\"",
                "layers[0].border.width: must be greater than 0, found 0",
                "layers[0].opacity: must be between 0 and 1, found 1.5",
                "layers[0].offset: unknown key \"z\"",
                "layers[0].scale: must be 0 or more, found -1",
                "layers[0].rotation: expected a number, found a string",
            ])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"rect\", \"padding\": {\"top\": 1, \"left\": 2}}"),
            ["layers[0].padding: unknown key \"left\""])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"rect\", \"padding\": \"1\"}"),
            [
                "layers[0].padding: expected a number or an object with \"top\", \"leading\", \"bottom\", \"trailing\", found a string"
            ])
    }

    func testTextRules() {
        XCTAssertEqual(
            messages(
                layers: """
                    {"type": "text", "text": "a", "font": {"size": 0, "weight": "bolder", "style": "headlne", "design": "mono",
                     "family": ""}, "color": "#12345", "textAlignment": "centre", "lineLimit": 0, "truncation": "end",
                     "wrap": "words", "shadow": {"radius": -1, "blur": 2}}
                    """),
            [
                "layers[0].font.size: must be greater than 0, found 0",
                "layers[0].font.weight: unknown font weight \"bolder\"; did you mean \"bold\"?",
                "layers[0].font.style: unknown text style \"headlne\"; did you mean \"headline\"?",
                "layers[0].font.design: unknown font design \"mono\"",
                "layers[0].font.family: must not be empty",
                "layers[0].color: invalid hex color \"#12345\"",
                "layers[0].textAlignment: unknown text alignment \"centre\"; did you mean \"center\"?",
                "layers[0].lineLimit: must be 1 or more, found 0",
                "layers[0].truncation: unknown truncation \"end\"",
                "layers[0].wrap: unknown wrap mode \"words\"; did you mean \"word\"?",
                "layers[0].shadow.radius: must be 0 or more, found -1",
                "layers[0].shadow: unknown key \"blur\"",
            ])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"text\", \"text\": \"a\", \"font\": {\"size\": 2001, \"weight\": 1001}}"),
            [
                "layers[0].font.size: must be at most 2000, found 2001",
                "layers[0].font.weight: must be between 1 and 1000, found 1001",
            ])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"text\", \"text\": \"a\", \"lineLimit\": 1.5, \"font\": {\"weight\": true}}"),
            [
                "layers[0].lineLimit: expected a whole number, found 1.5",
                "layers[0].font.weight: expected a weight name or a number from 1 to 1000, found a boolean",
            ])
        XCTAssertEqual(
            messages(layers: "{\"type\": \"text\", \"spans\": [{\"txt\": \"a\", \"underline\": 1}]}"),
            [
                "layers[0].spans[0]: missing required key \"text\"",
                "layers[0].spans[0]: unknown key \"txt\"; did you mean \"text\"?",
                "layers[0].spans[0].underline: expected true or false, found a number",
            ])
    }

    func testIdsAndAfterReferences() {
        XCTAssertEqual(
            messages(
                layers: """
                    {"id": "title", "type": "rect"}, {"id": "title", "type": "rect"},
                    {"type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "after": "titel"}]},
                    {"type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "after": "nothing"}]}
                    """),
            [
                "layers[1].id: duplicate layer id \"title\"; it is already used by layers[0]",
                "layers[2].animations[0].after: no layer has the id \"titel\"; did you mean \"title\"?",
                "layers[3].animations[0].after: no layer has the id \"nothing\"",
            ])
        XCTAssertEqual(
            messages(
                layers: """
                    {"id": "a", "type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "after": "b"}]},
                    {"id": "b", "type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "after": "c"}]},
                    {"id": "c", "type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "after": "a"}]},
                    {"id": "d", "type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "after": "d"}]}
                    """),
            [
                "layers[2].animations[0].after: \"after\" makes a cycle: \"a\" → \"b\" → \"c\" → \"a\"",
                "layers[3].animations[0].after: \"after\" makes a cycle: \"d\" → \"d\"",
            ])
    }

    func testAnimationRules() {
        XCTAssertEqual(
            messages(
                layers: """
                    {"type": "rect", "animations": [
                      {"type": "animte", "property": "opacity", "to": 1},
                      {"property": "opacity", "to": 1},
                      {"type": "animate", "property": "opacity", "to": 1, "start": 1, "after": "x"},
                      {"type": "animate", "property": "opacity", "to": 1, "delay": 1},
                      {"type": "animate", "property": "opacity", "to": 1, "start": -1},
                      {"type": "animate", "property": "opacity", "to": 1, "interval": 1},
                      {"type": "typewriter"},
                      "fade"
                    ]}
                    """),
            [
                "layers[0].animations[0].type: unknown animation type \"animte\"; did you mean \"animate\"?",
                "layers[0].animations[1]: missing required key \"type\"",
                "layers[0].animations[2]: \"start\" and \"after\" cannot both be given",
                "layers[0].animations[2].after: no layer has the id \"x\"",
                "layers[0].animations[3].delay: \"delay\" needs \"after\"",
                "layers[0].animations[4].start: must be 0 or more, found -1",
                "layers[0].animations[5]: unknown key \"interval\"",
                "layers[0].animations[6].type: a typewriter animation needs a text layer, and this layer is a rect layer",
                "layers[0].animations[7]: expected an animation object, found a string",
            ])
        let hints = DecodingTestSupport.diagnostics(
            DecodingTestSupport.scene(
                layers: """
                    {"type": "rect", "animations": [{"type": "keyframes", "property": "scale", "keyframes": [{"time": 0, "value": 1}],
                                                    "duration": 1}]}
                    """)
        ).map(\.hint)
        XCTAssertEqual(
            hints, ["\"duration\" belongs to typewriter and animate animations, and this one is \"keyframes\""])
    }

    func testAnimateRules() {
        XCTAssertEqual(
            messages(
                layers: """
                    {"type": "rect", "animations": [
                      {"type": "animate", "property": "opacty", "to": 1},
                      {"type": "animate", "property": "font.size", "to": 30},
                      {"type": "animate", "property": "background", "from": 1, "to": "#FFF"},
                      {"type": "animate", "property": "opacity", "to": 2, "duration": -1, "repeat": 0, "autoreverse": "yes"},
                      {"type": "animate", "property": "scale"},
                      {"type": "animate", "property": "rotation", "to": "90deg", "repeat": 1.5}
                    ]}
                    """),
            [
                "layers[0].animations[0].property: unknown property \"opacty\"; did you mean \"opacity\"?",
                "layers[0].animations[1].property: property \"font.size\" needs a text layer, and this layer is a rect layer",
                "layers[0].animations[2].from: expected a color string, found a number",
                "layers[0].animations[3].to: must be between 0 and 1, found 2",
                "layers[0].animations[3].duration: must be 0 or more, found -1",
                "layers[0].animations[3].repeat: must be 1 or more, found 0",
                "layers[0].animations[3].autoreverse: expected true or false, found a string",
                "layers[0].animations[4]: missing required key \"to\"",
                "layers[0].animations[5].to: expected a number, found a string",
                "layers[0].animations[5].repeat: expected a whole number, found 1.5",
            ])
        XCTAssertEqual(
            messages(
                layers: """
                    {"type": "text", "text": "a", "animations": [
                      {"type": "animate", "property": "font.weight", "from": "bld", "to": 0},
                      {"type": "animate", "property": "color", "to": "rgba(0, 0, 0, 2)"}
                    ]}
                    """),
            [
                "layers[0].animations[0].from: unknown font weight \"bld\"; did you mean \"bold\"?",
                "layers[0].animations[0].to: must be between 1 and 1000, found 0",
                "layers[0].animations[1].to: rgba() alpha must be between 0 and 1, found 2",
            ])
    }

    func testKeyframeRules() {
        XCTAssertEqual(
            messages(
                layers: """
                    {"type": "rect", "animations": [
                      {"type": "keyframes", "property": "opacity", "keyframes": []},
                      {"type": "keyframes", "property": "opacity"},
                      {"type": "keyframes", "property": "opacity", "keyframes": [
                        {"time": 0.5, "value": 0}, {"time": 0.5, "value": 1}, {"time": 0.2, "value": 1}, {"time": -1, "value": 1},
                        {"value": 1}, {"time": 2, "value": "x", "easing": "bounce", "duration": 1}]}
                    ]}
                    """),
            [
                "layers[0].animations[0].keyframes: must not be empty",
                "layers[0].animations[1]: missing required key \"keyframes\"",
                "layers[0].animations[2].keyframes[1].time: must be greater than the previous keyframe's time 0.5, found 0.5",
                "layers[0].animations[2].keyframes[2].time: must be greater than the previous keyframe's time 0.5, found 0.2",
                "layers[0].animations[2].keyframes[3].time: must be 0 or more, found -1",
                "layers[0].animations[2].keyframes[4]: missing required key \"time\"",
                "layers[0].animations[2].keyframes[5].value: expected a number, found a string",
                "layers[0].animations[2].keyframes[5].easing: unknown easing \"bounce\"",
                "layers[0].animations[2].keyframes[5]: unknown key \"duration\"",
            ])
    }

    func testEasingRules() {
        func easingErrors(_ easing: String) -> [String] {
            messages(
                layers:
                    "{\"type\": \"rect\", \"animations\": [{\"type\": \"animate\", \"property\": \"scale\", \"to\": 2, \"easing\": \(easing)}]}"
            )
            .map { $0.replacingOccurrences(of: "layers[0].animations[0].", with: "") }
        }
        XCTAssertEqual(
            easingErrors("{\"cubicBezier\": [1.2, 0, -0.1, 1]}"),
            [
                "easing.cubicBezier[0]: must be between 0 and 1, found 1.2",
                "easing.cubicBezier[2]: must be between 0 and 1, found -0.1",
            ])
        XCTAssertEqual(
            easingErrors("{\"cubicBezier\": [0, 0, 1]}"),
            ["easing.cubicBezier: expected 4 numbers [x1, y1, x2, y2], found 3"])
        XCTAssertEqual(
            easingErrors("{\"spring\": {\"response\": 0, \"dampingFraction\": -1, \"mass\": 1}}"),
            [
                "easing.spring.response: must be 0.01 or more, found 0",
                "easing.spring.dampingFraction: must be 0 or more, found -1",
                "easing.spring: unknown key \"mass\"",
            ])
        XCTAssertEqual(easingErrors("{\"steps\": 0}"), ["easing.steps: must be 1 or more, found 0"])
        XCTAssertEqual(
            easingErrors("{\"steps\": 2, \"spring\": {}}"),
            [
                "easing: an easing object has exactly one of \"cubicBezier\", \"spring\" or \"steps\", found \"steps\" and \"spring\""
            ])
        XCTAssertEqual(
            easingErrors("{}"), ["easing: an easing object needs one of \"cubicBezier\", \"spring\" or \"steps\""])
        XCTAssertEqual(easingErrors("{\"bezier\": [0, 0, 1, 1]}"), ["easing: unknown key \"bezier\""])
        XCTAssertEqual(easingErrors("3"), ["easing: expected an easing name or object, found a number"])
    }

    func testTypewriterRules() {
        func typewriterErrors(_ keys: String) -> [String] {
            messages(
                layers: "{\"type\": \"text\", \"text\": \"a\", \"animations\": [{\"type\": \"typewriter\", \(keys)}]}"
            )
            .map { $0.replacingOccurrences(of: "layers[0].animations[0]", with: "tw") }
        }
        XCTAssertEqual(
            typewriterErrors("\"interval\": 0.1, \"speed\": 10"),
            ["tw: \"interval\" and \"speed\" cannot both be given"])
        XCTAssertEqual(
            typewriterErrors("\"interval\": 0, \"speed\": -1, \"duration\": -1"),
            [
                "tw.interval: must be greater than 0, found 0",
                "tw: only one of \"interval\", \"speed\" and \"duration\" may be given",
                "tw.speed: must be 0.001 or more, found -1",
                "tw.duration: must be 0 or more, found -1",
            ])
        XCTAssertEqual(
            typewriterErrors("\"intervalRange\": [0.2, 0.1]"),
            ["tw.intervalRange: the minimum 0.2 is greater than the maximum 0.1"])
        XCTAssertEqual(
            typewriterErrors("\"intervalRange\": [-0.1, 0.1, 3]"),
            ["tw.intervalRange: expected 2 numbers [min, max], found 3"])
        XCTAssertEqual(
            typewriterErrors("\"intervalRange\": [-0.1, 0.1]"), ["tw.intervalRange[0]: must be 0 or more, found -0.1"])
        XCTAssertEqual(
            typewriterErrors("\"seed\": -1"),
            ["tw.seed: must be a whole number from 0 to 18446744073709551615, found -1"])
        XCTAssertEqual(
            typewriterErrors("\"seed\": 1.5"),
            ["tw.seed: must be a whole number from 0 to 18446744073709551615, found 1.5"])
        XCTAssertEqual(typewriterErrors("\"seed\": \"7\""), ["tw.seed: expected a whole number, found a string"])
        XCTAssertEqual(
            typewriterErrors("\"pauses\": {\"ab\": 1, \".\": -1, \"👍🏽\": 0.1}"),
            [
                "tw.pauses.ab: pause key \"ab\" must be one character",
                "tw.pauses[\".\"]: must be 0 or more, found -1",
            ])
        XCTAssertEqual(
            typewriterErrors("\"unit\": \"letter\", \"mode\": \"flw\", \"fadeIn\": -1"),
            [
                "tw.unit: unknown typewriter unit \"letter\"",
                "tw.mode: unknown typewriter mode \"flw\"; did you mean \"flow\"?",
                "tw.fadeIn: must be 0 or more, found -1",
            ])
        XCTAssertEqual(
            typewriterErrors("\"cursor\": true"), ["tw.cursor: expected false or a cursor object, found true"])
        XCTAssertEqual(
            typewriterErrors("\"cursor\": \"bar\""), ["tw.cursor: expected false or a cursor object, found a string"])
        XCTAssertEqual(
            typewriterErrors(
                "\"cursor\": {\"shape\": \"line\", \"width\": 0, \"blink\": -1, \"hideWhenDone\": \"yes\"}"),
            [
                "tw.cursor.shape: unknown cursor shape \"line\"",
                "tw.cursor.width: must be greater than 0, found 0",
                "tw.cursor.blink: must be 0 or more, found -1",
                "tw.cursor.hideWhenDone: expected a number of seconds or true, found a string",
            ])
        XCTAssertEqual(typewriterErrors("\"script\": []"), ["tw.script: must not be empty"])
        XCTAssertEqual(
            typewriterErrors(
                "\"script\": [{}, {\"type\": \"a\", \"pause\": 1}, {\"delete\": 0}, {\"deleteAll\": false}, {\"typ\": \"x\"}, {\"pause\": -1}]"
            ),
            [
                "tw.script[0]: a script step needs one of \"type\", \"pause\", \"delete\" or \"deleteAll\"",
                "tw.script[1]: a script step has exactly one of \"type\", \"pause\", \"delete\" or \"deleteAll\", found \"type\" and \"pause\"",
                "tw.script[2].delete: must be 1 or more, found 0",
                "tw.script[3].deleteAll: must be true",
                "tw.script[4]: unknown key \"typ\"; did you mean \"type\"?",
                "tw.script[5].pause: must be 0 or more, found -1",
            ])
    }

    func testATextLayerTypedByAScriptNeedsNoText() throws {
        let scene = try DecodingTestSupport.decode(
            DecodingTestSupport.scene(
                layers:
                    "{\"type\": \"text\", \"animations\": [{\"type\": \"typewriter\", \"script\": [{\"type\": \"Hi\"}]}]}"
            ))
        XCTAssertEqual(scene.layers[0].text?.text, "")
        XCTAssertEqual(
            messages(layers: "{\"type\": \"text\", \"animations\": [{\"type\": \"typewriter\"}]}"),
            ["layers[0]: missing required key \"text\""])
    }
}
