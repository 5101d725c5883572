import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Command, Option } from 'commander'
import { CreateKeyInput, SCOPES } from './api-keys/api-keys.schema.js'
import { createKey, listKeys, revokeKey } from './api-keys/api-keys.service.js'
import { ADMIN_EMAIL, createUser, userByEmail } from './accounts/accounts.service.js'
import { resetPassword } from './accounts/one-time-password.service.js'
import { listHosts, loadCatalog, readCatalogFile } from './compute-hosts/compute-hosts.service.js'
import { previewOffers, type InventoryPreview } from './compute-hosts/inventory-preview.js'
import { readInventoryRules } from './compute-hosts/inventory-rules.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { openDatabase } from './db/client.js'
import { systemClock } from './lib/clock.js'
import { textTable } from './lib/text-table.js'
import { loadSecrets } from './lib/secrets.js'
import { nodesNotGone } from './nodes/nodes.service.js'
import { removeInstance } from './provisioning/cleanup.js'
import { hasInventory } from './provisioning/inventory.js'
import { netnsNames } from './provisioning/network/names.js'
import { buildImage, imageExists, imageTag, listImages } from './provisioning/podman/image.js'
import { ProblemError } from './http/problem.js'
import { parseInput } from './http/router.js'
import { openRuntime, printAdminPassword, type Runtime } from './runtime.js'
import { ensureIncusImage, incusClientOf } from './provisioning/incus/incus-config.js'
import { removeIncusNodes } from './provisioning/incus/cleanup.js'
import { incusClientCertificate } from './provisioning/incus/client-certificate.js'
import { serve } from './serve.js'
import { backup, restore, type CopyReport } from './backup/backup.js'
import { forgetRestored } from './install-settings/restored.js'

const program = new Command('nodeplane')
  .description('Self-hostable compute node cloud API')
  .showHelpAfterError()
const dataOption = () =>
  new Option('--data <dir>', 'data directory (default ./data, or NODEPLANE_DATA_DIR)')

/** Opens the data directory for a one-shot command, runs it, and closes it. */
async function withRuntime(
  options: { data?: string },
  run: (rt: Runtime) => void | Promise<void>,
  overrides: Partial<Record<keyof Config, unknown>> = {}
) {
  const rt = await openRuntime(
    loadConfig(process.env, { dataDir: options.data, logLevel: 'warn', ...overrides })
  )
  try {
    if (rt.adminPassword) printAdminPassword(rt.adminPassword)
    await run(rt)
  } finally {
    await rt.close()
  }
}

/** A generated password goes alone to stdout (for scripts); the note about it to stderr. */
function printOneTimePassword(password: string): void {
  process.stderr.write('One-time password (the dashboard asks for a new one at the first login):\n')
  process.stdout.write(`${password}\n`)
}

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
      const accountId = (await userByEmail(rt, options.email ?? ADMIN_EMAIL)).accountId
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
      const list = await listKeys(
        rt,
        (await userByEmail(rt, options.email ?? ADMIN_EMAIL)).accountId
      )
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
      await revokeKey(rt, (await userByEmail(rt, options.email ?? ADMIN_EMAIL)).accountId, id)
      process.stderr.write(`Revoked ${id}.\n`)
    })
  )

const users = program.command('users').description('manage dashboard users')
users
  .command('create')
  .description('create a user with an account of its own; prints a generated password')
  .requiredOption('--email <email>', 'login email')
  .option('--password <password>', 'password (default: generate one and print it)')
  .addOption(dataOption())
  .action((options) =>
    withRuntime(options, async (rt) => {
      const { user, generatedPassword } = await createUser(rt, {
        email: options.email,
        password: options.password,
      })
      process.stderr.write(`Created user ${user.email} (account ${user.accountId}).\n`)
      if (generatedPassword) printOneTimePassword(generatedPassword)
    })
  )
