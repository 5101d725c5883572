/**
 * An engine that knows its own machines: discovery then sells what they hold instead of a
 * catalog. An optional capability of a driver, as terraform-plugin-framework has its
 * optional resource interfaces.
 * @module
 */
import type { HostInsert } from '../compute-hosts/compute-hosts.store.js'
import type { ProvisioningDriver } from './driver.js'

export interface InventorySource {
  /** The compute hosts the engine's machines make now, under the operator's rules. */
  hosts(): Promise<HostInsert[]>
}

export function hasInventory(
  driver: ProvisioningDriver
): driver is ProvisioningDriver & InventorySource {
  return typeof (driver as Partial<InventorySource>).hosts === 'function'
}
