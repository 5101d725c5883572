/**
 * The CDKTF bindings of the nodeplane provider, generated into ./gen by `npm run gen:cdktf`
 * from the provider's own schema: NodeplaneProvider, Node, PublicIp, Vpc, SshKey,
 * DataNodeplaneComputeHosts, DataNodeplaneNode and DataNodeplaneNodes.
 * @module
 */
export * from './gen/providers/nodeplane/index.js'
