/**
 * `nodeplane keys`: API keys from the command line.
 * @module
 */
import { Option, type Command } from 'commander'
import { ADMIN_EMAIL, userByEmail } from '../accounts/accounts.service.js'
import { CreateKeyInput, SCOPES } from '../api-keys/api-keys.schema.js'
import { createKey, listKeys, revokeKey } from '../api-keys/api-keys.service.js'
import { parseInput } from '../http/router.js'
import type { Runtime } from '../runtime.js'
import { dataOption, withRuntime } from './with-runtime.js'

const accountOf = async (rt: Runtime, email: string | undefined) =>
  (await userByEmail(rt, email ?? ADMIN_EMAIL)).accountId

export function keysCommand(program: Command): void {
  const keys = program.command('keys').description('manage API keys')
  keys
    .command('create')
    .description('create an API key; prints the key alone on the last line')
    .requiredOption('--name <name>', 'descriptive name')
    .addOption(
      new Option('--scope <scope>', 'permission level').choices(SCOPES).default('read_write')
    )
    .option('--email <email>', "user whose account owns the key (default: the admin's)")
    .addOption(dataOption())
    .action((options) =>
      withRuntime(options, async (rt) => {
        const accountId = await accountOf(rt, options.email)
        const { name, scope } = parseInput(CreateKeyInput, {
          name: options.name,
          scope: options.scope,
        })
        const key = await createKey(rt, { accountId, name, scope })
        process.stderr.write(
          `Created key ${key.id} (${key.scope}). Store it now: it is not shown again.\n`
        )
        process.stdout.write(`${key.key}\n`)
      })
    )
  keys
    .command('list')
    .description('list the API keys of an account')
    .option('--email <email>', "user whose account to list (default: the admin's)")
    .option('--json', 'print JSON instead of a table')
    .addOption(dataOption())
    .action((options) =>
      withRuntime(options, async (rt) => {
        const list = await listKeys(rt, await accountOf(rt, options.email))
        if (options.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
        else console.table(list)
      })
    )
  keys
    .command('revoke <id>')
    .description('revoke an API key at once')
    .option('--email <email>', "user whose account owns the key (default: the admin's)")
    .addOption(dataOption())
    .action((id, options) =>
      withRuntime(options, async (rt) => {
        await revokeKey(rt, await accountOf(rt, options.email), id)
        process.stderr.write(`Revoked ${id}.\n`)
      })
    )
}
