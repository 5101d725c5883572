/**
 * Which default ingress the install runs with (see docs/security.md): the operator's
 * `NODEPLANE_DEFAULT_INGRESS` when set, else what the database recorded when it was upgraded
 * (`ssh-only` for an install that had nodes or accounts before firewalls), else `open`.
 * @module
 */
import type { Config } from '../config.js'
import type { Db } from '../db/client.js'
import type { DefaultIngress } from '../provisioning/network/fabric.js'
import { readInstallSetting } from './install-settings.store.js'

export async function resolveDefaultIngress(db: Db, config: Config): Promise<DefaultIngress> {
  if (config.defaultIngress) return config.defaultIngress
  return (await readInstallSetting(db, 'default_ingress')) === 'ssh-only' ? 'ssh-only' : 'open'
}
