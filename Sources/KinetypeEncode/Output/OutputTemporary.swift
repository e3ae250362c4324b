import Foundation

/// The temporary file or folder of one output, and the commit-or-discard lifecycle that
/// `AtomicFile` and `AtomicFolder` share: dropped without `release()`, it removes the temporary,
/// so an output that is not committed leaves nothing behind. Being noncopyable, it has one owner,
/// and the compiler rejects any use after it was released or removed.
struct OutputTemporary: ~Copyable, Sendable {
    /// The temporary's path (same folder as the destination, hidden name).
    let url: URL
    /// Whether the temporary is no longer this value's to remove (it was put in place or handed
    /// to an `OutputGroup`).
    private var isReleased = false

    init(url: URL) {
        self.url = url
    }

    /// The temporary now belongs to its destination (or to a group): it is not removed.
    consuming func release() {
        isReleased = true
    }

    /// Removes the temporary now.
    consuming func remove() {}

    deinit {
        if !isReleased { OutputPlacement.remove(url) }
    }
}
