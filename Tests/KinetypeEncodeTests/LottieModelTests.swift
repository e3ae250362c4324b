import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The Lottie model writes what the Lottie schema (lottiefiles.github.io/lottie-docs) says: an
/// animated property's keyframes, each kind of layer, shape and asset with its `ty` and members.
final class LottieModelTests: XCTestCase {
    func testAFixedPropertyIsItsValueAndNotAnimated() {
        XCTAssertEqual(text(LottieProperty<Double>.fixed(37.5)), #"{"a":0,"k":37.5}"#)
        XCTAssertEqual(text(LottieProperty<[Double]>.fixed([12, -3.25, 0])), #"{"a":0,"k":[12,-3.25,0]}"#)
    }

    /// A keyframe's start value is an array even for a number; a curve's handles are one per
    /// dimension, `o` leaving this keyframe and `i` arriving at the next; a hold is `h` 1; the last
    /// keyframe has only its time and value.
    func testKeyframesSayTheirTimeValueAndEasingAsTheSchemaDoes() throws {
        let opacity = LottieProperty<Double>.keyframed([
            LottieKeyframe(time: 0, value: 0, easing: .curve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
            LottieKeyframe(time: 10, value: 100, easing: .hold),
            LottieKeyframe(time: 15, value: 60, easing: .linear),
            LottieKeyframe(time: 20, value: 20, easing: nil),
        ])
        XCTAssertEqual(
            text(opacity),
            #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},"#
                + #"{"t":10,"s":[100],"h":1},{"t":15,"s":[60],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},"#
                + #"{"t":20,"s":[20]}]}"#)
        let position = LottieProperty<[Double]>.keyframed([
            LottieKeyframe(time: 2, value: [10, 20, 0], easing: .hold),
            LottieKeyframe(time: 4, value: [30, 20, 0], easing: nil),
        ])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: position.json) as? [String: Any])
        XCTAssertEqual(object["a"] as? Int, 1)
        let keyframes = try XCTUnwrap(object["k"] as? [[String: Any]])
        XCTAssertEqual(keyframes.map { $0["t"] as? Int }, [2, 4])
        XCTAssertEqual(keyframes.map { $0["s"] as? [Double] }, [[10, 20, 0], [30, 20, 0]])
        XCTAssertEqual(keyframes.map { $0["h"] as? Int }, [1, nil])
    }

    func testAPathIsOneContourWithItsTangentsRelativeToItsVertices() {
        let contour = VectorContour(
            vertices: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5)],
            inTangents: [Point(x: 0, y: 0), Point(x: -2, y: 0), Point(x: 0, y: -1.5)],
            outTangents: [Point(x: 2, y: 0), Point(x: 0, y: 1.5), Point(x: 0, y: 0)], closed: true)
        XCTAssertEqual(
            text(LottieShape.path(LottiePath(.fixed(LottieBezier(contour))))),
            #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,5]],"i":[[0,0],[-2,0],[0,-1.5]],"#
                + #""o":[[2,0],[0,1.5],[0,0]]}}}"#)
    }

    /// A group ends with its transform (`tr`); fills, gradients and strokes say their paint, rule
    /// and ends as numbers.
    func testShapesWriteTheirKindAndMembers() {
        let fill = LottieFill(color: .fixed([1, 0.5, 0, 1]), opacity: .fixed(80))
        XCTAssertEqual(
            text(LottieShape.group(LottieGroup([.fill(fill)]))),
            #"{"ty":"gr","it":[{"ty":"fl","c":{"a":0,"k":[1,0.5,0,1]},"o":{"a":0,"k":80},"r":1},"#
                + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"#
                + #""r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#)
        let gradient = LottieGradientFill(
            opacity: .fixed(100), colors: LottieGradientColors(count: 2, stops: .fixed([0, 1, 1, 1, 1, 0, 0, 0])),
            start: .fixed([0, 0]), end: .fixed([40, 20]), type: .linear)
        XCTAssertEqual(
            text(LottieShape.gradientFill(gradient)),
            #"{"ty":"gf","o":{"a":0,"k":100},"r":1,"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}},"#
                + #""s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[40,20]},"t":1}"#)
        let stroke = LottieStroke(
            color: .fixed([0, 0, 1, 1]), opacity: .fixed(100), width: .fixed(2), lineCap: .butt, lineJoin: .miter,
            miterLimit: 10)
        XCTAssertEqual(
            text(LottieShape.stroke(stroke)),
            #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":10}"#)
        let rectangle = LottieRectangle(
            name: "cursor", position: .fixed([5, 6]), size: .fixed([2, 12]), roundness: .fixed(0))
        XCTAssertEqual(
            text(LottieShape.rectangle(rectangle)),
            #"{"ty":"rc","nm":"cursor","d":1,"p":{"a":0,"k":[5,6]},"s":{"a":0,"k":[2,12]},"r":{"a":0,"k":0}}"#)
    }

    /// Layer types 0 (precomposition, with its size and a mask), 2 (image) and 4 (shapes, listed
    /// after the transform), each with its span.
    func testLayersWriteTheirTypeReferenceSpanTransformAndMasks() throws {
        let square = LottieBezier(
            closed: true, vertices: [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)],
            inTangents: Array(repeating: Point(x: 0, y: 0), count: 4),
            outTangents: Array(repeating: Point(x: 0, y: 0), count: 4))
        let precomposition = LottieLayer(
            .precomposition(id: "layer0", width: 200, height: 100), index: 3, name: "layers[0]", frames: 0..<12,
            transform: LottieTransform(rotation: .fixed(15)),
            masks: [LottieMask(name: "frame", mode: .add, path: .fixed(square))])
        XCTAssertEqual(
            text(precomposition),
            #"{"ty":0,"ind":3,"nm":"layers[0]","refId":"layer0","w":200,"h":100,"ip":0,"op":12,"st":0,"#
                + #""ks":{"r":{"a":0,"k":15}},"hasMask":true,"masksProperties":[{"nm":"frame","mode":"a","inv":false,"#
                + #""pt":{"a":0,"k":{"c":true,"v":[[0,0],[4,0],[4,4],[0,4]],"i":[[0,0],[0,0],[0,0],[0,0]],"#
                + #""o":[[0,0],[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100},"x":{"a":0,"k":0}}]}"#)
        let shapes = LottieLayer(
            .shapes([.fill(LottieFill(color: .fixed([0, 0, 0, 1]), opacity: .fixed(100)))]), index: 1,
            name: "background", frames: 0..<5, transform: LottieTransform())
        XCTAssertEqual(
            text(shapes),
            #"{"ty":4,"ind":1,"nm":"background","ip":0,"op":5,"st":0,"ks":{},"#
                + #""shapes":[{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"r":1}]}"#)
    }

    /// The top level, with an embedded image asset: version, frame rate, span, size, assets, layers.
    func testAnAnimationHoldsItsAssetsAndLayers() throws {
        let image = LottieAsset(id: "image0", .image(width: 4, height: 2, dataURI: "data:image/png;base64,AAAA"))
        let layer = LottieLayer(.image(id: "image0"), index: 1, frames: 0..<24, transform: LottieTransform())
        let animation = LottieAnimation(
            frameRate: 24, frameCount: 24, width: 320, height: 80.5, name: "kinetype",
            assets: [LottieWritten(image)], layers: [LottieWritten(layer)])
        XCTAssertEqual(
            text(animation),
            #"{"v":"5.7.0","fr":24,"ip":0,"op":24,"w":320,"h":80.5,"nm":"kinetype","ddd":0,"#
                + #""assets":[{"id":"image0","w":4,"h":2,"u":"","p":"data:image/png;base64,AAAA","e":1}],"#
                + #""layers":[{"ty":2,"ind":1,"refId":"image0","ip":0,"op":24,"st":0,"ks":{}}]}"#)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: animation.json) as? [String: Any])
    }

    private func text(_ value: some LottieEncodable) -> String { String(decoding: value.json, as: UTF8.self) }
}
