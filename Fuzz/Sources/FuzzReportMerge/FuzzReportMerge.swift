import Foundation
import FuzzHarness

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    ReportMergeHarness.run(Data(bytes: bytes, count: count))
    return 0
}

/// libFuzzer's own byte-level mutation, for the half of the mutations that are not report-aware.
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// Half of the mutations edit the reports' JSON (`ReportMutator`), half are libFuzzer's byte edits.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(
    _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int,
    _ seed: UInt32
) -> Int {
    if seed % 2 == 0 {
        var bytes = Array(UnsafeBufferPointer(start: data, count: size))
        if let newSize = ReportMutator.mutate(&bytes, maxSize: maxSize, seed: seed / 2), newSize > 0 {
            for (offset, byte) in bytes.enumerated() { data[offset] = byte }
            return newSize
        }
    }
    return libFuzzerMutate(data, size, maxSize)
}
