import { spawn } from 'node:child_process'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import {
  netnsNames,
  nodeNamespace,
  type NetnsNames,
} from '../../server/provisioning/netns/names.js'

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

/** Why this machine cannot run the netns suite, or undefined when it can. */
export async function netnsUnavailable(): Promise<string | undefined> {
  if (process.platform !== 'linux') return 'network namespaces need Linux'
  if (process.getuid?.() !== 0)
    return 'the netns suite needs root (ip netns add, veth, sshd per node)'
  const probe = `npprobe-${process.pid}`
  const added = await sh('ip', ['netns', 'add', probe])
  if (added.code !== 0)
    return `this kernel or sandbox cannot create network namespaces: ${added.stderr.trim()}`
  await sh('ip', ['netns', 'delete', probe])
  for (const tool of ['/usr/sbin/sshd', 'sshpass', 'ssh']) {
    // Missing tools fail loudly rather than skip: test/setup/install-netns.sh installs them.
    if ((await sh('sh', ['-c', 'command -v "$1"', 'probe', tool])).code !== 0) {
      throw new Error(`${tool} is missing: run test/setup/install-netns.sh as root`)
    }
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

/** Namespaces of one nodeplane instance, from `ip netns list`. */
export async function namespacesOf(names: NetnsNames): Promise<string[]> {
  const out = (await sh('ip', ['netns', 'list'])).stdout
  return out
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(`${names.prefix}-`))
}

/** Removes every namespace of an instance and the processes inside: the suite leaves nothing behind. */
export async function purge(names: NetnsNames): Promise<void> {
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

/** A nodeplane server on the netns driver, with a key and the names of its namespaces. */
export interface NetnsServer {
  server: TestServer
  client: ReturnType<typeof api>
  names: NetnsNames
  /** The namespace of a node. */
  ns(nodeId: string): string
}

export async function startNetnsServer(
  env: Record<string, string> = {},
  dataDir?: string
): Promise<NetnsServer> {
  const server = await startServer({
    dataDir,
    env: { NODEPLANE_DRIVER: 'netns', NODEPLANE_LOG_LEVEL: 'info', ...env },
  })
  const names = netnsNames(server.dataDir)
  return {
    server,
    client: api(server.url, (await createTestKey(server.dataDir)).key),
    names,
    ns: (nodeId) => nodeNamespace(names, nodeId),
  }
}

/** Creates a node and waits until it is running; returns its record and root password. */
export async function runningNode(
  client: ReturnType<typeof api>,
  body: Record<string, unknown> = {}
) {
  const created = await client.post('/nodes', body)
  if (created.status !== 201)
    throw new Error(`POST /nodes answered ${created.status}: ${created.text}`)
  const node = await eventually(async () => {
    const reply = await client.get(`/nodes/${created.body.id}`)
    return reply.body.status === 'running' ? reply.body : undefined
  }, 30_000)
  const credentials = await client.get(`/api/v1/nodes/${node.id}/credentials`)
  return { node, password: credentials.body.password as string, credentials: credentials.body }
}
