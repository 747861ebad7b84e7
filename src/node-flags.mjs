// V8 flags booking-api runs with, wherever it runs: the single executable (build.mjs puts them in
// its SEA config), `npm start`, the `booking-api` command (the shebang of src/bin.mjs) and the
// benchmarks, and the test helpers that spawn it (test/helpers/cli.ts: the tests' servers, the crash
// loop, the load run). A test checks that all of them carry exactly these.
//
// --max-semi-space-size=4: V8's young generation grows to 64 MiB under a high allocation rate
// (sending a backlog of webhooks, say) and stays there. Capped at 2 × 4 MiB, the peak RSS while
// delivering the bench's backlog fell from 355 MiB to 233-249 MiB (1 MiB: 230 MiB, but services
// and delivery lost ~10% of their throughput; 4 MiB stayed within the noise of default).
//
// Not --heap-growing-percent=25 (the old generation collected at 1.25× what was alive): it took
// the backlog's peak RSS without a backup from 204-207 to 175-184 MiB, but cost each delivery
// 10-30 % more CPU (bench/tools/cpu-per-delivery.ts: 127, 148 → 167, 163 µs; 50: 149 µs), and the
// scenario's peak is the set-up backup's scrypt anyway (docs/performance.md, stop 40).
export const NODE_FLAGS = ['--max-semi-space-size=4'];
