/**
 * The `nodeplane` command: `serve` here, the one-shot commands in server/cli/.
 * @module
 */
import { Command } from 'commander'
import { accountsCommand } from './cli/accounts.js'
import { backupCommands } from './cli/backup.js'
import { cleanupCommand } from './cli/cleanup.js'
import { hostsCommand } from './cli/hosts.js'
import { imagesCommand } from './cli/images.js'
import { incusCommand } from './cli/incus.js'
import { keysCommand } from './cli/keys.js'
import { providerCommand } from './cli/provider.js'
import { usersCommand } from './cli/users.js'
import { dataOption } from './cli/with-runtime.js'
import { ConfigError, loadConfig } from './config.js'
import { ProblemError } from './http/problem.js'
import { serve } from './serve.js'

const program = new Command('nodeplane')
  .description('Self-hostable compute node cloud API')
  .showHelpAfterError()

program
  .command('serve')
  .description('run the API, dashboard and provisioning worker')
  .option('--port <port>', 'TCP port (default 8080, or NODEPLANE_PORT; 0 picks a free one)')
  .option('--host <host>', 'address to bind (default 127.0.0.1, or NODEPLANE_HOST)')
  .addOption(dataOption())
  .option('--tls-cert <file>', 'PEM certificate (chain): serve HTTPS (or NODEPLANE_TLS_CERT)')
  .option('--tls-key <file>', "the certificate's PEM private key (or NODEPLANE_TLS_KEY)")
  .action(async (options) => {
    await serve(
      loadConfig(process.env, {
        port: options.port,
        host: options.host,
        dataDir: options.data,
        tlsCert: options.tlsCert,
        tlsKey: options.tlsKey,
      })
    )
  })

for (const add of [
  keysCommand,
  usersCommand,
  accountsCommand,
  hostsCommand,
  imagesCommand,
  cleanupCommand,
  backupCommands,
  incusCommand,
  providerCommand,
])
  add(program)

program.parseAsync().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof ProblemError
  process.stderr.write(
    `nodeplane: ${known ? err.message : ((err as Error).stack ?? String(err))}\n`
  )
  process.exit(1)
})