users
  .command('reset-password')
  .description(
    "set a user's password and log out their sessions; prints a generated one-time password"
  )
  .requiredOption('--email <email>', 'login email')
  .option(
    '--password <password>',
    'new password (default: generate a one-time password and print it)'
  )
  .addOption(dataOption())
  .action((options) =>
    withRuntime(options, async (rt) => {
      const { generatedPassword } = await resetPassword(rt, options.email, options.password)
      process.stderr.write(
        `Reset the password of ${options.email}; their sessions are logged out.\n`
      )
      if (generatedPassword) printOneTimePassword(generatedPassword)
    })
  )

const hosts = program.command('hosts').description('manage the compute host inventory')
hosts
  .command('load <file>')
  .description('load (insert or update) hosts from a catalog JSON file')
  .addOption(dataOption())
  .action((file, options) =>
    withRuntime(options, async (rt) => {
      const count = await loadCatalog(rt, readCatalogFile(file))
      process.stderr.write(`Loaded ${count} hosts from ${file}.\n`)
    })
  )
hosts
  .command('list')
  .description('list the hosts as the database has them now: size, price, status, the node on each')
  .option('--region <region>', 'only the hosts of this region')
  .option('--json', "print JSON (the API's host objects, with node_id) instead of a table")
  .addOption(dataOption())
  .action((options) =>
    withRuntime(options, async (rt) => {
      const list = await listHosts(rt, options.region)
      if (options.json) {
        process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
        return
      }
      process.stdout.write(textTable(list.map(hostLine)))
      process.stderr.write(`${list.length} hosts.\n`)
    })
  )
hosts
  .command('preview')
  .description(
    "check inventory rules and show the hosts they would sell on the driver's machines (podman: this machine; incus: the members), changing nothing"
  )
  .option(
    '--rules <file>',
    'the rules, YAML or JSON (default NODEPLANE_INVENTORY, else the defaults)'
  )
  .option('--json', 'print JSON instead of a table')
  .addOption(dataOption())
  .action((options) => {
    const overrides = { inventoryFile: options.rules }
    const config = loadConfig(process.env, { dataDir: options.data, ...overrides })
    // Checked before anything is opened: a bad file is named with its field, and nothing else runs.
    readInventoryRules(config.inventoryFile)
    const source = config.inventoryFile ?? 'the default rules (no NODEPLANE_INVENTORY)'
    return withRuntime(
      options,
      async (rt) => {
        if (!hasInventory(rt.driver)) {
          process.stdout.write(
            `The ${rt.driver.name} driver sells the host catalog (NODEPLANE_CATALOG, else the bundled one; \`nodeplane hosts list\`): inventory rules do not apply to it.\n`
          )
          return
        }
        const preview = previewOffers(await rt.driver.offers())
        if (options.json) process.stdout.write(`${JSON.stringify(preview, null, 2)}\n`)
        else printPreview(preview, `${rt.driver.name} driver, ${source}`)
        // Refused sizes are the rules' error on this engine: the server would log it and not sell them.
        if (preview.refused.length > 0) process.exitCode = 1
      },
      overrides
    )
  })

/** A host of `hosts list` as one table line. */
function hostLine(host: Awaited<ReturnType<typeof listHosts>>[number]) {
  return {
    id: host.id,
    hostname: host.hostname,
    region: host.region,
    datacenter: host.datacenter,
    cores: host.cpu.cores,
    memory_gb: host.memory_gb,
    storage_gb: host.storage_gb,
    gpus: host.gpu.count,
    hourly: host.pricing.hourly,
    monthly: host.pricing.monthly,
    currency: host.pricing.currency,
    status: host.status,
    node: host.node_id ?? '',
  }
}

function printPreview(preview: InventoryPreview, source: string): void {
  const count = preview.rows.reduce((sum, row) => sum + row.count, 0)
  process.stdout.write(`${source}: ${count} hosts\n`)
  process.stdout.write(textTable(preview.rows.map((row) => ({ ...row }))))
  for (const { reason } of preview.refused) process.stdout.write(`refused: ${reason}\n`)
}

const images = program
  .command('images')
  .description(
    'manage the node image of the podman driver (or, with NODEPLANE_DRIVER=incus, of the cluster)'
  )
