/**
 * A console session through the documented nginx (docs/operations/nginx.conf, TLS) on a real
 * podman node: the URL the API hands out through the proxy is the proxy's `wss://`, and a
 * shell opened at it runs what is typed.
 * @module
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { connectConsole } from '../helpers/console.js'
import {
  findNginx,
  makeCertificates,
  proxyRequest,
  startNginx,
  type Proxy,
} from '../helpers/nginx.js'
import { tempDir } from '../helpers/temp-dirs.js'
import { describeEngines, runningNode } from './_engines.js'

const nginx = findNginx()
if (!nginx) console.warn('nginx is missing and could not be installed (not root?): skipped')

await describeEngines(
  'console through the documented nginx',
  (ctx) => {
    let proxy: Proxy
    let ca: string
    let key: string
    beforeAll(async () => {
      key = (await createTestKey(ctx.server.dataDir)).key
      const certs = makeCertificates(tempDir('nodeplane-tls-'))
      ca = certs.ca
      proxy = await startNginx(nginx!, new URL(ctx.server.url).host, certs)
    })
    afterAll(() => proxy?.stop())

    it.skipIf(!nginx)('hands out a wss:// URL on the proxy, and a shell opens at it', async () => {
      const { node } = await runningNode(ctx.client)
      const host = `localhost:${proxy.https}`
      const reply = await proxyRequest(
        ca,
        proxy.https,
        'POST',
        `/api/v1/nodes/${node.id}/console`,
        { Host: host, Authorization: `Bearer ${key}` }
      )
      expect(reply.status, reply.text).toBe(201)
      const { url, password } = JSON.parse(reply.text) as { url: string; password: string }
      expect(url).toMatch(
        new RegExp(`^wss://${host}/api/v1/nodes/${node.id}/console/socket\\?ticket=[\\w-]+$`)
      )
      const shell = await connectConsole(url, password, { ca })
      shell.type('echo through-nginx-$((6 * 7))\r')
      await shell.waitFor(/through-nginx-42/)
      shell.close()
    })
  },
  { engines: ['podman'] }
)
