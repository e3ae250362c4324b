/// A closed or open run of cubic Bézier segments, as vector formats (Lottie) store it: each vertex
/// with its incoming and outgoing control points relative to the vertex. Coordinates are points.
public struct VectorContour: Hashable, Sendable {
    public var vertices: [Point]
    /// The control point before each vertex, relative to it (zero for a straight segment).
    public var inTangents: [Point]
    /// The control point after each vertex, relative to it (zero for a straight segment).
    public var outTangents: [Point]
    public var closed: Bool

    public init(vertices: [Point] = [], inTangents: [Point] = [], outTangents: [Point] = [], closed: Bool = false) {
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
        self.closed = closed
    }
}

/// The contours of one filled shape (a glyph, a rounded rectangle), filled with the non-zero rule.
public struct VectorPath: Hashable, Sendable {
    public var contours: [VectorContour]

    public init(contours: [VectorContour] = []) {
        self.contours = contours
    }

    /// Every coordinate rounded to `1/divisions` of a point (1/100 by default), so equal shapes
    /// compare equal and files stay small.
    public func rounded(divisions: Double = 100) -> VectorPath {
        func round(_ point: Point) -> Point {
            Point(x: (point.x * divisions).rounded() / divisions, y: (point.y * divisions).rounded() / divisions)
        }
        return VectorPath(
            contours: contours.map {
                VectorContour(
                    vertices: $0.vertices.map(round), inTangents: $0.inTangents.map(round),
                    outTangents: $0.outTangents.map(round), closed: $0.closed)
            })
    }

    /// The path moved by `dx`, `dy`.
    public func translated(dx: Double, dy: Double) -> VectorPath {
        VectorPath(
            contours: contours.map {
                VectorContour(
                    vertices: $0.vertices.map { Point(x: $0.x + dx, y: $0.y + dy) }, inTangents: $0.inTangents,
                    outTangents: $0.outTangents, closed: $0.closed)
            })
    }

    /// The smallest rectangle holding every vertex and control point (nil for an empty path).
    public var controlBounds: Rect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for contour in contours {
            for (index, vertex) in contour.vertices.enumerated() {
                for point in [
                    vertex,
                    Point(x: vertex.x + contour.inTangents[index].x, y: vertex.y + contour.inTangents[index].y),
                    Point(x: vertex.x + contour.outTangents[index].x, y: vertex.y + contour.outTangents[index].y),
                ] {
                    minX = min(minX, point.x)
                    minY = min(minY, point.y)
                    maxX = max(maxX, point.x)
                    maxY = max(maxY, point.y)
                }
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
