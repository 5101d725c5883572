/**
 * The incus driver as the server's configuration describes it: endpoints, project, pool,
 * uplink, instance type, the node image's alias and the operator's inventory rules.
 * @module
 */
import { readFileSync } from 'node:fs'
import type { Logger } from 'pino'
import { readInventoryRules } from '../../compute-hosts/inventory-rules.js'
import { ConfigError, type Config } from '../../config.js'
import { createIncusClient, parseEndpoints, type IncusClient } from './incus-client.js'
import { createIncusDriver, type IncusDriver } from './incus-driver.js'
import {
  buildIncusImageTarball,
  imageImported,
  importIncusImage,
  incusImageAlias,
} from './image.js'

function endpointsOf(config: Config) {
  const tls =
    config.incusClientCert && config.incusClientKey
      ? {
          cert: readFileSync(config.incusClientCert, 'utf8'),
          key: readFileSync(config.incusClientKey, 'utf8'),
        }
      : undefined
  return parseEndpoints(config.incusUrl, tls)
}

/** The alias nodes are created from: the operator's `NODEPLANE_INCUS_IMAGE`, else nodeplane's. */
export function imageAliasOf(config: Config): string {
  return config.incusImage ?? incusImageAlias()
}

export function incusDriver(config: Config, log: Logger): IncusDriver {
  return createIncusDriver({
    endpoints: endpointsOf(config),
    project: config.incusProject,
    settings: {
      type: config.incusInstanceType,
      pool: config.incusPool,
      uplink: config.incusUplink,
      image: imageAliasOf(config),
    },
    rules: readInventoryRules(config.inventoryFile),
    defaultRegion: config.defaultRegion,
    log,
    userDataTimeoutSeconds: config.userDataTimeoutSeconds,
  })
}

/** The configured cluster's client, for CLI commands (the image import). */
export function incusClientOf(config: Config): IncusClient {
  return createIncusClient(endpointsOf(config), config.incusProject)
}

/**
 * `nodeplane images build` on incus: builds the tarball once (cached) and imports it. An image
 * named by `NODEPLANE_INCUS_IMAGE` is the operator's to import; it is only looked for.
 */
export async function ensureIncusImage(config: Config, say: (line: string) => void): Promise<void> {
  const client = incusClientOf(config)
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
