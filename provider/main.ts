/**
 * Provider process entry: Terraform/OpenTofu starts this through bin/terraform-provider-nodeplane.
 * @module
 */
import { serve } from './protocol/plugin.js'
import { createProvider, type ProviderTypes } from './provider.js'

// Test suites register throwaway types (never shipped) by module path, so nothing under test/
// is imported by the provider itself.
const testModule = process.env.NODEPLANE_PROVIDER_TEST_TYPES
const extra = testModule ? ((await import(testModule)) as ProviderTypes) : {}

await serve(createProvider(extra))
