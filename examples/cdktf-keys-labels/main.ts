/**
 * A first fleet the way people run servers, the cdktf version of examples/hcl-keys-labels:
 * your SSH key from its file, two web nodes and a database node that only the key can log in
 * to, labelled, and `data.nodeplane_nodes` selecting the web nodes by label. `npx tsx main.ts`
 * (or `cdktf synth`) writes cdktf.out/; then `tofu apply` in cdktf.out/stacks/keys-labels.
 */
import {
  App,
  Fn,
  TerraformIterator,
  TerraformOutput,
  TerraformStack,
  TerraformVariable,
} from 'cdktf'
import type { Construct } from 'constructs'
import { dataNodeplaneNodes, node, provider, sshKey, vpc } from '../../provider/cdktf/index.js'

export class KeysLabelsStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id)
    // endpoint and api_key come from NODEPLANE_ENDPOINT and NODEPLANE_API_KEY.
    new provider.NodeplaneProvider(this, 'nodeplane', {})
    // Read when Terraform runs, not at synth: TF_VAR_ssh_public_key_file or -var pick another.
    const keyFile = new TerraformVariable(this, 'ssh_public_key_file', {
      type: 'string',
      default: '~/.ssh/id_ed25519.pub',
      description: 'Your public key; ssh-keygen -t ed25519 makes one.',
    })
    const labels = { stack: 'cdktf-keys-labels', env: 'dev' }
    const me = new sshKey.SshKey(this, 'me', {
      name: 'cdktf-keys-labels',
      // trimspace: the .pub file ends with a newline, the key does not.
      publicKey: Fn.trimspace(Fn.file(Fn.pathexpand(keyFile.stringValue))),
      labels,
      // A new key file: the nodes move to the new key before the old one is deleted.
      lifecycle: { createBeforeDestroy: true },
    })
    const network = new vpc.Vpc(this, 'vpc', {
      name: 'cdktf-keys-labels',
      region: 'eu-central-1',
      labels,
    })
    // Adding or rotating keys, renaming and relabelling all change the nodes in place.
    const nodes = ['web-0', 'web-1', 'db'].map(
      (name) =>
        new node.Node(this, name, {
          name: `cdktf-keys-labels-${name}`,
          vpcId: network.id,
          labels: { ...labels, role: name.startsWith('web') ? 'web' : 'db' },
          sshKeys: [me.id],
          passwordLogin: false,
        })
    )
    // Read once the nodes exist: every web node of this stack, however it was made.
    const web = new dataNodeplaneNodes.DataNodeplaneNodes(this, 'web', {
      labelSelector: 'stack=cdktf-keys-labels,role=web',
      dependsOn: nodes,
    })
    const each = TerraformIterator.fromComplexList(web.nodes, 'id')
    new TerraformOutput(this, 'web_ips', { value: each.pluckProperty('ip_address') })
  }
}

const app = new App()
new KeysLabelsStack(app, 'keys-labels')
app.synth()
