import CPangoCairo
import KinetypeCore

/// A copy of a Cairo context's current path (`cairo_copy_path`); `deinit` destroys it.
final class CairoPath {
    let pointer: UnsafeMutablePointer<cairo_path_t>

    /// Copies the current path of `cr`. Throws a `.renderFailure` diagnostic when Cairo cannot.
    init(copying cr: OpaquePointer) throws(DiagnosticList) {
        guard let path = cairo_copy_path(cr) else {
            throw CairoSurface.failure("a path", reason: "out of memory")
        }
        let status = path.pointee.status
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_path_destroy(path)
            throw CairoSurface.failure("a path", reason: String(cString: cairo_status_to_string(status)))
        }
        pointer = path
    }

    deinit { cairo_path_destroy(pointer) }

    /// The path as contours of cubic segments with tangents relative to their vertices. A closed
    /// contour whose last segment ends on its first vertex keeps that vertex once.
    var vectorPath: VectorPath {
        var contours: [VectorContour] = []
        var current = VectorContour()
        func finish() {
            if current.vertices.count > 1 || (current.closed && !current.vertices.isEmpty) {
                contours.append(current)
            }
            current = VectorContour()
        }
        let count = Int(pointer.pointee.num_data)
        guard let data = pointer.pointee.data else { return VectorPath() }
        var index = 0
        while index < count {
            let header = data[index].header
            let length = max(Int(header.length), 1)
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                finish()
                let point = data[index + 1].point
                current.vertices = [Point(x: point.x, y: point.y)]
                current.inTangents = [Point(x: 0, y: 0)]
                current.outTangents = [Point(x: 0, y: 0)]
            case CAIRO_PATH_LINE_TO:
                let point = data[index + 1].point
                current.vertices.append(Point(x: point.x, y: point.y))
                current.inTangents.append(Point(x: 0, y: 0))
                current.outTangents.append(Point(x: 0, y: 0))
            case CAIRO_PATH_CURVE_TO:
                let first = data[index + 1].point
                let second = data[index + 2].point
                let end = data[index + 3].point
                if let last = current.vertices.last {
                    current.outTangents[current.outTangents.count - 1] = Point(x: first.x - last.x, y: first.y - last.y)
                }
                current.vertices.append(Point(x: end.x, y: end.y))
                current.inTangents.append(Point(x: second.x - end.x, y: second.y - end.y))
                current.outTangents.append(Point(x: 0, y: 0))
            case CAIRO_PATH_CLOSE_PATH:
                current.closed = true
                if current.vertices.count > 1, let first = current.vertices.first, let last = current.vertices.last,
                    abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
                {
                    current.inTangents[0] = current.inTangents[current.inTangents.count - 1]
                    current.vertices.removeLast()
                    current.inTangents.removeLast()
                    current.outTangents.removeLast()
                }
                finish()
            default: break
            }
            index += length
        }
        finish()
        return VectorPath(contours: contours)
    }
}
