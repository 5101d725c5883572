/**
 * HTTPS for the whole server (`nodeplane serve --tls-cert FILE --tls-key FILE`): the API, the
 * dashboard and the provider registry, which Terraform asks over HTTPS only.
 * @module
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:https'
import { ConfigError, type Config } from '../config.js'

/** How `serve` listens: plain HTTP, or HTTPS with the PEM files the settings name. */
export interface Listening {
  scheme: 'http' | 'https'
  createServer?: typeof createServer
  tls?: { cert: Buffer; key: Buffer }
}

function readPem(path: string, setting: string): Buffer {
  try {
    return readFileSync(path)
  } catch (err) {
    throw new ConfigError(`${setting}: cannot read ${path} (${(err as Error).message})`)
  }
}

/** Reads the certificate and key once, at start, so a wrong path fails before listening. */
export function listening(config: Pick<Config, 'tlsCert' | 'tlsKey'>): Listening {
  if (!config.tlsCert || !config.tlsKey) return { scheme: 'http' }
  return {
    scheme: 'https',
    createServer,
    tls: {
      cert: readPem(config.tlsCert, 'NODEPLANE_TLS_CERT (--tls-cert)'),
      key: readPem(config.tlsKey, 'NODEPLANE_TLS_KEY (--tls-key)'),
    },
  }
}
