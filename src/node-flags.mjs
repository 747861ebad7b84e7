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
// --heap-growing-percent=25: after a full collection, V8 lets the old generation grow to up to 4×
// what was alive before the next one. Delivering a backlog promotes ~5 MiB/s of short-lived
// objects (sends in flight survive the small young generation's scavenges), so the old
// generation grew from 26 to 91 MiB in 15 s without a full collection while ~40 MiB was alive
// (--trace-gc). At 1.25× it is collected at ~50 MiB instead: the backlog's peak RSS without a
// backup running 204-207 → 175-184 MiB (bench/tools/backlog-rss.ts, docs/performance.md stop 40).
export const NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=25'];
