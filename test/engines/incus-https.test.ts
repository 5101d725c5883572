import { setTimeout as sleep } from 'node:timers/promises'
/**
 * The incus driver over https against the test cluster: nodeplane's own client certificate,
 * trusted by the operator, and the cluster certificate pinned. The host reaches the members'
 * https addresses over the veth `npinc-host` that test/setup/incus-cluster.sh adds.
 */
import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { instanceName } from '../../server/provisioning/incus/instance.js'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { connectConsole } from '../helpers/console.js'
import { newDataDir, runCli, startServer, type TestServer } from '../helpers/server.js'
import { runningNode } from './_engines.js'
import { deleteAllNodes, incus, INCUS_PROJECT, INCUS_URL, incusUnavailable } from './_incus.js'

const run = promisify(execFile)

/** Why this suite cannot run here: no cluster, or no way from here to its https addresses. */
const unavailable =
  incusUnavailable ??
  (existsSync('/sys/class/net/npinc-host')
    ? undefined
    : 'no veth npinc-host to the members: run `bash test/setup/incus-cluster.sh up` again')
if (unavailable) console.warn(`incus https suite skipped: ${unavailable}`)

/** Member 1's INCUS_DIR, from its unix socket; its cluster.crt is what every member presents. */
const memberDir = () => dirname(new URL(INCUS_URL!.split(',')[0]!).pathname)

interface Member {
  server_name: string
  url: string
  status: string
}

/** The members' https addresses as the cluster lists them (https://10.236.0.1N:8443). */
async function memberUrls(): Promise<string> {
  const members = await incus<Member[]>('/1.0/cluster/members?recursion=1')
  return members.map((member) => member.url).join(',')
}

/** `nodeplane incus certificate` for a data directory: the PEM on stdout, saved to a file. */
async function printedCertificate(dataDir: string): Promise<{ file: string; pem: string }> {
  const printed = await runCli(['incus', 'certificate', '--data', dataDir])
  expect(printed.stderr).toContain('incus config trust add-certificate')
  expect(printed.code).toBe(0)
  const file = join(dataDir, 'nodeplane-incus.crt')
  writeFileSync(file, printed.stdout)
  return { file, pem: printed.stdout }
}

