import { writeFileSync } from 'node:fs'
import { availableParallelism, hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PreviewRow } from '../../server/compute-hosts/inventory-preview.js'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, runCli, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

/** The podman driver reads this machine (cores, memory, disk) without podman or root. */
const PODMAN = { NODEPLANE_DRIVER: 'podman' }

function rulesFile(text: string): string {
  const file = join(tempDir('nodeplane-rules-'), 'inventory.yaml')
  writeFileSync(file, text)
  return file
}

describe('nodeplane hosts preview', () => {
  const dataDir = newDataDir()

  it("prints the hosts the rules sell on this machine, at the rules' prices", async () => {
    const rules = {
      perCore: 0.5,
      perMemory: 0.25,
      perStorage: 0.01,
      sizes: [
        { cores: 1, memory: 1, storage: 5, count: 2 },
        { cores: 64, memory: 1, storage: 10, count: 1 },
      ],
    }
    const file = rulesFile(
      [
        'currency: EUR',
        `per_core_hour: ${rules.perCore}`,
        `per_memory_gb_hour: ${rules.perMemory}`,
        `per_storage_gb_hour: ${rules.perStorage}`,
        'sizes:',
        ...rules.sizes.map(
          (s) =>
            `  - { cpu_cores: ${s.cores}, memory_gb: ${s.memory}, storage_gb: ${s.storage}, count: ${s.count} }`
        ),
      ].join('\n')
    )
    const res = await runCli(
      ['hosts', 'preview', '--rules', file, '--json', '--data', dataDir],
      PODMAN
    )
    expect(res.code, res.stderr).toBe(0)
    const preview = JSON.parse(res.stdout) as { rows: PreviewRow[]; refused: unknown[] }
    expect(preview.refused).toEqual([])
    expect(preview.rows).toEqual(
      rules.sizes.map((size) => {
        // A size's cores are capped at the machine's: cores are shared, never invented.
        const cores = Math.min(size.cores, availableParallelism())
        const hourly =
          cores * rules.perCore + size.memory * rules.perMemory + size.storage * rules.perStorage
        return expect.objectContaining({
          machine: hostname(),
          cores,
          memory_gb: size.memory,
          storage_gb: size.storage,
          gpus: 0,
          count: size.count,
          hourly: hourly.toFixed(4),
          monthly: (hourly * 730).toFixed(2),
          currency: 'EUR',
          status: 'active',
        })
      })
    )

    const table = await runCli(['hosts', 'preview', '--rules', file, '--data', dataDir], PODMAN)
    expect(table.stdout).toContain(`podman driver, ${file}: 3 hosts`)
    expect(table.stdout).toMatch(/^MACHINE +REGION .* HOURLY +MONTHLY +CURRENCY +STATUS$/m)
  })

  it('refuses a bad rules file, naming the file and the field, and exits non-zero', async () => {
    const typo = rulesFile('per_cpu_hour: 0.5\n')
    const res = await runCli(['hosts', 'preview', '--rules', typo, '--data', dataDir], PODMAN)
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`invalid inventory rules ${typo}: [per_cpu_hour]`)
    // A message for the operator, not a stack trace.
    expect(res.stderr).not.toMatch(/^\s+at /m)
    expect(res.stdout).toBe('')

    const negative = rulesFile(
      'sizes:\n  - { cpu_cores: 1, memory_gb: 0, storage_gb: 5, count: 1 }\n'
    )
    const again = await runCli(['hosts', 'preview', '--rules', negative, '--data', dataDir], PODMAN)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`invalid inventory rules ${negative}: [sizes.0.memory_gb]`)
  })

  it('reports sizes that would oversell the machine, with the reason, and exits non-zero', async () => {
    const file = rulesFile(
      'sizes:\n  - { cpu_cores: 1, memory_gb: 100000, storage_gb: 5, count: 2 }\n'
    )
    const res = await runCli(['hosts', 'preview', '--rules', file, '--data', dataDir], PODMAN)
    expect(res.code).toBe(1)
    expect(res.stdout).toContain(`podman driver, ${file}: 0 hosts`)
    expect(res.stdout).toContain(
      `refused: machine ${hostname()}: its sizes need 200000 GiB of memory and 10 GiB of disk`
    )
  })

  it('says the catalog applies, not rules, on a catalog driver', async () => {
    const file = rulesFile('per_core_hour: 1\n')
    const res = await runCli(['hosts', 'preview', '--rules', file, '--data', newDataDir()], {
      NODEPLANE_DRIVER: 'simulated',
    })
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('The simulated driver sells the host catalog')
    expect(res.stdout).toContain('inventory rules do not apply')
  })
})

describe('nodeplane hosts list', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server.stop())

  it('lists the hosts as the database has them, with the node that holds a reserved one', async () => {
    const client = api(server.url, (await createTestKey(server.dataDir)).key)
    const created = await client.post('/nodes', { region: 'eu-west-1' })
    expect(created.status).toBe(201)
    await eventually(async () =>
      (await client.get(`/nodes/${created.body.id}`)).body.status === 'running' ? true : undefined
    )
    const res = await runCli([
      'hosts',
      'list',
      '--region',
      'eu-west-1',
      '--json',
      '--data',
      server.dataDir,
    ])
    expect(res.code, res.stderr).toBe(0)
    const hosts = JSON.parse(res.stdout) as {
      id: string
      region: string
      status: string
      node_id: string | null
    }[]
    const discovered = await client.get('/api/v1/compute?region=eu-west-1&status=all&limit=1')
    expect(hosts).toHaveLength(discovered.body.pagination.total)
    expect(hosts.every((host) => host.region === 'eu-west-1')).toBe(true)
    expect(hosts.find((host) => host.id === created.body.host_id)).toMatchObject({
      status: 'reserved',
      node_id: created.body.id,
    })
    expect(hosts.filter((host) => host.node_id !== null)).toHaveLength(1)

    const table = await runCli(['hosts', 'list', '--region', 'eu-west-1', '--data', server.dataDir])
    expect(table.stdout).toMatch(
      new RegExp(`^${created.body.host_id} .* reserved +${created.body.id}$`, 'm')
    )
  })
})
