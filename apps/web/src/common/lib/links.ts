/**
 * Link targets built from data (the API's image URLs, the configured explorer): only http(s) and
 * our own paths ever become an href. A javascript:, data: or any other scheme is not rendered as
 * a link at all, whatever the server or the chain said.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (url === null || url === undefined) return undefined
  if (url.startsWith('/') && !url.startsWith('//')) return url
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}
