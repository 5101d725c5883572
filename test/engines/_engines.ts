import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import {
  netnsNames,
  nodeNamespace,
  type NetnsNames,
} from '../../server/provisioning/network/names.js'
import { imageExists, imageTag } from '../../server/provisioning/podman/image.js'
import { loadSecrets } from '../../server/lib/secrets.js'

/** What a command printed and how it ended; tests assert on `code`. */
export interface Outcome {
  code: number
  stdout: string
  stderr: string
}

/** Runs a program with an argument array; never throws on a non-zero exit. */
export function sh(
  command: string,
  args: string[],
  env: Record<string, string> = {}
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', (err) => resolve({ code: -1, stdout, stderr: String(err) }))
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

/** The drivers whose nodes are real machines; each engine test runs on every one of them. */
export const ENGINES = ['netns', 'podman'] as const
export type Engine = (typeof ENGINES)[number]

/** What each engine needs beyond the network tools; test/setup/install-engines.sh installs it. */
const ENGINE_TOOLS: Record<Engine, string[]> = {
  netns: ['/usr/sbin/sshd', 'sshpass', 'ssh', 'nft'],
  podman: ['podman', 'runc', 'sshpass', 'ssh', 'nft'],
}

/** Why this machine cannot run an engine's suite, or undefined when it can. */
export async function engineUnavailable(engine: Engine): Promise<string | undefined> {
  if (process.platform !== 'linux') return 'network namespaces need Linux'
  if (process.getuid?.() !== 0)
    return 'the engine suites need root (ip netns add, veth, containers)'
  const probe = `npprobe-${process.pid}`
  const added = await sh('ip', ['netns', 'add', probe])
  if (added.code !== 0)
    return `this kernel or sandbox cannot create network namespaces: ${added.stderr.trim()}`
  await sh('ip', ['netns', 'delete', probe])
  for (const tool of ENGINE_TOOLS[engine]) {
    // Missing tools fail loudly rather than skip: test/setup/install-engines.sh installs them.
    if ((await sh('sh', ['-c', 'command -v "$1"', 'probe', tool])).code !== 0) {
      throw new Error(`${tool} is missing: run test/setup/install-engines.sh as root`)
    }
  }
  if (engine === 'podman' && !(await imageExists(imageTag()))) {
    throw new Error(
      `the node image ${imageTag()} is missing: run test/setup/install-engines.sh as root`
    )
  }
  return undefined
}

/** True when a TCP connection to `ip:port` opens from inside `namespace` within 2 seconds. */
export async function tcpOpen(namespace: string, ip: string, port = 22): Promise<boolean> {
  const script = 'exec 3<>"/dev/tcp/$1/$2"'
  const result = await sh('ip', [
    'netns',
    'exec',
    namespace,
    'timeout',
    '2',
    'bash',
    '-c',
    script,
    'probe',
    ip,
    String(port),
  ])
  return result.code === 0
}

/** Runs `command` on a node as root with a real OpenSSH client, from inside `namespace`. */
export function ssh(
  namespace: string,
  ip: string,
  password: string,
  command: string
): Promise<Outcome> {
  const options = [
    'StrictHostKeyChecking=no',
    'UserKnownHostsFile=/dev/null',
    'LogLevel=ERROR',
    'ConnectTimeout=5',
  ]
  const args = [
    'netns',
    'exec',
    namespace,
    'sshpass',
    '-e',
    'ssh',
    ...options.flatMap((o) => ['-o', o]),
  ]
  args.push('-o', 'PubkeyAuthentication=no', `root@${ip}`, command)
  // The password travels in SSHPASS, not in the argument list.
  return sh('ip', args, { SSHPASS: password })
}

/** Logs in as root with one key only (BatchMode: no password, no prompt) from `namespace`. */
export function sshWithKey(
  namespace: string,
  ip: string,
  keyFile: string,
  command: string
): Promise<Outcome> {
  const options = [
    'BatchMode=yes',
    'IdentitiesOnly=yes',
    'PasswordAuthentication=no',
    'KbdInteractiveAuthentication=no',
    'StrictHostKeyChecking=no',
    'UserKnownHostsFile=/dev/null',
    'LogLevel=ERROR',
    'ConnectTimeout=5',
  ]
  const args = ['netns', 'exec', namespace, 'ssh', '-i', keyFile]
  args.push(...options.flatMap((o) => ['-o', o]), `root@${ip}`, command)
  return sh('ip', args)
}

/** Namespaces of one nodeplane instance, from `ip netns list`. */
export async function namespacesOf(names: NetnsNames): Promise<string[]> {
  const out = (await sh('ip', ['netns', 'list'])).stdout
  return out
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(`${names.prefix}-`))
}

