// https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataNodeplaneComputeHostsConfig extends cdktf.TerraformMetaArguments {
  /**
  * Datacenter facility code.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#datacenter DataNodeplaneComputeHosts#datacenter}
  */
  readonly datacenter?: string;
  /**
  * `true`: with a GPU; `false`: CPU-only.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#gpu DataNodeplaneComputeHosts#gpu}
  */
  readonly gpu?: boolean | cdktf.IResolvable;
  /**
  * Highest hourly price, filtered by the provider.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#max_hourly_price DataNodeplaneComputeHosts#max_hourly_price}
  */
  readonly maxHourlyPrice?: number;
  /**
  * Minimum CPU cores (API default 1).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#min_cpu DataNodeplaneComputeHosts#min_cpu}
  */
  readonly minCpu?: number;
  /**
  * Minimum RAM in GiB (API default 1).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#min_memory_gb DataNodeplaneComputeHosts#min_memory_gb}
  */
  readonly minMemoryGb?: number;
  /**
  * Minimum disk in GiB (API default 10).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#min_storage_gb DataNodeplaneComputeHosts#min_storage_gb}
  */
  readonly minStorageGb?: number;
  /**
  * Region or datacenter code.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#region DataNodeplaneComputeHosts#region}
  */
  readonly region?: string;
  /**
  * `active`, `reserved` or `all` (default).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#status DataNodeplaneComputeHosts#status}
  */
  readonly status?: string;
}
export interface DataNodeplaneComputeHostsHosts {
}

