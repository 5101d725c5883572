/**
 * @module The firewall form, for a new firewall and to edit one: name, labels, a table of rule
 * rows and the targets (`apply_to`). It works without JavaScript: blank rows stand ready for
 * new rules, "More rule rows" shows the form again with more, and "Remove" drops a rule on save.
 */
import type { ProblemError } from '../http/problem.js'
import { PRINTABLE_PATTERN } from '../lib/names.js'
import type { Node } from '../nodes/nodes.schema.js'
import { LabelsField } from './components/labels.js'
import { described, Field, FieldErrors, PostForm, ProblemAlert } from './components/ui.js'
import {
  fieldErrors,
  formFieldLabel,
  type FirewallValues,
  type FormErrors,
  type RuleRow,
} from './firewall-form.js'

/** Blank rows below the rules, so that a rule or two can be added without a round trip. */
export const BLANK_ROWS = 2

const BLANK: RuleRow = { protocol: 'tcp', port: '', sources: '', description: '' }
const PROTOCOLS = ['tcp', 'udp', 'icmp'] as const

function RuleRowCells(props: { row: RuleRow; index: number; blank: boolean; errors: FormErrors }) {
  const { row, index, errors } = props
  const n = index + 1
  const id = (what: string) => `rule-${n}-${what}`
  const errs = (what: string) => errors.get(`rules.${index}.${what}`)
  return (
    <tr>
      <td data-label="Protocol">
        <select
          id={id('protocol')}
          name="rule_protocol"
          aria-label={`Rule ${n} protocol`}
          {...described(id('protocol'), false, errs('protocol'))}
        >
          {PROTOCOLS.map((p) => (
            <option value={p} selected={p === row.protocol}>
              {p}
            </option>
          ))}
        </select>
        <FieldErrors id={id('protocol')} messages={errs('protocol')} />
      </td>
      <td data-label="Port">
        <input
          id={id('port')}
          name="rule_port"
          class="mono"
          maxlength={11}
          value={row.port}
          placeholder={props.blank ? '443' : undefined}
          aria-label={`Rule ${n} port`}
          {...described(id('port'), false, errs('port'))}
        />
        <FieldErrors id={id('port')} messages={errs('port')} />
      </td>
      <td data-label="Source IPs">
        <textarea
          id={id('sources')}
          name="rule_sources"
          class="mono"
          rows={Math.max(2, row.sources.split('\n').length)}
          spellcheck={false}
          placeholder={props.blank ? '0.0.0.0/0\n::/0' : undefined}
          aria-label={`Rule ${n} source IPs`}
          {...described(id('sources'), false, errs('source_ips'))}
        >
          {row.sources}
        </textarea>
        <FieldErrors id={id('sources')} messages={errs('source_ips')} />
      </td>
      <td data-label="Description">
        <input
          id={id('description')}
          name="rule_description"
          maxlength={255}
          value={row.description}
          aria-label={`Rule ${n} description`}
          {...described(id('description'), false, errs('description'))}
        />
        <FieldErrors id={id('description')} messages={errs('description')} />
      </td>
      <td>
        {!props.blank && (
          <label class="radio">
            <input type="checkbox" name="rule_remove" value={String(index)} />
            <span>
              Remove<span class="visually-hidden"> rule {n}</span>
            </span>
          </label>
        )}
      </td>
    </tr>
  )
}

function RulesFieldset(props: { rules: RuleRow[]; blankRows: number; errors: FormErrors }) {
  const rows = [...props.rules, ...Array.from({ length: props.blankRows }, () => BLANK)]
  return (
    <fieldset>
      <legend>Rules: the traffic allowed in</legend>
      <p class="hint" id="rules-hint">
        Port: 80 or a range 8000-8100 for tcp and udp, empty for icmp. Source IPs: one address or
        CIDR range a line (0.0.0.0/0 and ::/0 for everyone). Rows left blank are no rule.
      </p>
      <FieldErrors id="rules" messages={props.errors.get('rules')} />
      <div class="table-scroll">
        <table class="cards rule-rows" aria-describedby="rules-hint">
          <thead>
            <tr>
              {['Protocol', 'Port', 'Source IPs', 'Description', 'Remove'].map((h) => (
                <th scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <RuleRowCells
                row={row}
                index={index}
                blank={index >= props.rules.length}
                errors={props.errors}
              />
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  )
}

function ApplyToFieldset(props: { values: FirewallValues; nodes: Node[]; errors: FormErrors }) {
  const nodeErrors = props.errors.get('nodes')
  const selectorErrors = props.errors.get('selectors')
  return (
    <fieldset>
      <legend>Applies to</legend>
      <FieldErrors id="apply-nodes" messages={nodeErrors} />
      {props.nodes.length === 0 ? (
        <p class="muted">No nodes yet; a label selector below also covers nodes created later.</p>
      ) : (
        <div class="checks" role="group" aria-label="Nodes it applies to">
          {props.nodes.map((node) => (
            <label class="radio" title={node.id}>
              <input
                type="checkbox"
                name="apply_node"
                value={node.id}
                checked={props.values.nodes.includes(node.id)}
              />{' '}
              <span class="truncate">{node.name ?? node.id}</span>
            </label>
          ))}
        </div>
      )}
      <Field
        id="apply-selectors"
        label="Label selectors"
        hint="One a line, e.g. env=prod or env=prod,tier!=db: nodes whose labels match, now and later."
        errors={selectorErrors}
      >
        <textarea
          id="apply-selectors"
          name="apply_selectors"
          class="mono"
          rows={Math.max(2, props.values.selectors.split('\n').length + 1)}
          spellcheck={false}
          placeholder="env=prod"
          {...described('apply-selectors', true, selectorErrors)}
        >
          {props.values.selectors}
        </textarea>
      </Field>
    </fieldset>
  )
}

/** The whole form; `problem` is the refusal of the last submit, shown in full and per field. */
export function FirewallForm(props: {
  action: string
  csrf: string
  values: FirewallValues
  nodes: Node[]
  submit: string
  cancel: string
  once?: boolean
  blankRows?: number
  problem?: ProblemError
}) {
  const { values } = props
  const errors = fieldErrors(values, props.problem)
  return (
    <>
      {props.problem && (
        <ProblemAlert problem={props.problem} label={(field) => formFieldLabel(values, field)} />
      )}
      <PostForm action={props.action} csrf={props.csrf} once={props.once} class="firewall-form">
        <div class="grid-form">
          <Field id="firewall-name" label="Name" errors={errors.get('name')}>
            <input
              id="firewall-name"
              name="name"
              required
              maxlength={63}
              pattern={PRINTABLE_PATTERN}
              value={values.name}
              {...described('firewall-name', false, errors.get('name'))}
            />
          </Field>
          <LabelsField id="firewall-labels" value={values.labels} errors={errors.get('labels')} />
        </div>
        <RulesFieldset
          rules={values.rules}
          blankRows={props.blankRows ?? BLANK_ROWS}
          errors={errors}
        />
        <ApplyToFieldset values={values} nodes={props.nodes} errors={errors} />
        <div class="actions">
          <button type="submit">{props.submit}</button>
          {/* After the save button, so that Enter in a field saves rather than adds rows. */}
          <button type="submit" class="secondary" name="more_rows" value="1" formnovalidate>
            More rule rows
          </button>
          <a href={props.cancel}>Cancel</a>
        </div>
      </PostForm>
    </>
  )
}
