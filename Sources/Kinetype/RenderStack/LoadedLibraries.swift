import Foundation

#if os(Linux)
    import CDynamicLoader
#endif

/// The shared libraries of the render stack this process runs on, as the dynamic loader lists them:
/// every library loaded by path, except the Swift runtime and test libraries (kinetype's own code,
/// linked statically into the release binary) and what the C library loads only on demand (NSS
/// modules, character-set converters).
enum LoadedLibraries {
    /// The loaded libraries' paths, in load order.
    static func paths() -> [String] {
        #if os(Linux)
            var names: [String] = []
            withUnsafeMutablePointer(to: &names) { names in
                _ = dl_iterate_phdr(
                    { info, _, context in
                        let object = info.map {
                            UnsafeRawPointer($0).assumingMemoryBound(to: kinetype_loaded_object.self)
                        }
                        let name = object?.pointee.dlpi_name.map { String(cString: $0) } ?? ""
                        context?.assumingMemoryBound(to: [String].self).pointee.append(name)
                        return 0
                    }, names)
            }
            // The first object is the program itself (named when the bundle's loader starts it).
            return names.dropFirst().filter(belongsToTheStack)
        #else
            return []
        #endif
    }

    /// The render libraries linked into this program, one line each ("library NAME SHA-256"), when
    /// it was linked statically (`scripts/static-stack`); nil when it loads them as shared libraries.
    static func linked() -> [String]? {
        #if os(Linux)
            guard let lines = kinetype_linked_libraries() else { return nil }
            return String(cString: lines).split(separator: "\n").map(String.init)
        #else
            return nil
        #endif
    }

    /// Whether a loaded object is part of the render stack (see the type's description).
    static func belongsToTheStack(_ path: String) -> Bool {
        guard path.contains("/") else { return false } // the kernel's vDSO
        let name = (path as NSString).lastPathComponent
        let runtime = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libXCTest"]
        let onDemand = ["libnss_", "libresolv"]
        return !(runtime + onDemand).contains(where: name.hasPrefix) && !path.contains("/gconv/")
    }
}
