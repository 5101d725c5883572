import { Time } from './components/ui.js'

/** `GET /api/v1/nodes/{id}/user-data/result`, as the user-data service returns it. */
export interface UserDataResult {
  status: string
  exit_code: number | null
  output: string
  started_at: string | null
  finished_at: string | null
}

const MEANING: Record<string, string> = {
  pending: 'waits for the node to start',
  running: 'is running on the node',
  succeeded: 'finished with exit code 0',
  failed: 'failed (a non-zero exit code, or killed at its time limit)',
  skipped:
    'was not run: this server’s driver never runs tenant code on the control plane (simulated)',
}

/**
 * The user data's status, exit code and output. JSX escapes the output, so a script printing
 * HTML shows it as text. `data-refresh`: app.js re-reads the section when the status changes.
 */
export function UserDataSection(props: { status: string | null; result?: UserDataResult }) {
  const { status, result } = props
  return (
    <section id="user-data" aria-labelledby="user-data-heading" data-refresh>
      <h2 id="user-data-heading">User data</h2>
      {status === null ? (
        <p class="muted">This node was created without user data.</p>
      ) : (
        <>
          <p>
            <span class={`badge badge-ud-${status}`}>{status}</span> The script{' '}
            {MEANING[status] ?? status}.
          </p>
          {result && (
            <dl class="fields">
              <dt>Exit code</dt>
              <dd class="mono">{result.exit_code ?? '–'}</dd>
              <dt>Started</dt>
              <dd>
                <Time iso={result.started_at} empty="not yet" />
              </dd>
              <dt>Finished</dt>
              <dd>
                <Time iso={result.finished_at} empty="not yet" />
              </dd>
            </dl>
          )}
          {result && result.output !== '' && (
            <>
              <h3 id="user-data-output-heading">Output (the last 64 KiB of stdout and stderr)</h3>
              <pre
                class="output"
                tabindex={0}
                aria-labelledby="user-data-output-heading"
                data-field="user_data_output"
              >
                {result.output}
              </pre>
            </>
          )}
        </>
      )}
    </section>
  )
}
