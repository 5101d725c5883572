// https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface NodeConfig extends cdktf.TerraformMetaArguments {
  /**
  * Compute host to run on; else the cheapest active host of the region.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#host_id Node#host_id}
  */
  readonly hostId?: string;
  /**
  * Labels of the node, key to value, as Kubernetes writes them: at most 64; a key is an optional DNS-subdomain prefix and `/`, then 1-63 characters `[A-Za-z0-9]` with `-_.` inside; a value is 0-63 of the same. Changed in place; `label_selector` filters by them.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#labels Node#labels}
  */
  readonly labels?: { [key: string]: string };
  /**
  * A name for people: a host name label (lower-case letters, digits and `-`, at most 63). Changed in place; the host name inside a running node stays.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#name Node#name}
  */
  readonly name?: string;
  /**
  * Whether root may log in with the node's password over SSH; `false` needs at least one key in `ssh_keys`. Changed in place. Left out, a new node has it only without `ssh_keys` (`false` with keys, `true` without), and an existing node keeps what it has unless its keys are emptied.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#password_login Node#password_login}
  */
  readonly passwordLogin?: boolean | cdktf.IResolvable;
  /**
  * `on` or `off`: whether the node is switched on. Changed in place (`poweroff` pulls the plug, `poweron` starts it; apply waits until the node is there). A node that is off keeps its disk, addresses and billing. Left out, the provider follows what the node is (`rebooting` and `rebuilding` show while an action is under way).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#power_state Node#power_state}
  */
  readonly powerState?: string;
  /**
  * Region; else the VPC's, else the host's, else the server default.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#region Node#region}
  */
  readonly region?: string;
  /**
  * Deprecated: use `user_data_change`. `true` means `user_data_change = "replace"`, `false` (default) means `"ignore"`; setting it gives a deprecation warning.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#replace_on_user_data_change Node#replace_on_user_data_change}
  */
  readonly replaceOnUserDataChange?: boolean | cdktf.IResolvable;
  /**
  * Ids of `nodeplane_ssh_key`s (at most 50) whose public keys are root's `authorized_keys`, in this order. Changed in place: a running node gets the new keys live, the node id stays.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#ssh_keys Node#ssh_keys}
  */
  readonly sshKeys?: string[];
  /**
  * A script run once at first boot: a shell script starting with `#!`, or `#cloud-config` YAML with `write_files`, `runcmd` and `users`; at most 32 KiB. It runs at first boot only, so by default a change is recorded in the state only (with a warning); see `user_data_change`.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#user_data Node#user_data}
  */
  readonly userData?: string;
  /**
  * What a change of `user_data` does to the node: `ignore` (default) records it in the state only, with a warning; `rebuild` rebuilds the node in place: its disk is wiped and reinstalled from the node image and the new user data runs at its first boot, while its id, name, labels, addresses, SSH keys and VPC stay and its root password changes (apply waits until the node is on again); `replace` destroys the node and creates a new one. The plan says which will happen.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#user_data_change Node#user_data_change}
  */
  readonly userDataChange?: string;
  /**
  * VPC to join; else the region's default VPC.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#vpc_id Node#vpc_id}
  */
  readonly vpcId?: string;
  /**
  * What create waits for: `ssh` (default), until the node accepts SSH connections (it is `running`); or `user_data`, until its user data finished too. User data that fails (or is unfinished at the create timeout, default 15 minutes then) fails the apply and leaves the node tainted.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#wait_for Node#wait_for}
  */
  readonly waitFor?: string;
  /**
  * timeouts block
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#timeouts Node#timeouts}
  */
  readonly timeouts?: NodeTimeouts;
}
export interface NodeSize {
}

export function nodeSizeToTerraform(struct?: NodeSize): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function nodeSizeToHclTerraform(struct?: NodeSize): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class NodeSizeOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): NodeSize | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NodeSize | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // cpu_cores - computed: true, optional: false, required: false
  public get cpuCores() {
    return this.getNumberAttribute('cpu_cores');
  }

  // gpu_count - computed: true, optional: false, required: false
  public get gpuCount() {
    return this.getNumberAttribute('gpu_count');
  }

  // memory_gb - computed: true, optional: false, required: false
  public get memoryGb() {
    return this.getNumberAttribute('memory_gb');
  }

  // storage_gb - computed: true, optional: false, required: false
  public get storageGb() {
    return this.getNumberAttribute('storage_gb');
  }
}
export interface NodeTimeouts {
  /**
  * Timeout for create, e.g. "10m".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#create Node#create}
  */
  readonly create?: string;
  /**
  * Timeout for delete, e.g. "10m".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#delete Node#delete}
  */
  readonly delete?: string;
}

