import { spawn } from 'node:child_process'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockType } from '../../provider/framework/schema.js'
import { isUnknown, unknown, type Value } from '../../provider/framework/values.js'
import { decodeMsgpack, encodeMsgpack } from '../../provider/protocol/dynamic-value.js'
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from '../../provider/protocol/plugin.js'
import { loadProtos } from '../../provider/protocol/proto.js'
import { selfSignedCertificate, startKeyGeneration } from '../../provider/protocol/tls.js'
import { echoResource } from '../fixtures/echo-types/echo.js'
import { bundleProvider, collect, startPlugin, type Plugin } from '../helpers/tofu.js'

// The plugin dialled directly over gRPC + mTLS, the way go-plugin's client does it inside tofu.
const echoType = blockType(echoResource.schema)
const dv = (v: Value) => ({ msgpack: encodeMsgpack(v, echoType) })
const state = {
  id: 'abc',
  value: 'HELLO',
  zone: 'a',
  secret: null,
  tags: null,
  size: 5,
  endpoint: 'http://127.0.0.1:1',
  disk: [],
  timeouts: null,
}
const config = { ...state, id: null, size: null, endpoint: null }

let plugin: Plugin
let bundle: { bin: string; types: string }

beforeAll(async () => {
  bundle = await bundleProvider()
  // As Terraform starts it when nobody asked for a log.
  plugin = await startPlugin(bundle, { TF_LOG: '', TF_LOG_PROVIDER: '' })
})

afterAll(() => {
  if (plugin.child.exitCode === null) plugin.child.kill('SIGKILL')
})

describe('go-plugin handshake', () => {
  it('prints core version 1, protocol 6, a 127.0.0.1 TCP address, grpc and the server cert', () => {
    const [core, version, network, address, protocol, cert] = plugin.handshake
    expect([core, version, network, protocol]).toEqual(['1', '6', 'tcp', 'grpc'])
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/)
    expect(cert).toMatch(/^[A-Za-z0-9+/]+$/) // RawStdEncoding: no '=' padding
  })

  it('sends a self-signed CA certificate valid for localhost', () => {
    const cert = plugin.serverCert
    expect(cert.ca).toBe(true)
    expect(cert.subjectAltName).toBe('DNS:localhost')
    expect(cert.checkHost('localhost')).toBe('localhost')
    expect(cert.verify(cert.publicKey)).toBe(true)
  })

  it('answers the health check for service "plugin" with SERVING', async () => {
    const res = await plugin.call(plugin.health, 'Check', { service: 'plugin' })
    expect(res.status).toBe('SERVING')
  })

  it('refuses a client that does not present the certificate Terraform handed over', async () => {
    const stranger = selfSignedCertificate(await startKeyGeneration())
    const creds = grpc.credentials.createSsl(
      Buffer.from(plugin.serverCert.toString()),
      Buffer.from(stranger.keyPem),
      Buffer.from(stranger.certPem)
    )
    const Health = loadProtos().grpc.health.v1.Health
    const client = new Health(plugin.handshake[3]!, creds, {
      'grpc.ssl_target_name_override': 'localhost',
    })
    await expect(plugin.call(client, 'Check', { service: 'plugin' })).rejects.toThrow()
    client.close()
  })
})

