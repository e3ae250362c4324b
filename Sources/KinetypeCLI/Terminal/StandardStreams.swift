import Foundation

/// Standard input, output and error as the process received them.
enum StandardStreams {
    /// Whether standard output was closed when kinetype started (`kinetype … >&-`). Reading it
    /// the first time runs `fillClosed()`; `main` does so before anything else opens a file.
    static let outputWasClosed = fillClosed()

    /// Opens /dev/null on any of descriptors 0, 1 and 2 that the process started without:
    /// otherwise the next file, pipe or event descriptor would take the number, and output meant
    /// for standard output would land in it. Returns whether standard output was closed.
    private static func fillClosed() -> Bool {
        var outputWasClosed = false
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            if descriptor == STDOUT_FILENO { outputWasClosed = true }
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
        return outputWasClosed
    }
}
