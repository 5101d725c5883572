/**
 * The server's OCI image (server/image/build-image.sh): built once per content and kept in
 * podman's store, then run as an operator would, with the data directory a named volume and
 * the port published on 127.0.0.1 only. Needs root and podman; skips otherwise.
 * @module
 */
import { spawn } from 'node:child_process'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledProvider, PLATFORMS, VERSION } from '../../provider/release/build.js'
import { hardLimit } from '../../server/provisioning/podman/container.js'
import { api, eventually } from '../helpers/http.js'
import { fetchDownload, PROVIDER_PATH, releaseReady } from '../helpers/registry.js'
import { REPO } from '../helpers/server.js'
import { sh } from './_engines.js'

/** Why this machine cannot build or run the image, or undefined when it can. */
async function unavailable(): Promise<string | undefined> {
  if (process.platform !== 'linux') return 'the image is built and run on Linux'
  if (process.getuid?.() !== 0) return 'building the image needs root (debootstrap, podman)'
  for (const tool of ['podman', 'debootstrap']) {
    if ((await sh('sh', ['-c', 'command -v "$1"', 'probe', tool])).code !== 0)
      return `${tool} is missing: run test/setup/install-engines.sh as root`
  }
  return undefined
}

const skip = await unavailable()
if (skip) console.warn(`OCI image suite skipped: ${skip}`)

const name = `nodeplane-image-test-${process.pid}`
const volume = `${name}-data`
let image: string
let url: string
/** What the first container printed: the admin's one-time password among it. */
let firstLogs: string

/** Runs podman, failing the test with its stderr when it fails. */
async function podman(...args: string[]): Promise<string> {
  const out = await sh('podman', args)
  if (out.code !== 0) throw new Error(`podman ${args.join(' ')}: ${out.stderr}`)
  return out.stdout.trim()
}

/** Builds the image (or finds it built): the script's progress goes to stderr, its tag last. */
function buildImage(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [`${REPO}/server/image/build-image.sh`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0
        ? resolve(stdout.trim().split('\n').at(-1)!)
        : reject(new Error(`build-image.sh exited with ${code}`))
    )
  })
}

/**
 * Starts the server's container on its volume and waits until the API answers; returns its
 * URL. The host port is podman's choice, on 127.0.0.1. The rlimits are this process's own:
 * podman's defaults exceed what some machines (this CI's) let a process hand out, and runc
 * refuses them.
 */
async function startContainer(container = name, extraArgs: string[] = []): Promise<string> {
  const nofile = Math.min(65536, hardLimit('Max open files', 1024))
  const nproc = Math.min(4096, hardLimit('Max processes', 4096))
  await podman(
    'run',
    '--detach',
    `--name=${container}`,
    `--volume=${container}-data:/var/lib/nodeplane`,
    '--publish=127.0.0.1::8080',
    `--ulimit=nofile=${nofile}:${nofile}`,
    `--ulimit=nproc=${nproc}:${nproc}`,
    '--env=NODEPLANE_PROVISION_SECONDS=0',
    ...extraArgs,
    image
  )
  // `podman port` answers `127.0.0.1:PORT`.
  const started = `http://${await podman('port', container, '8080/tcp')}`
  await eventually(async () => {
    const reply = await api(started)
      .get('/api/v1/compute?limit=1')
      .catch(() => undefined)
    return reply?.status === 200 ? true : undefined
  }, 60_000)
  return started
}

/** What the container printed, stdout (the JSON log) and stderr (messages for people). */
async function logs(): Promise<string> {
  const out = await sh('podman', ['logs', name])
  return out.stdout + out.stderr
}

async function removeContainer(container = name): Promise<void> {
  await sh('podman', ['rm', '--force', '--time', '10', container])
}

/** Where this machine's Bun keeps the runtimes it fetched for other platforms. */
/** The checked Bun runtimes (provider/release/runtimes.ts) of this machine. */
const runtimesCache = () =>
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'nodeplane', 'bun-runtimes')

