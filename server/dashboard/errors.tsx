import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from 'pino'
import { ProblemError } from '../http/problem.js'
import { Alert } from './components/ui.js'
import type { DashEnv } from './context.js'
import { renderPage } from './render.js'

function ErrorPage(props: { heading: string; detail: string; requestId?: string }) {
  return (
    <section>
      <h1>{props.heading}</h1>
      <Alert kind="error">
        <p>{props.detail}</p>
      </Alert>
      {props.requestId && <p class="muted">Request id: {props.requestId}</p>}
      <p>
        <a href="/ui/nodes">Back to your nodes</a>
      </p>
    </section>
  )
}

const CROSS_SITE =
  'The form came from another site or had no valid security token, so it was refused. Reload the page and try again.'

/** Errors of dashboard pages become HTML pages; anything unexpected is logged and not shown. */
export function dashboardOnError(log: Logger): ErrorHandler<DashEnv> {
  return (err, c) => {
    const requestId = c.get('requestId')
    if (err instanceof ProblemError) {
      const heading =
        err.status === 403
          ? 'Request refused'
          : err.status === 404
            ? 'Not found'
            : 'Something went wrong'
      const body = <ErrorPage heading={heading} detail={err.message} requestId={requestId} />
      return renderPage(c, { title: heading, status: err.status, body })
    }
    if (err instanceof HTTPException && err.status === 403) {
      return renderPage(c, {
        title: 'Request refused',
        status: 403,
        body: <ErrorPage heading="Request refused" detail={CROSS_SITE} />,
      })
    }
    log.error({ err, request_id: requestId }, 'dashboard error')
    const detail =
      'The server failed to handle the request. Retry, and report the request id if it persists.'
    return renderPage(c, {
      title: 'Server error',
      status: 500,
      body: <ErrorPage heading="Server error" detail={detail} requestId={requestId} />,
    })
  }
}

/** Unknown dashboard paths get an HTML page rather than the API's problem+json. */
export const dashboardNotFound: NotFoundHandler<DashEnv> = (c) =>
  renderPage(c, {
    title: 'Not found',
    status: 404,
    body: <ErrorPage heading="Page not found" detail={`There is no page at ${c.req.path}.`} />,
  })
