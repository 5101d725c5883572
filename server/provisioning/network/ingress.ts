/**
 * The fabric's inbound filters, as the netns and podman drivers keep them: what the firewall
 * sync last asked for each node is remembered, so a fabric built again (after a reboot, or
 * for its first node) gets every node's chain back before any node is reachable.
 * @module
 */
import type { IngressRule } from '../driver.js'
import { execIn, listNamespaces } from './exec.js'
import { ensureFabric, type DefaultIngress } from './fabric.js'
import { ingressTransaction } from './ingress-rules.js'
import { ifname, shortHash, type NetnsNames } from './names.js'
import type { Serial } from '../../lib/serial.js'

export interface FabricIngress {
  /** `ensureFabric`, plus every remembered node chain again when the fabric was (re)built. */
  ensureFabric(): Promise<boolean>
  /** Remembers `rules` for the node and applies them now if the fabric exists. */
  set(nodeId: string, rules: IngressRule[] | null): Promise<void>
  /** A removed node (by its hash): its record and its chain go. */
  forget(hash: string): Promise<void>
}

/** The ingress of the fabric `names`; `serial` is the driver's, whose `fabric` key it takes. */
export function fabricIngress(
  names: NetnsNames,
  serial: Serial,
  defaultIngress: () => DefaultIngress
): FabricIngress {
  const wanted = new Map<string, IngressRule[]>()
  const fabricExists = async () => (await listNamespaces()).includes(names.fabric)
  const apply = (hash: string, rules: IngressRule[] | null) =>
    execIn(names.fabric, 'nft', ['-f', '-'], {
      input: ingressTransaction(ifname.publicLink(hash), rules),
    })

  return {
    ensureFabric: () =>
      serial('fabric', async () => {
        const built = await ensureFabric(names, defaultIngress())
        if (built) for (const [hash, rules] of wanted) await apply(hash, rules)
        return built
      }),
    async set(nodeId, rules) {
      const hash = shortHash(nodeId)
      if (rules === null) wanted.delete(hash)
      else wanted.set(hash, rules)
      await serial('fabric', async () => {
        if (await fabricExists()) await apply(hash, rules)
      })
    },
    async forget(hash) {
      wanted.delete(hash)
      await serial('fabric', async () => {
        if (await fabricExists()) await apply(hash, null)
      })
    },
  }
}
