import Foundation
import KinetypeCore
import KinetypeEncode

/// An SVG document as `SVGExport` builds it: the definitions (glyph outlines, pictures,
/// gradients, clips, filters), the style sheet (one `@keyframes` rule per distinct animation, and
/// a class that runs it) and the drawing, each piece counted as it is added so that an export past
/// its bound is refused where it gets there.
///
/// Coordinates are written in grid units, `unitsPerPoint` to a point (8 to a pixel of the scene's
/// own scale): the root's `viewBox` is the canvas in those units and its `width` and `height` the
/// canvas in points, so glyph outlines and positions are short whole numbers, within 1/16 of a
/// pixel of the raster's.
struct SVGDocument {
    let unitsPerPoint: Double
    /// The animations' length in seconds and how many times they play (`infinite`, or a count).
    let duration: Double
    private(set) var definitions: [String] = []
    private(set) var rules: [String] = []
    private(set) var drawing: [String] = []
    /// Bytes of the pieces so far.
    private(set) var bytes = 0

    private var nextID = 0
    private var nextAnimation = 0
    private var animationNames: [String: String] = [:]
    private var definitionIDs: [String: String] = [:]
    private var ruleTexts: Set<String> = []

    init(unitsPerPoint: Double, duration: Double) {
        self.unitsPerPoint = unitsPerPoint
        self.duration = duration
    }

    /// A short name made of letters (then digits): `a` … `Z`, `ba` ….
    static func name(_ number: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var remaining = number
        var name = String(letters[remaining % letters.count])
        remaining /= letters.count
        while remaining > 0 {
            name = String(letters[remaining % letters.count]) + name
            remaining /= letters.count
        }
        return name
    }

    /// Adds an element to the drawing.
    mutating func draw(_ element: String) {
        drawing.append(element)
        bytes += element.utf8.count
    }

    /// The id of the definition `make(id)` makes, added the first time `key` is asked for.
    mutating func define(_ key: String, _ make: (String) -> String) -> String {
        if let known = definitionIDs[key] { return known }
        let id = Self.name(nextID)
        nextID += 1
        definitionIDs[key] = id
        let element = make(id)
        definitions.append(element)
        bytes += element.utf8.count
        return id
    }

    /// The class that runs the keyframes `body` (`0%{opacity:0}40%{opacity:1}`), added the first
    /// time they are asked for: `@keyframes a{…}` and `.a{animation-name:a}`.
    mutating func animation(_ body: String) -> String {
        let name = keyframes(body)
        rule(".\(name){animation-name:\(name)}")
        return name
    }

    /// The name of the keyframes `body`, added the first time they are asked for.
    mutating func keyframes(_ body: String) -> String {
        if let known = animationNames[body] { return known }
        let name = Self.name(nextAnimation)
        nextAnimation += 1
        animationNames[body] = name
        let rule = "@keyframes \(name){\(body)}"
        rules.append(rule)
        bytes += rule.utf8.count
        return name
    }

    /// Adds a rule to the style sheet, once.
    mutating func rule(_ text: String) {
        guard ruleTexts.insert(text).inserted else { return }
        rules.append(text)
        bytes += text.utf8.count
    }

    /// The document: the root with its title (the alt text), the style sheet, the definitions
    /// and the drawing. Every animation runs `duration` seconds, `iterations` times (`infinite`),
    /// holding each value until its next keyframe unless a keyframe says otherwise, and shows its
    /// last value after its last play (`both`); with `prefers-reduced-motion: reduce` none runs,
    /// and every element shows its value at the end, as it does in a viewer that does not animate.
    func text(width: Double, height: Double, title: String, iterations: String) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width, decimals: 2))\" "
        out += "height=\"\(SVGText.number(height, decimals: 2))\" "
        let units = { (points: Double) in SVGText.number(points * unitsPerPoint, decimals: 1) }
        out += "viewBox=\"0 0 \(units(width)) \(units(height))\" role=\"img\""
        // The title is the accessible name of an image role (and a tooltip); shown through <img>,
        // the <img>'s own alt text names it. No text at the end: nothing for a reader to read.
        out += title.isEmpty ? " aria-hidden=\"true\">" : "><title>\(SVGText.escaped(title))</title>"
        if !rules.isEmpty {
            out += "<style>*{animation:\(SVGText.number(duration, decimals: 3))s step-end \(iterations) both}"
            out += rules.joined()
            out += "@media(prefers-reduced-motion:reduce){*{animation:none!important}}</style>"
        }
        if !definitions.isEmpty { out += "<defs>" + definitions.joined() + "</defs>" }
        out += drawing.joined()
        out += "</svg>\n"
        return out
    }

    /// The bytes of everything but the pieces: the root, the title, the style sheet's own rules.
    static func frameBytes(title: String) -> Int {
        400 + SVGText.escaped(title).utf8.count
    }
}