/** Containers of one instance, running or not, by name. */
export async function containersOf(names: NetnsNames): Promise<string[]> {
  const filter = `label=io.nodeplane.instance=${names.prefix}`
  const out = (await sh('podman', ['ps', '--all', '--filter', filter, '--format', '{{.Names}}']))
    .stdout
  return out.split('\n').filter(Boolean)
}

/**
 * Removes every container and namespace of an instance and the processes inside: the suite
 * leaves nothing behind, and a purge is also what a reboot does to an instance.
 */
export async function purge(names: NetnsNames): Promise<void> {
  const containers = await containersOf(names).catch(() => [])
  if (containers.length > 0) await sh('podman', ['rm', '--force', '--time', '0', ...containers])
  for (const namespace of await namespacesOf(names)) {
    const pids = (await sh('ip', ['netns', 'pids', namespace])).stdout.split('\n').filter(Boolean)
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    await sh('ip', ['netns', 'delete', namespace])
  }
}

/** A nodeplane server on a real engine, with a key and the names of its namespaces. */
export interface EngineServer {
  engine: Engine
  server: TestServer
  client: ReturnType<typeof api>
  names: NetnsNames
  /** The namespace of a node. */
  ns(nodeId: string): string
}

export async function startEngineServer(
  engine: Engine,
  env: Record<string, string> = {},
  dataDir?: string
): Promise<EngineServer> {
  const server = await startServer({
    dataDir,
    env: {
      NODEPLANE_DRIVER: engine,
      NODEPLANE_LOG_LEVEL: 'info',
      // The suites play several tenants on netns too, which only the operator may allow.
      NODEPLANE_NETNS_ALLOW_TENANTS: 'true',
      NODEPLANE_HEALTH_SECONDS: '1',
      ...env,
    },
  })
  const names = netnsNames(server.dataDir)
  const client = api(server.url, (await createTestKey(server.dataDir)).key)
  rememberDataDir(client, server.dataDir)
  return {
    engine,
    server,
    client,
    names,
    ns: (nodeId) => nodeNamespace(names, nodeId),
  }
}

/** Creates a node (or takes `nodeId`, created already) and waits until it is running. */
export async function runningNode(
  client: ReturnType<typeof api>,
  body: Record<string, unknown> = {},
  nodeId?: string
) {
  let id = nodeId
  if (!id) {
    const created = await client.post('/nodes', body)
    if (created.status !== 201)
      throw new Error(`POST /nodes answered ${created.status}: ${created.text}`)
    id = created.body.id as string
  }
  const node = await eventually(async () => {
    const reply = await client.get(`/nodes/${id}`)
    return reply.body.status === 'running' ? reply.body : undefined
  }, 60_000)
  const credentials = await client.get(`/api/v1/nodes/${node.id}/credentials`)
  const password = (credentials.body.password as string | null) ?? sealedPassword(client, node.id)
  return { node, password, credentials: credentials.body }
}

/** The data directory of each engine server's client, to read what the API keeps to itself. */
const dataDirOf = new WeakMap<ReturnType<typeof api>, string>()

