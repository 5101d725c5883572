// Command terraform-provider-reference is the benchmark's yardstick for what the plugin
// protocol itself costs: a provider built on HashiCorp's terraform-plugin-framework whose
// reference_node resource has nodeplane_node's attributes and plan modifiers but calls no API.
// test/bench/provider.bench.ts runs it beside nodeplane_node and terraform_data.
package main

import (
	"context"
	"fmt"
	"log"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type referenceProvider struct{}

func (referenceProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "reference"
}

func (referenceProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}

func (referenceProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (referenceProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return nodeResource{} }}
}

func (referenceProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }

type nodeModel struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Region    types.String `tfsdk:"region"`
	VpcID     types.String `tfsdk:"vpc_id"`
	HostID    types.String `tfsdk:"host_id"`
	Status    types.String `tfsdk:"status"`
	IPAddress types.String `tfsdk:"ip_address"`
	PrivateIP types.String `tfsdk:"private_ip"`
	CreatedAt types.String `tfsdk:"created_at"`
}

type nodeResource struct{}

var nextID atomic.Int64

func (nodeResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_node"
}

func computed() schema.StringAttribute {
	return schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}

func placement() schema.StringAttribute {
	return schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{
		stringplanmodifier.RequiresReplace(), stringplanmodifier.UseStateForUnknown(),
	}}
}

func (nodeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         computed(),
		"name":       schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"region":     placement(),
		"vpc_id":     placement(),
		"host_id":    placement(),
		"status":     computed(),
		"ip_address": computed(),
		"private_ip": computed(),
		"created_at": computed(),
	}}
}

func orDefault(value types.String, fallback string) types.String {
	if value.IsNull() || value.IsUnknown() {
		return types.StringValue(fallback)
	}
	return value
}

func (nodeResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var node nodeModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &node)...)
	n := nextID.Add(1)
	node.ID = types.StringValue(fmt.Sprintf("node_ref%d_%d", time.Now().UnixNano(), n))
	node.Region = orDefault(node.Region, "reference-1")
	node.VpcID = orDefault(node.VpcID, "vpc_reference")
	node.HostID = orDefault(node.HostID, fmt.Sprintf("host_%d", n))
	node.Status = types.StringValue("running")
	node.IPAddress = types.StringValue("192.0.2.1")
	node.PrivateIP = types.StringValue("10.0.0.2")
	node.CreatedAt = types.StringValue(time.Now().UTC().Format(time.RFC3339))
	resp.Diagnostics.Append(resp.State.Set(ctx, &node)...)
}

// Read keeps the state as it is: the yardstick measures the protocol, not an API.
func (nodeResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var node nodeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &node)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &node)...)
}

func (nodeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var node nodeModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &node)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &node)...)
}

func (nodeResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func main() {
	err := providerserver.Serve(context.Background(), func() provider.Provider { return referenceProvider{} },
		providerserver.ServeOpts{Address: "registry.opentofu.org/nodeplane/reference"})
	if err != nil {
		log.Fatal(err)
	}
}
