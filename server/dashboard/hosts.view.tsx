import type { discoverHosts } from '../compute-hosts/compute-hosts.service.js'
import type { ComputeHost } from '../compute-hosts/compute-hosts.schema.js'
import { ACTIONS, CardTable } from './components/card-table.js'
import { Field, Truncated } from './components/ui.js'

/** The query parameters of the search form, those of `GET /api/v1/compute`. */
export const FILTERS = [
  'min_cpu',
  'min_memory_gb',
  'min_storage_gb',
  'region',
  'datacenter',
  'status',
  'gpu',
  'limit',
] as const
export type Filters = Partial<Record<(typeof FILTERS)[number] | 'page', string>>

function Options(props: { values: string[]; selected?: string; any: string }) {
  return (
    <>
      <option value="">{props.any}</option>
      {props.values.map((v) => (
        <option value={v} selected={v === props.selected}>
          {v}
        </option>
      ))}
    </>
  )
}

/** The filters as a GET form, so every search has a URL to share or bookmark. */
export function SearchForm(props: { f: Filters; regions: string[]; datacenters: string[] }) {
  const { f } = props
  const num = (
    name: 'min_cpu' | 'min_memory_gb' | 'min_storage_gb',
    label: string,
    placeholder: string
  ) => (
    <Field id={name} label={label}>
      <input
        id={name}
        name={name}
        type="number"
        min={0}
        step="any"
        inputmode="numeric"
        value={f[name]}
        placeholder={placeholder}
      />
    </Field>
  )
  return (
    <form
      method="get"
      action="/ui/hosts"
      class="grid-form"
      role="search"
      aria-label="Compute hosts"
    >
      {num('min_cpu', 'Min CPU cores', '1')}
      {num('min_memory_gb', 'Min memory (GiB)', '1')}
      {num('min_storage_gb', 'Min storage (GiB)', '10')}
      <Field id="region" label="Region">
        <select id="region" name="region">
          <Options values={props.regions} selected={f.region} any="Any region" />
        </select>
      </Field>
      <Field id="datacenter" label="Datacenter">
        <select id="datacenter" name="datacenter">
          <Options values={props.datacenters} selected={f.datacenter} any="Any datacenter" />
        </select>
      </Field>
      <Field id="status" label="Status">
        <select id="status" name="status">
          <Options values={['active', 'reserved']} selected={f.status} any="All" />
        </select>
      </Field>
      <Field id="gpu" label="GPU">
        <select id="gpu" name="gpu">
          <option value="">Any</option>
          <option value="true" selected={f.gpu === 'true'}>
            Dedicated GPU
          </option>
          <option value="false" selected={f.gpu === 'false'}>
            CPU only
          </option>
        </select>
      </Field>
      <Field id="limit" label="Per page">
        <select id="limit" name="limit">
          <Options values={['25', '50', '100', '200']} selected={f.limit} any="50" />
        </select>
      </Field>
      <div class="actions">
        <button type="submit">Search</button> <a href="/ui/hosts">Reset</a>
      </div>
    </form>
  )
}

function HostRow(props: { host: ComputeHost }) {
  const h = props.host
  return (
    <tr>
      <td data-label="Host">
        <Truncated text={h.hostname} />
        <div class="mono small">{h.id}</div>
      </td>
      <td data-label="Status">
        <span class={`badge badge-${h.status}`}>{h.status}</span>
      </td>
      <td data-label="Region">
        {h.region}
        <div class="small muted">
          <Truncated text={h.datacenter} class="truncate-short" />
        </div>
      </td>
      <td data-label="CPU">
        {h.cpu.cores} × {h.cpu.architecture}
      </td>
      <td data-label="Memory" class="num">
        {h.memory_gb} GiB
      </td>
      <td data-label="Storage" class="num">
        {h.storage_gb} GiB
      </td>
      <td data-label="GPUs" class="num">
        {h.gpu.count || '–'}
      </td>
      <td data-label="Price" class="num">
        {h.pricing.hourly} {h.pricing.currency}/h
        <div class="small muted">{h.pricing.monthly}/month</div>
      </td>
      <td data-label="Actions">
        {h.status === 'active' && (
          <a href={`/ui/nodes/new?region=${encodeURIComponent(h.region)}&host_id=${h.id}`}>
            Create node
          </a>
        )}
      </td>
    </tr>
  )
}

function pageLink(f: Filters, page: number): string {
  const params = new URLSearchParams(
    Object.entries({ ...f, page: String(page) }).filter((entry): entry is [string, string] =>
      Boolean(entry[1])
    )
  )
  return `/ui/hosts?${params}`
}

/** One page of hosts with links to the neighbouring pages. */
export function Results(props: { f: Filters; result: Awaited<ReturnType<typeof discoverHosts>> }) {
  const { hosts, pagination: p } = props.result
  if (hosts.length === 0 && p.total > 0)
    return (
      <p class="empty">
        Page {p.page} is past the end: {p.total} hosts match, on {p.total_pages} pages.{' '}
        <a href={pageLink(props.f, p.total_pages)}>Go to the last page</a>
      </p>
    )
  if (hosts.length === 0)
    return <p class="empty">No host matches these filters. Lower the minimums or clear a filter.</p>
  return (
    <>
      <p role="status">
        {p.total} hosts match. Page {p.page} of {p.total_pages}.
      </p>
      <CardTable
        caption="Compute hosts"
        columns={['Host', 'Status', 'Region', 'CPU', 'Memory', 'Storage', 'GPUs', 'Price', ACTIONS]}
      >
        {hosts.map((host) => (
          <HostRow host={host} />
        ))}
      </CardTable>
      <nav class="pagination" aria-label="Pages">
        {p.page > 1 && (
          <a href={pageLink(props.f, p.page - 1)} rel="prev">
            ← Previous
          </a>
        )}
        <span>
          Page {p.page} of {p.total_pages}
        </span>
        {p.has_more && (
          <a href={pageLink(props.f, p.page + 1)} rel="next">
            Next →
          </a>
        )}
      </nav>
    </>
  )
}