export function nodeTimeoutsToTerraform(struct?: NodeTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    create: cdktf.stringToTerraform(struct!.create),
    delete: cdktf.stringToTerraform(struct!.delete),
  }
}


export function nodeTimeoutsToHclTerraform(struct?: NodeTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    create: {
      value: cdktf.stringToHclTerraform(struct!.create),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    delete: {
      value: cdktf.stringToHclTerraform(struct!.delete),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NodeTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): NodeTimeouts | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._create !== undefined) {
      hasAnyValues = true;
      internalValueResult.create = this._create;
    }
    if (this._delete !== undefined) {
      hasAnyValues = true;
      internalValueResult.delete = this._delete;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NodeTimeouts | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._create = undefined;
      this._delete = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._create = value.create;
      this._delete = value.delete;
    }
  }

  // create - computed: false, optional: true, required: false
  private _create?: string; 
  public get create() {
    return this.getStringAttribute('create');
  }
  public set create(value: string) {
    this._create = value;
  }
  public resetCreate() {
    this._create = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get createInput() {
    return this._create;
  }

  // delete - computed: false, optional: true, required: false
  private _delete?: string; 
  public get delete() {
    return this.getStringAttribute('delete');
  }
  public set delete(value: string) {
    this._delete = value;
  }
  public resetDelete() {
    this._delete = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get deleteInput() {
    return this._delete;
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node nodeplane_node}
*/
export class Node extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "nodeplane_node";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Node resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Node to import
  * @param importFromId The id of the existing Node that should be imported. Refer to the {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Node to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "nodeplane_node", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/resources/node nodeplane_node} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options NodeConfig = {}
  */
  public constructor(scope: Construct, id: string, config: NodeConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'nodeplane_node',
      terraformGeneratorMetadata: {
        providerName: 'nodeplane',
        providerVersion: '0.1.0',
        providerVersionConstraint: '~> 0.1'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._hostId = config.hostId;
    this._labels = config.labels;
    this._name = config.name;
    this._passwordLogin = config.passwordLogin;
    this._powerState = config.powerState;
    this._region = config.region;
    this._replaceOnUserDataChange = config.replaceOnUserDataChange;
    this._sshKeys = config.sshKeys;
    this._userData = config.userData;
    this._userDataChange = config.userDataChange;
    this._vpcId = config.vpcId;
    this._waitFor = config.waitFor;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // host_id - computed: true, optional: true, required: false
  private _hostId?: string; 
  public get hostId() {
    return this.getStringAttribute('host_id');
  }
  public set hostId(value: string) {
    this._hostId = value;
  }
  public resetHostId() {
    this._hostId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get hostIdInput() {
    return this._hostId;
  }

  // hourly_price - computed: true, optional: false, required: false
  public get hourlyPrice() {
    return this.getNumberAttribute('hourly_price');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // ip_address - computed: true, optional: false, required: false
  public get ipAddress() {
    return this.getStringAttribute('ip_address');
  }

  // labels - computed: false, optional: true, required: false
  private _labels?: { [key: string]: string }; 
  public get labels() {
    return this.getStringMapAttribute('labels');
  }
  public set labels(value: { [key: string]: string }) {
    this._labels = value;
  }
  public resetLabels() {
    this._labels = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get labelsInput() {
    return this._labels;
  }

  // monthly_price - computed: true, optional: false, required: false
  public get monthlyPrice() {
    return this.getNumberAttribute('monthly_price');
  }

  // name - computed: false, optional: true, required: false
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  public resetName() {
    this._name = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // password_login - computed: true, optional: true, required: false
  private _passwordLogin?: boolean | cdktf.IResolvable; 
  public get passwordLogin() {
    return this.getBooleanAttribute('password_login');
  }
  public set passwordLogin(value: boolean | cdktf.IResolvable) {
    this._passwordLogin = value;
  }
  public resetPasswordLogin() {
    this._passwordLogin = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get passwordLoginInput() {
    return this._passwordLogin;
  }

  // power_state - computed: true, optional: true, required: false
  private _powerState?: string; 
  public get powerState() {
    return this.getStringAttribute('power_state');
  }
  public set powerState(value: string) {
    this._powerState = value;
  }
  public resetPowerState() {
    this._powerState = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get powerStateInput() {
    return this._powerState;
  }

  // private_ip - computed: true, optional: false, required: false
  public get privateIp() {
    return this.getStringAttribute('private_ip');
  }

  // reachable_at - computed: true, optional: false, required: false
  public get reachableAt() {
    return this.getStringAttribute('reachable_at');
  }

  // region - computed: true, optional: true, required: false
  private _region?: string; 
  public get region() {
    return this.getStringAttribute('region');
  }
  public set region(value: string) {
    this._region = value;
  }
  public resetRegion() {
    this._region = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get regionInput() {
    return this._region;
  }

  // replace_on_user_data_change - computed: true, optional: true, required: false
  private _replaceOnUserDataChange?: boolean | cdktf.IResolvable; 
  public get replaceOnUserDataChange() {
    return this.getBooleanAttribute('replace_on_user_data_change');
  }
  public set replaceOnUserDataChange(value: boolean | cdktf.IResolvable) {
    this._replaceOnUserDataChange = value;
  }
  public resetReplaceOnUserDataChange() {
    this._replaceOnUserDataChange = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get replaceOnUserDataChangeInput() {
    return this._replaceOnUserDataChange;
  }

  // size - computed: true, optional: false, required: false
  private _size = new NodeSizeOutputReference(this, "size");
  public get size() {
    return this._size;
  }

  // ssh_keys - computed: false, optional: true, required: false
  private _sshKeys?: string[]; 
  public get sshKeys() {
    return this.getListAttribute('ssh_keys');
  }
  public set sshKeys(value: string[]) {
    this._sshKeys = value;
  }
  public resetSshKeys() {
    this._sshKeys = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sshKeysInput() {
    return this._sshKeys;
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // user_data - computed: false, optional: true, required: false
  private _userData?: string; 
  public get userData() {
    return this.getStringAttribute('user_data');
  }
  public set userData(value: string) {
    this._userData = value;
  }
  public resetUserData() {
    this._userData = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get userDataInput() {
    return this._userData;
  }

  // user_data_change - computed: false, optional: true, required: false
  private _userDataChange?: string; 
  public get userDataChange() {
    return this.getStringAttribute('user_data_change');
  }
  public set userDataChange(value: string) {
    this._userDataChange = value;
  }
  public resetUserDataChange() {
    this._userDataChange = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get userDataChangeInput() {
    return this._userDataChange;
  }

  // user_data_status - computed: true, optional: false, required: false
  public get userDataStatus() {
    return this.getStringAttribute('user_data_status');
  }

  // vpc_id - computed: true, optional: true, required: false
  private _vpcId?: string; 
  public get vpcId() {
    return this.getStringAttribute('vpc_id');
  }
  public set vpcId(value: string) {
    this._vpcId = value;
  }
  public resetVpcId() {
    this._vpcId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get vpcIdInput() {
    return this._vpcId;
  }

  // wait_for - computed: true, optional: true, required: false
  private _waitFor?: string; 
  public get waitFor() {
    return this.getStringAttribute('wait_for');
  }
  public set waitFor(value: string) {
    this._waitFor = value;
  }
  public resetWaitFor() {
    this._waitFor = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get waitForInput() {
    return this._waitFor;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new NodeTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: NodeTimeouts) {
    this._timeouts.internalValue = value;
  }
  public resetTimeouts() {
    this._timeouts.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeoutsInput() {
    return this._timeouts.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      host_id: cdktf.stringToTerraform(this._hostId),
      labels: cdktf.hashMapper(cdktf.stringToTerraform)(this._labels),
      name: cdktf.stringToTerraform(this._name),
      password_login: cdktf.booleanToTerraform(this._passwordLogin),
      power_state: cdktf.stringToTerraform(this._powerState),
      region: cdktf.stringToTerraform(this._region),
      replace_on_user_data_change: cdktf.booleanToTerraform(this._replaceOnUserDataChange),
      ssh_keys: cdktf.listMapper(cdktf.stringToTerraform, false)(this._sshKeys),
      user_data: cdktf.stringToTerraform(this._userData),
      user_data_change: cdktf.stringToTerraform(this._userDataChange),
      vpc_id: cdktf.stringToTerraform(this._vpcId),
      wait_for: cdktf.stringToTerraform(this._waitFor),
      timeouts: nodeTimeoutsToTerraform(this._timeouts.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      host_id: {
        value: cdktf.stringToHclTerraform(this._hostId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      labels: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._labels),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      password_login: {
        value: cdktf.booleanToHclTerraform(this._passwordLogin),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      power_state: {
        value: cdktf.stringToHclTerraform(this._powerState),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      region: {
        value: cdktf.stringToHclTerraform(this._region),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      replace_on_user_data_change: {
        value: cdktf.booleanToHclTerraform(this._replaceOnUserDataChange),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      ssh_keys: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._sshKeys),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      user_data: {
        value: cdktf.stringToHclTerraform(this._userData),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      user_data_change: {
        value: cdktf.stringToHclTerraform(this._userDataChange),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      vpc_id: {
        value: cdktf.stringToHclTerraform(this._vpcId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      wait_for: {
        value: cdktf.stringToHclTerraform(this._waitFor),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: nodeTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "NodeTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
