/**
 * A GPU fleet placed by a data source: read the active GPU hosts of a region under a price
 * (cheapest first), put one node on each of the cheapest N, and output what the fleet costs
 * per month. `npx tsx main.ts` (or `cdktf synth`) writes cdktf.out/; then `tofu apply` in
 * cdktf.out/stacks/gpu-fleet, with `-var fleet_size=…` and friends to change the defaults.
 */
import {
  App,
  Fn,
  TerraformCount,
  TerraformOutput,
  TerraformStack,
  TerraformVariable,
  propertyAccess,
} from 'cdktf'
import type { Construct } from 'constructs'
import { dataNodeplaneComputeHosts, node, provider } from '../../provider/cdktf/index.js'

export class GpuFleetStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id)
    // endpoint and api_key come from NODEPLANE_ENDPOINT and NODEPLANE_API_KEY.
    new provider.NodeplaneProvider(this, 'nodeplane', {})
    const region = new TerraformVariable(this, 'region', {
      type: 'string',
      default: 'eu-central-1',
    })
    const maxPrice = new TerraformVariable(this, 'max_hourly_price', { type: 'number', default: 2 })
    const fleetSize = new TerraformVariable(this, 'fleet_size', { type: 'number', default: 3 })

    const gpuFilter = {
      gpu: true,
      region: region.stringValue,
      maxHourlyPrice: maxPrice.numberValue,
    }
    const available = new dataNodeplaneComputeHosts.DataNodeplaneComputeHosts(this, 'available', {
      ...gpuFilter,
      status: 'active',
    })
    // Every matching host, the fleet's own (reserved once placed) included: the price list.
    const priced = new dataNodeplaneComputeHosts.DataNodeplaneComputeHosts(this, 'priced', {
      ...gpuFilter,
      status: 'all',
    })

    // Hosts come cheapest first, so node i goes on the i-th cheapest available host. Once
    // placed, its host is reserved and drops out of `available`: ignoring later changes of
    // host_id keeps each node where it is, so the next plan is empty.
    const count = TerraformCount.of(fleetSize.numberValue)
    const fleet = new node.Node(this, 'gpu_node', {
      count,
      name: Fn.format('gpu-%d', [count.index]),
      hostId: Fn.lookup(Fn.element(available.hosts, count.index), 'id'),
      lifecycle: { ignoreChanges: ['host_id'] },
    })

    const hostIds = propertyAccess(fleet, ['*', 'host_id'])
    new TerraformOutput(this, 'hosts', { value: hostIds })
    new TerraformOutput(this, 'ipv4', { value: propertyAccess(fleet, ['*', 'ip_address']) })
    const monthlyPrices = Fn.matchkeys(
      propertyAccess(priced.hosts, ['*', 'monthly_price']),
      propertyAccess(priced.hosts, ['*', 'id']),
      hostIds
    )
    // sum() refuses an empty list, and an empty fleet costs nothing: hence the leading 0.
    new TerraformOutput(this, 'monthly_cost', { value: Fn.sum(Fn.concat([[0], monthlyPrices])) })
  }
}

const app = new App()
new GpuFleetStack(app, 'gpu-fleet')
app.synth()
