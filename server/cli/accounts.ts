/**
 * `nodeplane accounts limits`: the operator's per-account limits and their defaults.
 * @module
 */
import { Option, type Command } from 'commander'
import { userByEmail } from '../accounts/accounts.service.js'
import { invalidField } from '../http/problem.js'
import { LIMIT_CEILINGS, LIMIT_NAMES, type LimitName } from '../quotas/quota-names.js'
import { accountLimits } from '../limits/limits.service.js'
import { limitsWithSources, setLimits } from '../quotas/quotas.service.js'
import type { Runtime } from '../runtime.js'
import { dataOption, withRuntime } from './with-runtime.js'

const flagOf = (name: LimitName) => `--${name.replaceAll('_', '-')}`
/** Commander's key of `--cpu-cores`: `cpuCores`. */
const keyOf = (name: LimitName) => name.replace(/_(.)/g, (_, c: string) => c.toUpperCase())

/**
 * `--<limit> N`, or `--<limit> default` to remove what was set. The word is kept as it is
 * until givenLimits: commander does not keep a parser's null as the option's value.
 */
function limitOption(name: LimitName): Option {
  const ceiling = LIMIT_CEILINGS[name]
  const help = `limit of ${name}: 0 to ${ceiling}, or "default" to follow the default again`
  return new Option(`${flagOf(name)} <n>`, help).argParser((text: string) => {
    if (text === 'default') return text
    const value = Number(text)
    if (!/^\d+$/.test(text) || value > ceiling)
      throw invalidField(
        flagOf(name),
        `must be a whole number from 0 to ${ceiling} or "default", not ${text}`
      )
    return value
  })
}

/** The limits given on the command line; at least one. */
function givenLimits(options: Record<string, unknown>): Partial<Record<LimitName, number | null>> {
  const given = LIMIT_NAMES.filter((name) => options[keyOf(name)] !== undefined)
  if (given.length === 0)
    throw invalidField('limits', `give at least one of ${LIMIT_NAMES.map(flagOf).join(', ')}`)
  const valueOf = (name: LimitName) => options[keyOf(name)] as number | 'default'
  return Object.fromEntries(
    given.map((name) => [name, valueOf(name) === 'default' ? null : valueOf(name)])
  )
}

const accountOf = async (rt: Runtime, email: string | undefined) =>
  email === undefined ? undefined : (await userByEmail(rt, email)).accountId

/** The limits in force, with what the account uses when one is given, as a table or JSON. */
async function showLimits(rt: Runtime, email: string | undefined, json: boolean): Promise<void> {
  const accountId = await accountOf(rt, email)
  const rows = await limitsWithSources(rt, accountId)
  const used = accountId ? (await accountLimits(rt, accountId)).limits : undefined
  const table = rows.map((row) => ({ ...row, ...(used ? { used: used[row.name].used } : {}) }))
  if (json) return void process.stdout.write(`${JSON.stringify(table, null, 2)}\n`)
  const lines = table.map((row) =>
    [
      row.name.padEnd(13),
      String(row.value).padStart(10),
      ...(used ? [String(row.used).padStart(8)] : []),
      `  ${row.source}`,
    ].join('')
  )
  const head = [
    'limit'.padEnd(13),
    'value'.padStart(10),
    ...(used ? ['used'.padStart(8)] : []),
    '  from',
  ]
  process.stdout.write(`${[head.join(''), ...lines].join('\n')}\n`)
}

export function accountsCommand(program: Command): void {
  const limits = program
    .command('accounts')
    .description('manage accounts')
    .command('limits')
    .description("accounts' limits: what each may create (GET /api/v1/limits)")
  const set = limits
    .command('set')
    .description('set limits for one account (--email), or the default of every account')
    .option('--email <email>', "a user whose account's own limits to set (default: every account)")
    .addOption(dataOption())
  for (const name of LIMIT_NAMES) set.addOption(limitOption(name))
  set.action((options) =>
    withRuntime(options, async (rt) => {
      const values = givenLimits(options)
      await setLimits(rt, await accountOf(rt, options.email), values)
      const what = Object.entries(values).map(([name, value]) => `${name}=${value ?? 'default'}`)
      const whose = options.email ? `the account of ${options.email}` : 'every account'
      process.stderr.write(`Set ${what.join(', ')} for ${whose}.\n`)
    })
  )
  limits
    .command('show')
    .description("show the defaults, or an account's limits, where each comes from, and its usage")
    .option('--email <email>', "a user whose account's limits to show (default: the defaults)")
    .option('--json', 'print JSON instead of a table')
    .addOption(dataOption())
    .action((options) =>
      withRuntime(options, (rt) => showLimits(rt, options.email, Boolean(options.json)))
    )
}
