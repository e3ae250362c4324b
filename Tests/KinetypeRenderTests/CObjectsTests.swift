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
}