/** The `incus` CLI as the operator runs it on a member: the first whose daemon answers. */
async function incusCli(args: string[]): Promise<void> {
  let failure: unknown
  for (const socket of INCUS_URL!.split(',')) {
    const dir = dirname(new URL(socket).pathname)
    try {
      await run('incus', args, { env: { ...process.env, INCUS_DIR: dir } })
      return
    } catch (err) {
      failure = err
      // A daemon that went away mid-request may have done it: a second add finds it done.
      if (/already (exists|in trust store)/i.test(String(err))) return
      // Another suite may have taken this member down; the trust store is the cluster's.
      if (!/doesn't appear to be started|EOF|connection refused/.test(String(err))) throw err
    }
  }
  throw failure
}

/** Fingerprints of the certificates this suite trusted, removed after each test. */
const trusted: string[] = []

/**
 * What an operator does on a member: trust the certificate, for nodeplane's project only, or
 * for the whole cluster, as building nodes needs (their VPC networks are `default`'s bridges).
 */
async function trust(file: string, scope: 'project' | 'cluster' = 'project'): Promise<string> {
  const fingerprint = new X509Certificate(readFileSync(file)).fingerprint256
    .replaceAll(':', '')
    .toLowerCase()
  trusted.push(fingerprint)
  const name = `nodeplane-test-${fingerprint.slice(0, 12)}`
  const restricted = scope === 'project' ? ['--projects', INCUS_PROJECT, '--restricted'] : []
  await incusCli(['config', 'trust', 'add-certificate', file, '--name', name, ...restricted])
  return fingerprint
}

async function untrust(fingerprint: string): Promise<void> {
  await incusCli(['config', 'trust', 'remove', fingerprint])
}

async function startHttpsServer(dataDir: string, serverCert: string): Promise<TestServer> {
  return startServer({
    dataDir,
    env: {
      NODEPLANE_DRIVER: 'incus',
      NODEPLANE_INCUS_URL: await memberUrls(),
      NODEPLANE_INCUS_SERVER_CERT: serverCert,
      NODEPLANE_INCUS_PROJECT: INCUS_PROJECT,
      NODEPLANE_INCUS_UPLINK: 'ul0',
      NODEPLANE_DEFAULT_REGION: 'lab-1',
      NODEPLANE_LOG_LEVEL: 'info',
      // A range of the cluster's public /24 no other incus suite hands out.
      NODEPLANE_IPV4_POOLS: '203.0.113.240/28',
    },
  })
}

/** The first log line whose error says `text`. */
function errorLogged(server: TestServer, text: string) {
  return server.logs.find((line) => JSON.stringify(line.err ?? '').includes(text))
}

describe.skipIf(unavailable)('incus driver over https', () => {
  const servers: TestServer[] = []
  const clusterCert = () => join(memberDir(), 'cluster.crt')

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop()
    for (const fingerprint of trusted.splice(0)) await untrust(fingerprint)
  })

  it('sells the members once the cluster trusts the certificate nodeplane made', async () => {
    const dataDir = newDataDir()
    const { file, pem } = await printedCertificate(dataDir)
    // Made once: a second call prints the same certificate.
    expect((await printedCertificate(dataDir)).pem).toBe(pem)
    await trust(file)
    const server = await startHttpsServer(dataDir, clusterCert())
    servers.push(server)
    const client = api(server.url, (await createTestKey(dataDir)).key)
    const hosts = (await client.get('/api/v1/compute?min_storage_gb=1&limit=200')).body.hosts
    const members = await incus<Member[]>('/1.0/cluster/members?recursion=1')
    for (const member of members.filter((m) => m.status === 'Online')) {
      expect(
        hosts.some((h: { hostname: string }) => h.hostname.startsWith(member.server_name)),
        member.server_name
      ).toBe(true)
    }
    expect(server.logs.filter((line) => line.level === 50)).toEqual([])
  })

  it("opens a node's console through the members' https websockets, with its certificate", async () => {
    const dataDir = newDataDir()
    await trust((await printedCertificate(dataDir)).file, 'cluster')
    const server = await startHttpsServer(dataDir, clusterCert())
    servers.push(server)
    const client = api(server.url, (await createTestKey(dataDir)).key)
    try {
      const hosts = (await client.get('/api/v1/compute?status=active&limit=200')).body.hosts
      const smallest = hosts.reduce((a: { memory_gb: number }, b: { memory_gb: number }) =>
        b.memory_gb < a.memory_gb ? b : a
      )
      const { node } = await runningNode(client, { host_id: smallest.id })
      const granted = await client.post(`/api/v1/nodes/${node.id}/console`)
      expect(granted.status).toBe(201)
      const shell = await connectConsole(granted.body.url, granted.body.password)
      shell.type('echo over-https-$((20+22))\r')
      await shell.waitFor(/over-https-42/)
      shell.type('exit\r')
      expect((await shell.closed).code).toBe(1000)
    } finally {
      await deleteAllNodes(client)
    }
  }, 300_000)

  it('says why a certificate restricted to the project builds no node, creating nothing in Incus', async () => {
    const dataDir = newDataDir()
    await trust((await printedCertificate(dataDir)).file, 'project')
    const server = await startHttpsServer(dataDir, clusterCert())
    servers.push(server)
    const client = api(server.url, (await createTestKey(dataDir)).key)
    const [host] = (await client.get('/api/v1/compute?status=active&limit=1')).body.hosts
    const created = await client.post('/nodes', { host_id: host.id })
    expect(created.status).toBe(201)
    // The VPC's bridge is in the default project, out of the certificate's reach.
    await eventually(async () => errorLogged(server, 'restricted to a project'), 30_000)
    expect((await client.get(`/nodes/${created.body.id}`)).body.status).toBe('provisioning')
    const instances = await incus<string[]>('/1.0/instances')
    expect(Array.isArray(instances)).toBe(true)
    expect(instances.filter((path) => path.endsWith(instanceName(created.body.id)))).toEqual([])
  })

  it('answers 500 provisioning_failed once the cluster stops trusting it', async () => {
    const dataDir = newDataDir()
    const fingerprint = await trust((await printedCertificate(dataDir)).file)
    const server = await startHttpsServer(dataDir, clusterCert())
    servers.push(server)
    const client = api(server.url, (await createTestKey(dataDir)).key)
    const hosts = (await client.get('/api/v1/compute?min_storage_gb=1&status=active')).body.hosts
    expect(hosts.length).toBeGreaterThan(0)
    await untrust(fingerprint)
    trusted.splice(trusted.indexOf(fingerprint), 1)
    // The engine's last good word is kept for 5 s (brief-cache.ts), and the first create after
    // that still gets it while the check runs again: the refusal comes to the one after.
    await sleep(6000)
    await client.post('/nodes', { host_id: hosts[0].id })
    await sleep(2000)
    const before = (await client.get('/nodes')).body.length
    const created = await client.post('/nodes', { host_id: hosts[1]?.id ?? hosts[0].id })
    expect(created.status).toBe(500)
    expect(created.body.code).toBe('provisioning_failed')
    expect(errorLogged(server, 'trust nodeplane')).toBeDefined()
    expect((await client.get('/nodes')).body).toHaveLength(before)
  })

  it('leaves discovery empty and says why while the certificate is untrusted', async () => {
    const dataDir = newDataDir()
    await printedCertificate(dataDir)
    const server = await startHttpsServer(dataDir, clusterCert())
    servers.push(server)
    const hosts = (await api(server.url).get('/api/v1/compute?min_storage_gb=1')).body.hosts
    expect(hosts).toEqual([])
    const sync = (line: Record<string, unknown>) => /engine's machines/.test(String(line.msg))
    const logged = server.logs.filter(sync)
    expect(logged.length).toBeGreaterThan(0)
    expect(JSON.stringify(logged[0]!.err)).toContain('trust nodeplane')
  })

  it('refuses a member whose certificate is not the pinned one', async () => {
    const dataDir = newDataDir()
    await trust((await printedCertificate(dataDir)).file)
    // A member's own server.crt, not the cluster's: the likeliest mistake.
    const server = await startHttpsServer(dataDir, join(memberDir(), 'server.crt'))
    servers.push(server)
    expect((await api(server.url).get('/api/v1/compute?min_storage_gb=1')).body.hosts).toEqual([])
    expect(errorLogged(server, 'NODEPLANE_INCUS_SERVER_CERT')).toBeDefined()
  })

  it('will not start on https without a pinned cluster certificate', async () => {
    const dataDir = newDataDir()
    const started = await runCli(['serve', '--port', '0', '--data', dataDir], {
      NODEPLANE_DRIVER: 'incus',
      NODEPLANE_INCUS_URL: await memberUrls(),
    })
    expect(started.code).toBe(1)
    expect(started.stderr).toContain('NODEPLANE_INCUS_SERVER_CERT: required')
  })
})