/** Lets runningNode read the root password of `client`'s nodes from `dataDir`. */
export function rememberDataDir(client: ReturnType<typeof api>, dataDir: string): void {
  dataDirOf.set(client, dataDir)
}

/**
 * The root password of a node whose password login is off, which the API no longer hands out:
 * read from the database, so a test can show that the node refuses it.
 */
function sealedPassword(client: ReturnType<typeof api>, nodeId: string): string {
  const dataDir = dataDirOf.get(client)
  if (!dataDir) throw new Error(`node ${nodeId} has password login off; no data dir to read it`)
  const db = new Database(join(dataDir, 'nodeplane.db'), { readonly: true })
  try {
    const row = db.prepare('SELECT root_password FROM nodes WHERE id = ?').get(nodeId) as {
      root_password: string
    }
    return loadSecrets(dataDir).open(row.root_password)
  } finally {
    db.close()
  }
}

/**
 * Starts a TCP service on `port` inside a node, over ssh, as a user of the node would (perl is
 * in every Debian root), and waits until it accepts from the node's own namespace.
 */
export async function listenInNode(
  ctx: EngineServer,
  ip: string,
  password: string,
  port: number
): Promise<void> {
  const perl = `perl -MIO::Socket::INET -e '$s = IO::Socket::INET->new(LocalPort => ${port}, Listen => 5, ReuseAddr => 1) or die; while ($c = $s->accept) { close $c }'`
  const started = await ssh(ctx.names.internet, ip, password, `nohup ${perl} >/dev/null 2>&1 &`)
  if (started.code !== 0) throw new Error(`could not start a listener: ${started.stderr}`)
  const nodeId = (await ctx.client.get('/nodes')).body.find(
    (n: { ip_address: string }) => n.ip_address === ip
  ).id
  const node = (await ctx.client.get(`/nodes/${nodeId}`)).body
  await eventually(async () =>
    (await tcpOpen(ctx.ns(nodeId), node.private_ip, port)) ? true : undefined
  )
}

/** A TCP service in a namespace of the machine that records the address of each peer. */
export async function listenInNamespace(namespace: string, port: number) {
  const script = `require('net').createServer((s) => { console.log(s.remoteAddress.replace(/^::ffff:/, '')); s.end() }).listen(${port})`
  const child = spawn('ip', ['netns', 'exec', namespace, process.execPath, '-e', script], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let peers = ''
  child.stdout.on('data', (chunk) => (peers += chunk))
  await eventually(async () => ((await tcpOpen(namespace, '127.0.0.1', port)) ? true : undefined))
  return {
    /** Waits up to 5 s for a peer at `address`; answers it, or else the latest peer seen. */
    async awaitPeer(address: string): Promise<string | undefined> {
      const seen = () => peers.split('\n').filter((peer) => peer && peer !== '127.0.0.1')
      for (let i = 0; i < 50 && !seen().includes(address); i++)
        await new Promise((r) => setTimeout(r, 100))
      return seen().includes(address) ? address : seen().at(-1)
    },
    stop: () => child.kill('SIGKILL'),
  }
}

/**
 * Declares a suite once per engine in `engines`, each with a server of its own started before
 * its tests and purged after them. `body` gets that server (filled in before the first test).
 */
export async function describeEngines(
  title: string,
  body: (ctx: EngineServer, engine: Engine) => void,
  options: { env?: Record<string, string>; engines?: readonly Engine[] } = {}
): Promise<void> {
  for (const engine of options.engines ?? ENGINES) {
    const unavailable = await engineUnavailable(engine)
    if (unavailable) console.warn(`${engine} suite skipped: ${unavailable}`)
    describe.skipIf(unavailable)(`${engine} driver: ${title}`, () => {
      const ctx = {} as EngineServer
      beforeAll(async () => {
        Object.assign(ctx, await startEngineServer(engine, options.env))
      })
      afterAll(async () => {
        await ctx.server?.stop()
        if (ctx.names) await purge(ctx.names)
      })
      body(ctx, engine)
    })
  }
}