describe.skipIf(skip)('the server image (server/image/build-image.sh)', () => {
  beforeAll(async () => {
    image = await buildImage()
    url = await startContainer()
    firstLogs = await logs()
  }, 900_000)
  afterAll(async () => {
    await removeContainer()
    await removeContainer(`${name}-registry`)
    await sh('podman', ['volume', 'rm', '--force', volume, `${name}-registry-data`])
  })

  it('answers /api/v1/compute on the published port, with the simulated driver', async () => {
    const hosts = await api(url).get('/api/v1/compute?limit=1')
    expect(hosts.status).toBe(200)
    expect(hosts.body.hosts).toHaveLength(1)
    expect(firstLogs).toContain('"driver":"simulated"')
    expect(firstLogs).toContain('"data_dir":"/var/lib/nodeplane"')
  })

  it('runs as the user nodeplane (uid 10001), also as seen from the machine', async () => {
    expect(await podman('exec', name, 'id', '-u')).toBe('10001')
    // One line per process of the container, the machine's uid of each: none is root.
    const users = (await podman('top', name, 'huser')).split('\n').slice(1)
    expect(users.length).toBeGreaterThan(0)
    expect(new Set(users.map((user) => user.trim()))).toEqual(new Set(['10001']))
  })

  it("runs the image's own Node, with nothing of the machine mounted but the volume", async () => {
    expect(await podman('exec', name, 'sh', '-c', 'command -v node')).toBe('/usr/local/bin/node')
    expect(await podman('exec', name, 'node', '--version')).toBe(process.version)
    const mounts = JSON.parse(await podman('inspect', '--format', '{{json .Mounts}}', name)) as {
      Type: string
      Name?: string
      Destination: string
    }[]
    expect(mounts.map(({ Type, Name, Destination }) => ({ Type, Name, Destination }))).toEqual([
      { Type: 'volume', Name: volume, Destination: '/var/lib/nodeplane' },
    ])
  })

  it('keeps keys, nodes and their sealed root passwords in the volume across a new container', async () => {
    // The first start made the admin and printed its one-time password.
    expect(firstLogs).toContain('Created the admin account')
    const key = (await podman('exec', name, 'nodeplane', 'keys', 'create', '--name', 'image'))
      .split('\n')
      .at(-1)!
    const created = await api(url, key).post('/nodes', {})
    expect(created.status, created.text).toBe(201)
    const id = created.body.id as string
    await eventually(async () => {
      const node = await api(url, key).get(`/nodes/${id}`)
      return node.body.status === 'running' ? true : undefined
    }, 30_000)
    const before = await api(url, key).get(`/api/v1/nodes/${id}/credentials`)
    expect(before.status).toBe(200)

    // Upgrading is this: a new container (of a new image) on the same volume.
    await removeContainer()
    url = await startContainer()
    expect(await logs()).not.toContain('Created the admin account')
    const after = await api(url, key).get(`/api/v1/nodes/${id}/credentials`)
    expect(after.status, after.text).toBe(200)
    // Unsealed with secret.key from the volume: a new key would not open it.
    expect(after.body.password).toBe(before.body.password)
  })

  it('builds the provider release into the volume at start, with its own Bun, and serves it', async () => {
    // The pinned runtimes of every platform, fetched and checked on this machine first and lent
    // read-only, so the test downloads nothing (an operator's container fetches and checks them
    // into /var/cache/nodeplane/bun-runtimes).
    for (const platform of PLATFORMS) await compiledProvider(platform)
    const container = `${name}-registry`
    const at = await startContainer(container, [
      `--volume=${runtimesCache()}:/var/cache/nodeplane/bun-runtimes:ro`,
    ])
    const versions = await releaseReady(() => api(at).get(`${PROVIDER_PATH}/versions`))
    expect(versions.status, versions.text).toBe(200)
    expect(versions.body.versions[0].version).toBe(VERSION)
    expect(versions.body.versions[0].platforms).toHaveLength(PLATFORMS.length)
    const download = await api(at).get(`${PROVIDER_PATH}/${VERSION}/download/darwin/arm64`)
    expect(download.status).toBe(200)
    const { sha256, sums } = await fetchDownload(download.body)
    expect(sums).toContain(`${sha256}  ${download.body.filename}\n`)
    const inVolume = await podman(
      'exec',
      container,
      'ls',
      `/var/lib/nodeplane/provider-release/${VERSION}`
    )
    expect(inVolume).toContain(download.body.filename)
  }, 300_000)
})