describe('tfplugin6.Provider over gRPC', () => {
  it('lists the provider schema with a sensitive api_key', async () => {
    const res = await plugin.call(plugin.provider, 'GetProviderSchema')
    const attrs = res.provider.block.attributes.map((a: any) => [a.name, a.sensitive])
    expect(attrs).toEqual([
      ['api_key', true],
      ['endpoint', false],
    ])
    expect(res.diagnostics).toEqual([])
  })

  it('returns a diagnostic, not a gRPC error, for an unknown resource type', async () => {
    const res = await plugin.call(plugin.provider, 'ReadResource', { typeName: 'nodeplane_nope' })
    expect(res.diagnostics).toMatchObject([{ severity: 'ERROR', summary: 'Unknown resource type' }])
  })

  it('marks computed attributes unknown on create', async () => {
    const res = await plugin.call(plugin.provider, 'PlanResourceChange', {
      typeName: 'nodeplane_echo',
      priorState: dv(null),
      proposedNewState: dv(config),
      config: dv(config),
    })
    const planned = decodeMsgpack(res.plannedState.msgpack, echoType) as Record<string, Value>
    expect([planned.id, planned.size, planned.endpoint].every(isUnknown)).toBe(true)
    expect(planned.value).toBe('HELLO')
    expect(res.requiresReplace).toEqual([])
  })

  it('keeps prior computed values on an in-place update', async () => {
    const proposed = { ...state, tags: { env: 'prod' } }
    const res = await plugin.call(plugin.provider, 'PlanResourceChange', {
      typeName: 'nodeplane_echo',
      priorState: dv(state),
      proposedNewState: dv(proposed),
      config: dv({ ...config, tags: { env: 'prod' } }),
    })
    expect(decodeMsgpack(res.plannedState.msgpack, echoType)).toEqual(proposed)
    expect(res.requiresReplace).toEqual([])
  })

  it('asks for replacement when a requires-replace attribute changes', async () => {
    const res = await plugin.call(plugin.provider, 'PlanResourceChange', {
      typeName: 'nodeplane_echo',
      priorState: dv(state),
      proposedNewState: dv({ ...state, zone: 'b' }),
      config: dv({ ...config, zone: 'b' }),
    })
    expect(res.requiresReplace).toEqual([
      { steps: [{ attributeName: 'zone', selector: 'attributeName' }] },
    ])
    const planned = decodeMsgpack(res.plannedState.msgpack, echoType) as Record<string, Value>
    expect(planned.id).toBe(unknown)
  })

  it('upgrades JSON state to msgpack, dropping attributes the schema no longer has', async () => {
    const raw = { ...state, retired: 'x' }
    const res = await plugin.call(plugin.provider, 'UpgradeResourceState', {
      typeName: 'nodeplane_echo',
      version: 0,
      rawState: { json: Buffer.from(JSON.stringify(raw)) },
    })
    expect(res.diagnostics).toEqual([])
    expect(decodeMsgpack(res.upgradedState.msgpack, echoType)).toEqual(state)
  })

  it('keeps the prior state when an update fails', async () => {
    const res = await plugin.call(plugin.provider, 'ApplyResourceChange', {
      typeName: 'nodeplane_echo',
      priorState: dv(state),
      plannedState: dv({ ...state, value: 'FAIL', size: unknown }),
      config: dv({ ...config, value: 'FAIL' }),
    })
    expect(res.diagnostics).toMatchObject([{ severity: 'ERROR', summary: 'Echo failed' }])
    expect(decodeMsgpack(res.newState.msgpack, echoType)).toEqual(state)
  })
})

describe('provider log', () => {
  it('stays free of debug lines when TF_LOG does not ask for them', async () => {
    await plugin.call(plugin.provider, 'GetProviderSchema')
    // One debug line per RPC used to cost a large plan about 5% of the plugin's time.
    expect(plugin.stderr()).not.toContain('"@level":"debug"')
  })
})

describe('plugin process lifecycle', () => {
  it('exits with code 0 on GRPCController.Shutdown', async () => {
    await plugin.call(plugin.controller, 'Shutdown')
    expect(await plugin.exited).toBe(0)
  })

  it('ignores SIGINT, which Terraform relays as StopProvider, and exits on SIGTERM', async () => {
    const p = await startPlugin(bundle)
    p.child.kill('SIGINT')
    const res = await p.call(p.health, 'Check', { service: 'plugin' })
    expect(res.status).toBe('SERVING')
    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
  })

  it('exits when Terraform goes away without shutting it down', async () => {
    // A stand-in parent starts the plugin, waits until it is serving, then dies.
    const exe = join(bundle.bin, 'terraform-provider-nodeplane')
    const parent = spawn('sh', ['-c', `"${exe}" >/dev/null 2>&1 & echo $!; sleep 4`], {
      env: {
        ...process.env,
        [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
        NODEPLANE_PROVIDER_TEST_TYPES: bundle.types,
      },
    })
    const pid = Number((await collect(parent)).stdout.trim())
    const alive = () => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    }
    const deadline = Date.now() + 5000
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(alive()).toBe(false)
  })
})
