import Foundation
import XCTest

@testable import KinetypeCore

final class SchemaTests: XCTestCase {
    private func schema() throws -> JSONValue {
        try JSONParser.parse(Data(SceneSchema.json.utf8), fileName: "schema.json")
    }

    private func definition(_ name: String, in schema: JSONValue, file: StaticString = #filePath, line: UInt = #line)
        throws -> JSONValue
    {
        try XCTUnwrap(schema["$defs"]?[name], "no definition \(name)", file: file, line: line)
    }

    private func propertyNames(_ object: JSONValue?) -> [String] {
        object?["properties"]?.objectMembers?.map(\.key) ?? []
    }

    func testSchemaIsValidJSONForBothParsers() throws {
        let value = try schema()
        XCTAssertEqual(value["$schema"]?.stringValue, "https://json-schema.org/draft/2020-12/schema")
        let foundation = try JSONSerialization.jsonObject(with: Data(SceneSchema.json.utf8)) as? [String: Any]
        XCTAssertEqual(foundation?["type"] as? String, "object")
        XCTAssertTrue(SceneSchema.json.hasSuffix("}\n"))
    }

    func testEveryKeyTheDecoderKnowsIsInTheSchemaAndNoOther() throws {
        let value = try schema()
        XCTAssertEqual(propertyNames(value), FormatKeys.scene)
        let pairs: [(String, [String])] = [
            ("canvas", FormatKeys.canvas), ("output", FormatKeys.output), ("gradient", FormatKeys.gradient),
            ("linearGradient", FormatKeys.linearGradient),
            ("textLayer", LayerType.text.keys), ("rectLayer", LayerType.rect.keys),
            ("imageLayer", LayerType.image.keys),
            ("frame", FormatKeys.frame), ("paddingSides", FormatKeys.padding), ("border", FormatKeys.border),
            ("offset", FormatKeys.offset), ("span", FormatKeys.span), ("font", FormatKeys.font),
            ("shadow", FormatKeys.shadow),
            ("typewriter", AnimationType.typewriter.keys),
            ("animate", AnimationType.animate.keys),
            ("keyframes", AnimationType.keyframes.keys),
            ("cursor", FormatKeys.cursor), ("scriptStep", FormatKeys.scriptStep), ("keyframe", FormatKeys.keyframe),
            ("easingFunction", FormatKeys.easing), ("spring", FormatKeys.spring),
        ]
        for (name, keys) in pairs {
            let definition = try definition(name, in: value)
            XCTAssertEqual(Set(propertyNames(definition)), Set(keys), name)
            XCTAssertEqual(definition["additionalProperties"]?.boolValue, false, name)
        }
    }

    func testEveryReferenceResolves() throws {
        let value = try schema()
        let names = Set(value["$defs"]?.objectMembers?.map(\.key) ?? [])
        var references: [String] = []
        var pending = [value]
        while let node = pending.popLast() {
            switch node.kind {
            case .object(let members):
                for member in members {
                    if member.key == "$ref", let target = member.value.stringValue { references.append(target) }
                    pending.append(member.value)
                }
            case .array(let items):
                pending.append(contentsOf: items)
            default:
                break
            }
        }
        XCTAssertGreaterThan(references.count, 40)
        for reference in references {
            XCTAssertTrue(reference.hasPrefix("#/$defs/"), reference)
            XCTAssertTrue(names.contains(String(reference.dropFirst("#/$defs/".count))), reference)
        }
    }

    func testEnumerationsAndDefaultsMatchTheDecoder() throws {
        let value = try schema()
        func enumValues(_ node: JSONValue?) -> [String] {
            let options = node?["anyOf"]?.arrayValue ?? []
            return options.compactMap { $0["enum"]?.arrayValue }.first?.compactMap(\.stringValue) ?? []
        }
        let text = try definition("textLayer", in: value)
        XCTAssertEqual(enumValues(text["properties"]?["alignment"]), Alignment.allCases.map(\.rawValue))
        XCTAssertEqual(enumValues(text["properties"]?["wrap"]), WrapMode.allCases.map(\.rawValue))
        XCTAssertEqual(
            enumValues(try definition("easing", in: value)),
            ["linear", "easeIn", "easeOut", "easeInOut", "hold", "jump"])
        XCTAssertEqual(enumValues(try definition("property", in: value)), AnimatableProperty.allCases.map(\.rawValue))
        XCTAssertEqual(enumValues(try definition("color", in: value)).count, 149)
        XCTAssertEqual(enumValues(try definition("fontWeight", in: value)).count, 9)

        let defaults = Canvas(width: 1, height: 1)
        let canvas = try definition("canvas", in: value)["properties"]
        XCTAssertEqual(canvas?["fps"]?["default"]?.numberValue, defaults.fps)
        XCTAssertEqual(canvas?["hold"]?["default"]?.numberValue, defaults.hold)
        XCTAssertEqual(canvas?["scale"]?["default"]?.numberValue, defaults.scale)
        XCTAssertEqual(
            canvas?["background"]?["default"]?.stringValue.flatMap(Color.init(parsing:)).map(Fill.color),
            defaults.background)
        let typewriter = try definition("typewriter", in: value)["properties"]
        XCTAssertEqual(typewriter?["interval"]?["default"]?.numberValue, 0.06)
        XCTAssertEqual(Typewriter().pacing, .interval(0.06))
        let shadow = try definition("shadow", in: value)["properties"]
        XCTAssertEqual(
            shadow?["color"]?["default"]?.stringValue.flatMap(Color.init(parsing:)), DecodingContext.defaultShadowColor)
        let font = try definition("font", in: value)["properties"]
        XCTAssertEqual(font?["size"]?["default"]?.numberValue, FontSpec.defaultSize)
        XCTAssertEqual(font?["family"]?["default"]?.stringValue, FontSpec.defaultFamily)
        // A family name or a non-empty list of them (#14).
        let family = font?["family"]?["anyOf"]?.arrayValue
        XCTAssertEqual(family?.map { $0["type"]?.stringValue }, ["string", "array"])
        XCTAssertEqual(family?[1]["minItems"]?.numberValue, 1)
        XCTAssertEqual(family?[1]["items"]?["type"]?.stringValue, "string")
    }

    func testEverySchemaPropertyHasADescription() throws {
        let value = try schema()
        var missing: [String] = []
        for definition in value["$defs"]?.objectMembers ?? [] {
            for property in definition.value["properties"]?.objectMembers ?? [] {
                let node = property.value
                if node["description"] == nil && node["$ref"] == nil {
                    missing.append(definition.key + "." + property.key)
                }
            }
        }
        XCTAssertEqual(missing, [])
    }
}
