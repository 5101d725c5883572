/**
 * The server's Prometheus metrics (`GET /metrics`): one registry per runtime, the instruments
 * other parts count into, and the names the Grafana dashboard and its test read. Labels hold
 * route patterns, statuses, operations and regions, never an account's ids, names or paths.
 * @module
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** What parts of the server count into, and the registry `/metrics` prints. */
export interface ServerMetrics {
  registry: Registry
  /** Requests by method, route pattern and status. */
  requests: Counter<'method' | 'route' | 'status'>
  /** How long requests took, by method and route pattern. */
  requestSeconds: Histogram<'method' | 'route'>
  /** Engine (driver) calls that failed, by operation (`create`, `destroy`, `power`, ...). */
  engineErrors: Counter<'operation'>
  /** Webhook delivery attempts that failed: `status` (a non-2xx answer) or `error` (none). */
  webhookFailures: Counter<'kind'>
  /** Open `text/event-stream` connections of `GET /api/v1/events`. */
  eventStreams: Gauge
}

/** A fresh registry with the process's default metrics and every instrument at zero. */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry()
  // The process's CPU, memory, event-loop lag and GC, as `process_*` and `nodejs_*`.
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    requests: new Counter({
      name: 'nodeplane_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'nodeplane_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (to its headers, for streams), by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    engineErrors: new Counter({
      name: 'nodeplane_engine_errors_total',
      help: 'Calls to the provisioning engine (driver) that failed, by operation',
      labelNames: ['operation'],
      registers,
    }),
    webhookFailures: new Counter({
      name: 'nodeplane_webhook_delivery_failures_total',
      help: 'Webhook delivery attempts that failed: status (a non-2xx answer) or error (no answer)',
      labelNames: ['kind'],
      registers,
    }),
    eventStreams: new Gauge({
      name: 'nodeplane_event_stream_clients',
      help: 'Open Server-Sent Events streams of GET /api/v1/events',
      registers,
    }),
  }
}
