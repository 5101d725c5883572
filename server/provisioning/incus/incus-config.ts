/**
 * The incus driver as the server's configuration describes it: endpoints, project, pool,
 * uplink, instance type, the node image's alias and the operator's inventory rules.
 * @module
 */
import { readFileSync } from 'node:fs'
import type { Logger } from 'pino'
import { readInventoryRules } from '../../compute-hosts/inventory-rules.js'
import { ConfigError, FALLBACK_REGION, type Config } from '../../config.js'
import type { Deps } from '../../deps.js'
import type { DefaultIngress } from '../network/fabric.js'
import { incusClientCertificate, type ClientCertificate } from './client-certificate.js'
import {
  createIncusClient,
  parseEndpoints,
  type IncusClient,
  type IncusTlsSource,
} from './incus-client.js'
import { createIncusDriver, type IncusDriver } from './incus-driver.js'
import {
  buildIncusImageTarball,
  imageImported,
  importIncusImage,
  incusImageAlias,
} from './image.js'

/** Where nodeplane's own client certificate comes from when no files are given: the database. */
export type ClientCertificateSource = () => Promise<ClientCertificate>

/** An engine call needs what only the open database holds; the runtime passes it in. */
export interface IncusCredentials {
  clientCertificate?: ClientCertificateSource
}

function readPem(file: string, setting: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (err) {
    throw new ConfigError(`${setting}: cannot read ${file}: ${(err as Error).message}`)
  }
}

/**
 * The https credentials of the configured endpoints, or undefined when all are unix sockets:
 * the pinned cluster certificate, and the client certificate of NODEPLANE_INCUS_CLIENT_CERT
 * and _KEY, else nodeplane's own from the database (read on the first request, not here).
 */
function tlsOf(config: Config, credentials: IncusCredentials): IncusTlsSource | undefined {
  const https = config.incusUrl.filter((url) => url.startsWith('https:'))
  if (https.length === 0) return undefined
  if (!config.incusServerCert)
    throw new ConfigError(
      `NODEPLANE_INCUS_SERVER_CERT: required for ${https.join(', ')}: a PEM file holding the cluster's certificate (\`incus info\`, or /var/lib/incus/cluster.crt on a member), which nodeplane pins`
    )
  const serverCert = readPem(config.incusServerCert, 'NODEPLANE_INCUS_SERVER_CERT')
  if (Boolean(config.incusClientCert) !== Boolean(config.incusClientKey))
    throw new ConfigError(
      'NODEPLANE_INCUS_CLIENT_CERT and NODEPLANE_INCUS_CLIENT_KEY: set both, or neither to use the certificate nodeplane makes (`nodeplane incus certificate`)'
    )
  if (config.incusClientCert && config.incusClientKey) {
    const cert = readPem(config.incusClientCert, 'NODEPLANE_INCUS_CLIENT_CERT')
    const key = readPem(config.incusClientKey, 'NODEPLANE_INCUS_CLIENT_KEY')
    return async () => ({ cert, key, serverCert })
  }
  const own = credentials.clientCertificate
  if (!own) throw new Error('an https Incus endpoint needs the database for its client certificate')
  return async () => ({ ...(await own()), serverCert })
}

function clientOf(config: Config, credentials: IncusCredentials): IncusClient {
  return createIncusClient(
    parseEndpoints(config.incusUrl),
    config.incusProject,
    tlsOf(config, credentials)
  )
}

/** The alias nodes are created from: the operator's `NODEPLANE_INCUS_IMAGE`, else nodeplane's. */
export function imageAliasOf(config: Config): string {
  return config.incusImage ?? incusImageAlias()
}

export function incusDriver(
  config: Config,
  log: Logger,
  credentials: IncusCredentials,
  defaultIngress: () => DefaultIngress = () => 'open'
): IncusDriver {
  return createIncusDriver({
    client: clientOf(config, credentials),
    settings: {
      type: config.incusInstanceType,
      pool: config.incusPool,
      uplink: config.incusUplink,
      image: imageAliasOf(config),
    },
    rules: readInventoryRules(config.inventoryFile),
    defaultRegion: config.defaultRegion ?? FALLBACK_REGION,
    log,
    userDataTimeoutSeconds: config.userDataTimeoutSeconds,
    defaultIngress,
  })
}

/** The configured cluster's client, for CLI commands (cleanup, the image import). */
export function incusClientOf(rt: Pick<Deps, 'db' | 'secrets' | 'clock' | 'config'>): IncusClient {
  return clientOf(rt.config, { clientCertificate: () => incusClientCertificate(rt) })
}

/**
 * `nodeplane images build` on incus: builds the tarball once (cached) and imports it. An image
 * named by `NODEPLANE_INCUS_IMAGE` is the operator's to import; it is only looked for.
 */
export async function ensureIncusImage(
  client: IncusClient,
  config: Config,
  say: (line: string) => void
): Promise<void> {
  if (config.incusImage) {
    if (await imageImported(client, config.incusImage))
      return say(`${config.incusImage} (NODEPLANE_INCUS_IMAGE) is in the cluster.`)
    throw new ConfigError(
      `NODEPLANE_INCUS_IMAGE names ${config.incusImage}, which the cluster does not have: ` +
        'import it with `incus image import <tarball> --alias <name>`, or unset it to build ' +
        "nodeplane's own node image"
    )
  }
  const alias = incusImageAlias()
  if (await imageImported(client, alias)) return say(`${alias} is in the cluster.`)
  say(`building ${alias} (debootstrap, cached under ~/.cache/nodeplane)`)
  const file = await buildIncusImageTarball(alias)
  say(`importing ${alias} into the cluster`)
  await importIncusImage(client, file, alias)
  say(`imported ${alias}.`)
}
