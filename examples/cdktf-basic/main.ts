/**
 * One VPC, three nodes in it, an IPv6 address on one, and their addresses as outputs: the
 * cdktf-basic stack. `npx tsx main.ts` (or `cdktf synth`) writes cdktf.out/; then
 * `tofu apply` in cdktf.out/stacks/basic.
 */
import { App, TerraformOutput, TerraformStack } from 'cdktf'
import type { Construct } from 'constructs'
import { node, provider, publicIp, vpc } from '../../provider/cdktf/index.js'

export class BasicStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id)
    // endpoint and api_key come from NODEPLANE_ENDPOINT and NODEPLANE_API_KEY.
    new provider.NodeplaneProvider(this, 'nodeplane', {})
    const network = new vpc.Vpc(this, 'vpc', { name: 'cdktf-basic', region: 'eu-central-1' })
    const nodes = [0, 1, 2].map(
      (i) => new node.Node(this, `web-${i}`, { name: `cdktf-web-${i}`, vpcId: network.id })
    )
    const v6 = new publicIp.PublicIp(this, 'web-0-ipv6', { nodeId: nodes[0]!.id, version: 6 })
    new TerraformOutput(this, 'ipv4', { value: nodes.map((n) => n.ipAddress) })
    new TerraformOutput(this, 'ipv6', { value: v6.ip })
  }
}

const app = new App()
new BasicStack(app, 'basic')
app.synth()
