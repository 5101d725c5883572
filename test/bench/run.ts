/**
 * Every benchmark in one command, `npm run bench`: the HTTP benchmarks on SQLite and on
 * PostgreSQL (http.bench.ts), server memory on both (memory.bench.ts), the Terraform provider (provider.bench.ts), then events through
 * the log and the stream (events.bench.ts), then node readiness on the real engines
 * (readiness.bench.ts, skipped where they cannot run). Each prints its tables and writes its
 * JSON under test-output/bench/.
 *   BENCH_ONLY=http|create|memory|provider|provider-exe|events|readiness|tenants  run one part
 *                             (create: POST /nodes alone against its yardstick, in rounds;
 *                             provider-exe: ways to ship the provider as one executable;
 *                             tenants: one account's latency while another at the firewall
 *                             caps lists them)
 *   BENCH_SECONDS             seconds per HTTP measurement (default 5)
 *   BENCH_HOSTS               largest HTTP inventory (default 100000; lower for smoke runs)
 *   BENCH_NODES               provider node counts, comma-separated (default 10,100,500)
 *   BENCH_EVENTS              nodes (and node.created events) of the events bench (default 1000)
 */
const only = process.env.BENCH_ONLY
if (
  only !== undefined &&
  ![
    'http',
    'create',
    'memory',
    'provider',
    'provider-exe',
    'events',
    'readiness',
    'tenants',
  ].includes(only)
) {
  throw new Error(
    `BENCH_ONLY must be http, create, memory, provider, provider-exe, events, readiness or tenants, not ${only}`
  )
}
// Imported one after the other: each part runs as its module loads.
if (only === undefined || only === 'http') await import('./http.bench.js')
// Not part of the whole run: http.bench.ts measures the creation too.
if (only === 'create') await import('./create.bench.js')
// Not part of the whole run either: it compares ways to build what provider.bench.ts runs.
if (only === 'provider-exe') await import('./provider-exe.bench.js')
if (only === undefined || only === 'memory') await import('./memory.bench.js')
if (only === undefined || only === 'provider') await import('./provider.bench.js')
if (only === undefined || only === 'events') await import('./events.bench.js')
if (only === undefined || only === 'readiness') await import('./readiness.bench.js')
if (only === undefined || only === 'tenants') await import('./tenants.bench.js')
