import Foundation

// pool-bench: a LibraryPool keeping many libraries current, each address fetched once for all (Benchmarks/pool.sh
// runs it): `prepare --dir DIR`, then `run --dir COPY --open N`.
let options = PoolBenchOptions(CommandLine.arguments.dropFirst())
switch options.mode {
case .serve:
    do {
        try await PoolFeedServer.serve(options)
    } catch is CancellationError {
        // The parent closed our standard input: done.
    }
case .prepare: try await PoolBench.prepare(options)
case .run: try await PoolBench.run(options)
}
