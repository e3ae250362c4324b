import CPangoCairo
import KinetypeCore
import XCTest

@testable import KinetypeRender

/// The owning wrappers of Cairo and Pango objects: a C constructor that fails becomes a thrown
/// `.renderFailure` diagnostic with a sentence, never a crash.
final class CObjectsTests: XCTestCase {
    private func renderFailure(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line)
        -> Diagnostic?
    {
        do {
            try body()
            XCTFail("expected a render failure", file: file, line: line)
        } catch let error as DiagnosticList {
            XCTAssertEqual(error.diagnostics.count, 1, file: file, line: line)
            XCTAssertEqual(error.diagnostics.first?.kind, .renderFailure, file: file, line: line)
            return error.diagnostics.first
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    func testASurfaceCairoRefusesIsAThrownDiagnostic() {
        let problem = renderFailure { _ = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: 40_000, height: 2) }
        // The reason is Cairo's own status string (its wording varies between Cairo versions).
        let reason = String(cString: cairo_status_to_string(CAIRO_STATUS_INVALID_SIZE))
        XCTAssertEqual(problem?.message, "cannot create a 40000×2 drawing surface: \(reason)")
    }

    func testASizeBeyond32BitsIsAThrownDiagnosticNotATrap() {
        let problem = renderFailure { _ = try CairoSurface(format: CAIRO_FORMAT_A8, width: 3_000_000_000, height: 1) }
        XCTAssertEqual(problem?.message, "cannot create a 3000000000×1 drawing surface: too large")
    }

    func testAFrameWiderThanCairoCanDrawFailsTheRenderInsteadOfCrashing() throws {
        // Int32(3_000_000_000) trapped before the wrapper; 40000 was refused with a vaguer message.
        for width in [3_000_000_000.0, 40_000] {
            let problem = renderFailure { _ = try Fixtures.render(Fixtures.frame(width: width, height: 1, layers: [])) }
            XCTAssertTrue(
                problem?.message.hasPrefix("cannot create a \(Int(width))×1 drawing surface: ") ?? false,
                problem?.message ?? "")
        }
    }

    func testAContextOnAFinishedSurfaceIsAThrownDiagnostic() throws {
        let surface = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: 4, height: 4)
        cairo_surface_finish(surface.pointer)
        let problem = renderFailure { _ = try CairoContext(drawingOn: surface) }
        XCTAssertEqual(problem?.message, "cannot create a drawing context: the target surface has been finished")
    }

    func testARendererKeepsDrawingAfterItsCachedLayoutsAreReplaced() throws {
        // The cached layout of a text layer is released when a new one replaces it (no manual release).
        let renderer = try Fixtures.renderer(Fixtures.scene(width: 120, height: 40))
        var images: [Image] = []
        for text in ["One", "Two", "One"] {
            let layer = Fixtures.textLayer(Fixtures.text(text), frame: LayerFrame(x: 4, y: 4, width: 110))
            images.append(try renderer.render(Fixtures.frame(width: 120, height: 40, layers: [layer])))
        }
        XCTAssertEqual(images[0].pixels, images[2].pixels)
        XCTAssertNotEqual(images[0].pixels, images[1].pixels)
    }

    func testACanvasSizedSurfaceHasZeroedPixelsOfItsOwnAndDrawsAsCairosOwnSurface() throws {
        // From 2 MiB of pixels on, the surface draws on memory kinetype sized and advised for huge
        // pages, which the surface frees when it is destroyed.
        let (width, height) = (2400, 960)
        func draw(on surface: OpaquePointer) -> [UInt8] {
            let cr = cairo_create(surface)!
            cairo_set_source_rgba(cr, 0.2, 0.4, 0.6, 0.8)
            cairo_arc(cr, 1200.5, 480.25, 400.3, 0, 5)
            cairo_fill(cr)
            cairo_set_line_width(cr, 3.7)
            cairo_rectangle(cr, 10.3, 20.6, 2000.2, 900.1)
            cairo_stroke(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            let count = Int(cairo_image_surface_get_stride(surface)) * height
            return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: count))
        }
        let surface = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: width, height: height)
        XCTAssertEqual(Int(cairo_image_surface_get_stride(surface.pointer)), width * 4)
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface.pointer))
        XCTAssertTrue(UnsafeBufferPointer(start: data, count: width * height * 4).allSatisfy { $0 == 0 })
        let cairos = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(cairos) }
        let (ours, theirs) = (draw(on: surface.pointer), draw(on: cairos))
        // Not XCTAssertEqual: a failure would print 18 million numbers.
        XCTAssertTrue(ours == theirs, "the same drawing gives the same pixels")

        // 50 painted surfaces of 9 MB: kept, they would add 460 MB to the process.
        let before = try residentBytes()
        for _ in 0..<50 {
            let surface = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: width, height: height)
            let cr = cairo_create(surface.pointer)!
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        XCTAssertLessThan(try residentBytes() - before, 100 << 20, "destroyed surfaces free their pixels")
    }

    /// The process's resident memory, from /proc/self/statm.
    private func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let pages = try XCTUnwrap(Int(statm.split(separator: " ")[1]))
        return pages * Int(getpagesize())
    }
}