export function dataNodeplaneComputeHostsHostsToTerraform(struct?: DataNodeplaneComputeHostsHosts): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataNodeplaneComputeHostsHostsToHclTerraform(struct?: DataNodeplaneComputeHostsHosts): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataNodeplaneComputeHostsHostsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): DataNodeplaneComputeHostsHosts | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataNodeplaneComputeHostsHosts | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // cpu_architecture - computed: true, optional: false, required: false
  public get cpuArchitecture() {
    return this.getStringAttribute('cpu_architecture');
  }

  // cpu_cores - computed: true, optional: false, required: false
  public get cpuCores() {
    return this.getNumberAttribute('cpu_cores');
  }

  // currency - computed: true, optional: false, required: false
  public get currency() {
    return this.getStringAttribute('currency');
  }

  // datacenter - computed: true, optional: false, required: false
  public get datacenter() {
    return this.getStringAttribute('datacenter');
  }

  // gpu_count - computed: true, optional: false, required: false
  public get gpuCount() {
    return this.getNumberAttribute('gpu_count');
  }

  // hostname - computed: true, optional: false, required: false
  public get hostname() {
    return this.getStringAttribute('hostname');
  }

  // hourly_price - computed: true, optional: false, required: false
  public get hourlyPrice() {
    return this.getNumberAttribute('hourly_price');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // memory_gb - computed: true, optional: false, required: false
  public get memoryGb() {
    return this.getNumberAttribute('memory_gb');
  }

  // monthly_price - computed: true, optional: false, required: false
  public get monthlyPrice() {
    return this.getNumberAttribute('monthly_price');
  }

  // os - computed: true, optional: false, required: false
  public get os() {
    return this.getStringAttribute('os');
  }

  // region - computed: true, optional: false, required: false
  public get region() {
    return this.getStringAttribute('region');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // storage_gb - computed: true, optional: false, required: false
  public get storageGb() {
    return this.getNumberAttribute('storage_gb');
  }
}

export class DataNodeplaneComputeHostsHostsList extends cdktf.ComplexList {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): DataNodeplaneComputeHostsHostsOutputReference {
    return new DataNodeplaneComputeHostsHostsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts nodeplane_compute_hosts}
*/
export class DataNodeplaneComputeHosts extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "nodeplane_compute_hosts";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataNodeplaneComputeHosts resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataNodeplaneComputeHosts to import
  * @param importFromId The id of the existing DataNodeplaneComputeHosts that should be imported. Refer to the {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataNodeplaneComputeHosts to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "nodeplane_compute_hosts", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/nodeplane/nodeplane/0.1.0/docs/data-sources/compute_hosts nodeplane_compute_hosts} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataNodeplaneComputeHostsConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataNodeplaneComputeHostsConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'nodeplane_compute_hosts',
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
    this._datacenter = config.datacenter;
    this._gpu = config.gpu;
    this._maxHourlyPrice = config.maxHourlyPrice;
    this._minCpu = config.minCpu;
    this._minMemoryGb = config.minMemoryGb;
    this._minStorageGb = config.minStorageGb;
    this._region = config.region;
    this._status = config.status;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // datacenter - computed: false, optional: true, required: false
  private _datacenter?: string; 
  public get datacenter() {
    return this.getStringAttribute('datacenter');
  }
  public set datacenter(value: string) {
    this._datacenter = value;
  }
  public resetDatacenter() {
    this._datacenter = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get datacenterInput() {
    return this._datacenter;
  }

  // gpu - computed: false, optional: true, required: false
  private _gpu?: boolean | cdktf.IResolvable; 
  public get gpu() {
    return this.getBooleanAttribute('gpu');
  }
  public set gpu(value: boolean | cdktf.IResolvable) {
    this._gpu = value;
  }
  public resetGpu() {
    this._gpu = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get gpuInput() {
    return this._gpu;
  }

  // hosts - computed: true, optional: false, required: false
  private _hosts = new DataNodeplaneComputeHostsHostsList(this, "hosts", false);
  public get hosts() {
    return this._hosts;
  }

  // max_hourly_price - computed: false, optional: true, required: false
  private _maxHourlyPrice?: number; 
  public get maxHourlyPrice() {
    return this.getNumberAttribute('max_hourly_price');
  }
  public set maxHourlyPrice(value: number) {
    this._maxHourlyPrice = value;
  }
  public resetMaxHourlyPrice() {
    this._maxHourlyPrice = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get maxHourlyPriceInput() {
    return this._maxHourlyPrice;
  }

  // min_cpu - computed: false, optional: true, required: false
  private _minCpu?: number; 
  public get minCpu() {
    return this.getNumberAttribute('min_cpu');
  }
  public set minCpu(value: number) {
    this._minCpu = value;
  }
  public resetMinCpu() {
    this._minCpu = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get minCpuInput() {
    return this._minCpu;
  }

  // min_memory_gb - computed: false, optional: true, required: false
  private _minMemoryGb?: number; 
  public get minMemoryGb() {
    return this.getNumberAttribute('min_memory_gb');
  }
  public set minMemoryGb(value: number) {
    this._minMemoryGb = value;
  }
  public resetMinMemoryGb() {
    this._minMemoryGb = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get minMemoryGbInput() {
    return this._minMemoryGb;
  }

  // min_storage_gb - computed: false, optional: true, required: false
  private _minStorageGb?: number; 
  public get minStorageGb() {
    return this.getNumberAttribute('min_storage_gb');
  }
  public set minStorageGb(value: number) {
    this._minStorageGb = value;
  }
  public resetMinStorageGb() {
    this._minStorageGb = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get minStorageGbInput() {
    return this._minStorageGb;
  }

  // region - computed: false, optional: true, required: false
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

  // status - computed: false, optional: true, required: false
  private _status?: string; 
  public get status() {
    return this.getStringAttribute('status');
  }
  public set status(value: string) {
    this._status = value;
  }
  public resetStatus() {
    this._status = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get statusInput() {
    return this._status;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      datacenter: cdktf.stringToTerraform(this._datacenter),
      gpu: cdktf.booleanToTerraform(this._gpu),
      max_hourly_price: cdktf.numberToTerraform(this._maxHourlyPrice),
      min_cpu: cdktf.numberToTerraform(this._minCpu),
      min_memory_gb: cdktf.numberToTerraform(this._minMemoryGb),
      min_storage_gb: cdktf.numberToTerraform(this._minStorageGb),
      region: cdktf.stringToTerraform(this._region),
      status: cdktf.stringToTerraform(this._status),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      datacenter: {
        value: cdktf.stringToHclTerraform(this._datacenter),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      gpu: {
        value: cdktf.booleanToHclTerraform(this._gpu),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      max_hourly_price: {
        value: cdktf.numberToHclTerraform(this._maxHourlyPrice),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      min_cpu: {
        value: cdktf.numberToHclTerraform(this._minCpu),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      min_memory_gb: {
        value: cdktf.numberToHclTerraform(this._minMemoryGb),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      min_storage_gb: {
        value: cdktf.numberToHclTerraform(this._minStorageGb),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      region: {
        value: cdktf.stringToHclTerraform(this._region),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      status: {
        value: cdktf.stringToHclTerraform(this._status),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
