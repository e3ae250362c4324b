import KinetypeCore

/// One contour of a path (Lottie's bezier shape): its vertices, and for each the control points
/// before and after it, relative to the vertex.
public struct LottieBezier: LottieAnimatable, Equatable {
    /// Whether the last vertex joins the first (`c`).
    public var closed: Bool
    /// The points the path goes through (`v`).
    public var vertices: [Point]
    /// The control point before each vertex, relative to it (`i`; zero for a straight segment).
    public var inTangents: [Point]
    /// The control point after each vertex, relative to it (`o`; zero for a straight segment).
    public var outTangents: [Point]

    public init(closed: Bool, vertices: [Point], inTangents: [Point], outTangents: [Point]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    /// A contour of a `VectorPath`, as it is.
    public init(_ contour: VectorContour) {
        self.init(
            closed: contour.closed, vertices: contour.vertices, inTangents: contour.inTangents,
            outTangents: contour.outTangents)
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("c", closed)
            writer.member("v", vertices)
            writer.member("i", inTangents)
            writer.member("o", outTangents)
        }
    }
}