images
  .command('build')
  .description(
    'build the Debian node image from Debian packages and import it into podman (as root, about a minute)'
  )
  .option('--if-missing', 'do nothing when the current image exists')
  .addOption(dataOption())
  .action(async (options) => {
    const config = loadConfig(process.env)
    if (config.driver === 'incus') {
      // Incus keeps images in the cluster: built once here, imported there. The data directory
      // holds nodeplane's client certificate for https members.
      return withRuntime(options, (rt) =>
        ensureIncusImage(incusClientOf(rt), rt.config, (line) => process.stderr.write(`${line}\n`))
      )
    }
    const tag = imageTag()
    if (options.ifMissing && (await imageExists(tag))) {
      process.stderr.write(`${tag} exists.\n`)
      return
    }
    const started = Date.now()
    await buildImage(process.stderr)
    process.stderr.write(`Built ${tag} in ${Math.round((Date.now() - started) / 1000)} s.\n`)
  })
images
  .command('list')
  .description('list node images in podman, marking the one this nodeplane uses')
  .action(async () => {
    const current = imageTag()
    const rows = (await listImages()).map((image) => ({ ...image, current: image.tag === current }))
    if (rows.length === 0)
      process.stderr.write(`No node image; run \`nodeplane images build\` (builds ${current}).\n`)
    else console.table(rows)
  })

program
  .command('cleanup')
  .description(
    'remove what the netns and podman drivers left on this machine for this data directory (as root)'
  )
  .addOption(dataOption())
  .option(
    '--force',
    'also remove the machines of nodes the database still holds (a later start rebuilds running ones)'
  )
  .option(
    '--unowned',
    'remove only the machines no node of the database owns (after `nodeplane restore`); safe while the server runs'
  )
  .action((options) =>
    withRuntime(options, async (rt) => {
      if (options.unowned) return cleanupUnowned(rt)
      const left = await nodesNotGone(rt)
      if (left.length > 0 && !options.force) {
        throw new ConfigError(
          `${left.length} node(s) still exist (${left.join(', ')}): delete them first, or pass --force`
        )
      }
      if (rt.config.driver === 'incus') {
        const gone = await removeIncusNodes(incusClientOf(rt))
        const lines = [
          ...gone.instances.map((name) => `instance ${name}`),
          ...gone.networks.map((name) => `network ${name}`),
        ]
        return printRemoved(lines)
      }
      const removed = await removeInstance(netnsNames(rt.config.dataDir), { nodeDirs: true })
      const lines = [
        ...removed.containers.map((c) => `container ${c}`),
        ...removed.namespaces.map((n) => `namespace ${n}`),
        ...removed.directories.map((d) => `directory ${d}`),
      ]
      printRemoved(lines)
    })
  )

/** `cleanup --unowned`: what a start would remove but for a restore, then the restore is forgotten. */
async function cleanupUnowned(rt: Runtime): Promise<void> {
  if (!rt.driver.removeUnowned)
    throw new ConfigError(`the ${rt.config.driver} driver keeps no machines of its own`)
  printRemoved(await rt.driver.removeUnowned(await nodesNotGone(rt)))
  await forgetRestored(rt.db)
}

function printRemoved(lines: string[]): void {
  process.stderr.write(
    lines.length
      ? `Removed:\n${lines.map((line) => `  ${line}\n`).join('')}`
      : 'Nothing to remove.\n'
  )
}

program
  .command('backup')
  .description(
    'copy the database while the server runs (SQLite: VACUUM INTO; PostgreSQL: pg_dump); the copy holds no key'
  )
  .addOption(dataOption())
  .requiredOption('--out <file>', 'where to write the copy (a new file)')
  .action(async (options: { data?: string; out: string }) => {
    const report = await backup(loadConfig(process.env, { dataDir: options.data }), options.out)
    printCopy('Backed up to', report)
  })

program
  .command('restore <file>')
  .description(
    'put a backup back in place of the database (the server must be stopped; SQLite keeps the replaced file beside it)'
  )
  .addOption(dataOption())
  .action(async (file: string, options: { data?: string }) => {
    const report = await restore(loadConfig(process.env, { dataDir: options.data }), file)
    printCopy('Restored into', report)
  })

