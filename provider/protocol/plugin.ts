/**
 * The hashicorp/go-plugin side of a provider process: magic cookie, protocol negotiation,
 * AutoMTLS, the handshake line, and the plugin housekeeping services (health, controller,
 * stdio) next to tfplugin6.Provider.
 * @module
 */
import * as grpc from '@grpc/grpc-js'
import type { ProviderDefinition } from '../framework/resource.js'
import { watchLifecycle } from './lifecycle.js'
import {
  serviceDefinition,
  type GRPCControllerHandlers,
  type GRPCStdioHandlers,
  type HealthHandlers,
} from './proto.js'
import { createRuntime, providerHandlers } from './server.js'
import { handshakeCert, selfSignedCertificate, startKeyGeneration } from './tls.js'

/** go-plugin handshake cookie that Terraform and OpenTofu set for providers. */
export const MAGIC_COOKIE_KEY = 'TF_PLUGIN_MAGIC_COOKIE'
/** The cookie's value (terraform-plugin-go `tf6server`). */
export const MAGIC_COOKIE_VALUE = 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2'
/** go-plugin's core protocol version, the handshake line's first field. */
export const CORE_PROTOCOL_VERSION = 1
/** The plugin protocol major version this provider speaks. */
export const PROTOCOL_VERSION = 6

/** What someone running the provider by hand sees (go-plugin prints the same idea). */
export const NOT_A_COMMAND_MESSAGE = `This binary is a plugin: the Terraform provider for nodeplane.
It is not meant to be executed directly. Run \`tofu\` or \`terraform\` with a configuration that
uses the nodeplane/nodeplane provider, and it will start this plugin automatically.
`

/** Serve a provider the way go-plugin's `plugin.Serve` does; resolves once serving. */
export async function serve(provider: ProviderDefinition<any, any>): Promise<void> {
  if (process.env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    process.stderr.write(NOT_A_COMMAND_MESSAGE)
    process.exit(1)
  }
  const offered = (process.env.PLUGIN_PROTOCOL_VERSIONS ?? String(PROTOCOL_VERSION)).split(',')
  if (!offered.map((v) => Number(v.trim())).includes(PROTOCOL_VERSION)) {
    process.stderr.write(
      `Terraform offered plugin protocol versions ${offered.join(',')}, this provider speaks ${PROTOCOL_VERSION}.\n`
    )
    process.exit(1)
  }
  const clientCert = process.env.PLUGIN_CLIENT_CERT
  const keys = clientCert ? startKeyGeneration() : undefined

  const server = new grpc.Server({
    // go-plugin clients allow messages up to MaxInt32; large states must not hit 4 MiB limits.
    'grpc.max_receive_message_length': -1,
    'grpc.max_send_message_length': -1,
    // Channelz keeps per-call statistics for a debugging service no Terraform client asks for.
    'grpc.enable_channelz': 0,
  })
  const shutdown = watchLifecycle(server)
  addPluginServices(server, shutdown)
  server.addService(
    serviceDefinition('tfplugin6.Provider'),
    providerHandlers(createRuntime(provider))
  )

  let credentials = grpc.ServerCredentials.createInsecure()
  let certField = ''
  if (keys && clientCert) {
    const cert = selfSignedCertificate(await keys)
    // Mirror go-plugin's server tls.Config: present our cert, require a client cert and trust
    // only the one Terraform generated (ClientAuth: RequireAndVerifyClientCert).
    credentials = grpc.ServerCredentials.createSsl(
      Buffer.from(clientCert),
      [{ private_key: Buffer.from(cert.keyPem), cert_chain: Buffer.from(cert.certPem) }],
      true
    )
    certField = handshakeCert(cert.der)
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', credentials, (err, p) => (err ? reject(err) : resolve(p)))
  )
  const line = [
    CORE_PROTOCOL_VERSION,
    PROTOCOL_VERSION,
    'tcp',
    `127.0.0.1:${port}`,
    'grpc',
    certField,
  ]
  process.stdout.write(line.join('|') + '\n')
  // After the handshake, stdout belongs to go-plugin's line scanner: keep stray logs on stderr.
  console.log = console.error
}

function addPluginServices(server: grpc.Server, shutdown: () => void): void {
  const serving = { status: 'SERVING' as const }
  const health: HealthHandlers = {
    // go-plugin pings service "plugin"; "" is the conventional whole-server check.
    Check: (_call, callback) => callback(null, serving),
    List: (_call, callback) => callback(null, { statuses: { plugin: serving, '': serving } }),
    Watch: (call) => void call.write(serving),
  }
  const controller: GRPCControllerHandlers = {
    Shutdown: (_call, callback) => {
      callback(null, {})
      // Let the response reach the client before the server goes away.
      setImmediate(shutdown)
    },
  }
  const stdio: GRPCStdioHandlers = {
    // We never redirect our stdio into this stream (stderr already reaches Terraform's log);
    // the stream just stays open until the client cancels it or the process exits.
    StreamStdio: () => {},
  }
  server.addService(serviceDefinition('grpc.health.v1.Health'), health)
  server.addService(serviceDefinition('plugin.GRPCController'), controller)
  server.addService(serviceDefinition('plugin.GRPCStdio'), stdio)
}
