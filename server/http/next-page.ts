/**
 * RFC 8288 paging of the lists that page by cursor (`GET /nodes`, `GET /api/v1/firewalls`):
 * with `limit`, the body stays a plain array and a `Link` header with `rel="next"` names the
 * next page, the same request starting after the page's last item.
 * @module
 */

/** The `Link` header value naming the page after `after` of the request at `requestUrl`. */
export function nextPageLink(requestUrl: string, after: string): string {
  const url = new URL(requestUrl)
  url.searchParams.set('after', after)
  return `<${url.pathname}${url.search}>; rel="next"`
}

/** The headers of a page: a `Link` to the next one while one follows. */
export function pageHeaders(requestUrl: string, after: string | undefined): Record<string, string> {
  return after === undefined ? {} : { Link: nextPageLink(requestUrl, after) }
}