function printCopy(what: string, report: CopyReport): void {
  const rows = report.rows
    ? Object.entries(report.rows)
        .filter(([table]) => !table.startsWith('__'))
        .map(([table, count]) => `  ${table}: ${count}\n`)
        .join('')
    : ''
  process.stderr.write(`${what} ${report.file} (${report.bytes} bytes)\n${rows}`)
}

program
  .command('incus')
  .description('nodeplane on an Incus cluster (NODEPLANE_DRIVER=incus)')
  .command('certificate')
  .description(
    "print nodeplane's Incus client certificate (PEM), making it on first use, for `incus config trust add-certificate`"
  )
  .addOption(dataOption())
  .action(async (options) => {
    // The database and the secret key only: the certificate is printed before the cluster
    // (or NODEPLANE_INCUS_SERVER_CERT) is set up, so no driver is built.
    const config = loadConfig(process.env, { dataDir: options.data, logLevel: 'warn' })
    const { db, close } = await openDatabase(config)
    try {
      const secrets = loadSecrets(config.dataDir, config.secretKey)
      const { cert } = await incusClientCertificate({ db, secrets, clock: systemClock })
      process.stderr.write(
        'Trust it on the cluster: save it to a file, then `incus config trust add-certificate FILE --name nodeplane`\n' +
          '(or, limited to the project: `... --projects nodeplane --restricted`). The key stays sealed in the database.\n'
      )
      process.stdout.write(cert)
    } finally {
      await close()
    }
  })

const provider = program.command('provider').description('the Terraform / OpenTofu provider')
provider
  .command('install')
  .description(
    'install the provider release into a local filesystem mirror and print the CLI configuration that uses it'
  )
  .option(
    '--mirror <dir>',
    'mirror directory (default ${XDG_DATA_HOME:-~/.local/share}/nodeplane/provider-mirror)'
  )
  .option(
    '--from <dir>',
    'a directory holding the release archives and SHA256SUMS (default: build them from this checkout when needed)'
  )
  .action(async (options: { mirror?: string; from?: string }) => {
    // Loaded here: the release tooling (esbuild, yazl) is for this command only.
    const { installRelease } = await import('../provider/release/install.js').catch(
      (err: unknown) => {
        // An installed package (npm pack) carries the server only: the provider is built from
        // a checkout (docs/operations.md).
        if ((err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw err
        throw new ConfigError(
          'an installed package has no provider release tooling: run `nodeplane provider install` in a checkout of nodeplane (docs/operations.md)'
        )
      }
    )
    const installed = await installRelease({
      mirrorDir: options.mirror && resolve(options.mirror),
      releaseDir: options.from && resolve(options.from),
      onBuild: () =>
        process.stderr.write('Building the provider release (about a minute the first time)...\n'),
    })
    process.stderr.write(
      `Installed nodeplane/nodeplane into ${installed.mirrorDir}.\n` +
        `Use it with \`export TF_CLI_CONFIG_FILE=${installed.configFile}\` (the last line below), then \`terraform init\` or \`tofu init\`:\n\n` +
        `${readFileSync(installed.configFile, 'utf8')}\n`
    )
    console.log(`TF_CLI_CONFIG_FILE=${installed.configFile}`)
  })

provider
  .command('build')
  .description(
    "build this version's provider release into DIR/<version> unless it is there; prints that directory"
  )
  .argument('<dir>', 'parent directory of the versioned release')
  .action(async (dir: string) => {
    // Loaded here: the release steps are for this command only. The installed package carries
    // them bundled at the same path under dist/ (provider/release/pack.ts).
    const { versionedRelease } = await import('../provider/release/versioned.js')
    console.log(await versionedRelease(resolve(dir)))
  })

program.parseAsync().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof ProblemError
  process.stderr.write(
    `nodeplane: ${known ? err.message : ((err as Error).stack ?? String(err))}\n`
  )
  process.exit(1)
})
