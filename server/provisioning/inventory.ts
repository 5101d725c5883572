/**
 * An engine that knows its own machines: discovery then sells what they hold instead of a
 * catalog. An optional capability of a driver, as terraform-plugin-framework has its
 * optional resource interfaces.
 * @module
 */
import type { HostInsert } from '../compute-hosts/compute-hosts.store.js'
import type { MachineOffer } from '../compute-hosts/machines.js'
import type { ProvisioningDriver } from './driver.js'

export interface InventorySource {
  /** The compute hosts the engine's machines make now, under the operator's rules. */
  hosts(): Promise<HostInsert[]>
  /**
   * The engine's machines now, each with the hosts it sells under the rules or why it sells
   * none: what `hosts()` is made of, for `nodeplane hosts preview`.
   */
  offers(): Promise<MachineOffer[]>
}

export function hasInventory(
  driver: ProvisioningDriver
): driver is ProvisioningDriver & InventorySource {
  return typeof (driver as Partial<InventorySource>).hosts === 'function'
}
