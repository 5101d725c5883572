/**
 * Every benchmark in one command, `npm run bench`: the HTTP benchmarks on SQLite and on
 * PostgreSQL (http.bench.ts), then the Terraform provider (provider.bench.ts). Each prints its
 * tables and writes its JSON under test-output/bench/.
 *   BENCH_ONLY=http|provider  run one part
 *   BENCH_SECONDS             seconds per HTTP measurement (default 5)
 *   BENCH_HOSTS               largest HTTP inventory (default 100000; lower for smoke runs)
 *   BENCH_NODES               provider node counts, comma-separated (default 10,100,500)
 */
const only = process.env.BENCH_ONLY
if (only !== undefined && only !== 'http' && only !== 'provider') {
  throw new Error(`BENCH_ONLY must be http or provider, not ${only}`)
}
// Imported one after the other: each part runs as its module loads.
if (only !== 'provider') await import('./http.bench.js')
if (only !== 'http') await import('./provider.bench.js')
