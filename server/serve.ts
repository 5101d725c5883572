import { serve as listen } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.js'
import type { Config } from './config.js'
import { openRuntime, printAdminPassword } from './runtime.js'

/** Runs the server until SIGINT or SIGTERM, then drains and closes the database. */
export async function serve(config: Config): Promise<void> {
  const rt = openRuntime(config)
  if (rt.adminPassword) printAdminPassword(rt.adminPassword)
  const server = listen({
    fetch: createApp(rt).fetch,
    port: config.port,
    hostname: config.host,
    // A slow or stalled client cannot hold a connection for long.
    serverOptions: { headersTimeout: 10_000, requestTimeout: 30_000 },
  }, (info: AddressInfo) => {
    rt.log.info({ url: `http://${info.address}:${info.port}`, driver: config.driver, data_dir: config.dataDir }, 'listening')
  })
  rt.worker.resume()
  const shutdown = (signal: string) => {
    rt.log.info({ signal }, 'shutting down')
    server.close()
    void rt.close().then(() => process.exit(0))
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
