/** A dashboard login over plain HTTP, as a browser holds one: its cookie and CSRF token. */
export interface DashboardLogin {
  /** A POST under /ui with the login's cookie and token, as the dashboard's own forms send. */
  post(path: string, form?: Record<string, string>): Promise<Response>
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')

/** Logs in to the dashboard at `baseUrl` with the login form, as a person would. */
export async function dashboardLogin(
  baseUrl: string,
  email: string,
  password: string
): Promise<DashboardLogin> {
  const form = await fetch(`${baseUrl}/ui/login`)
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? ''
  const loggedIn = await fetch(`${baseUrl}/ui/login`, {
    method: 'POST',
    body: new URLSearchParams({ _csrf: csrf, email, password, next: '/ui/nodes' }),
    redirect: 'manual',
    headers: { cookie: cookiesOf(form), Origin: baseUrl },
  })
  const cookie = cookiesOf(loggedIn)
  if (!cookie.includes('np_session=')) throw new Error(`login refused: ${loggedIn.status}`)
  const page = await (await fetch(`${baseUrl}/ui/account`, { headers: { cookie } })).text()
  const token = /name="csrf-token" content="([^"]+)"/.exec(page)?.[1] ?? ''
  return {
    post: (path, fields) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        body: fields && new URLSearchParams(fields),
        redirect: 'manual',
        headers: { cookie, Origin: baseUrl, 'X-CSRF-Token': token, Accept: 'application/json' },
      }),
  }
}
