/**
 * The release's entry: provider/main.ts without the test-only types hook, and without
 * top-level await, so it bundles to CommonJS. Node runs a CommonJS script whatever its file
 * name ends with, and Terraform names the executable `terraform-provider-nodeplane_v0.1.0`.
 * @module
 */
import { serve } from '../protocol/plugin.js'
import { createProvider } from '../provider.js'

serve(createProvider()).catch((err: unknown) => {
  process.stderr.write(
    `nodeplane provider failed to start: ${(err as Error).stack ?? String(err)}\n`
  )
  process.exit(1)
})
