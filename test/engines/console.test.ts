import { describeEngines, ssh } from './_engines.js'
import { consoleCases } from './_console.js'
import { CONSOLE_LIMITS_ENV } from './_console-limits.js'

await describeEngines(
  'node console',
  (ctx) => {
    consoleCases(ctx, (node, password, command) =>
      ssh(ctx.names.internet, node.ip_address, password, command)
    )
  },
  { engines: ['podman'], env: CONSOLE_LIMITS_ENV }
)
