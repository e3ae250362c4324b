/// A batch's planned jobs, each taken once by the worker that runs it and let go as it is taken:
/// the memory of a long batch's jobs (each with its values) goes to its outcomes as they come,
/// instead of both being held until the end.
// Unchecked: each index is taken once, by one thread (`OrderedWork` hands every item to one
// worker), and nothing else touches the jobs.
final class PlannedJobs: @unchecked Sendable {
    private let jobs: UnsafeMutableBufferPointer<BatchPlan.Job?>

    init(_ jobs: [BatchPlan.Job]) {
        self.jobs = .allocate(capacity: jobs.count)
        _ = self.jobs.initialize(from: jobs.lazy.map { Optional($0) })
    }

    var count: Int { jobs.count }

    /// The job at `index`, which no one takes again.
    func take(_ index: Int) -> BatchPlan.Job {
        let job = jobs[index]!
        jobs[index] = nil
        return job
    }

    deinit {
        jobs.deinitialize()
        jobs.deallocate()
    }
}
