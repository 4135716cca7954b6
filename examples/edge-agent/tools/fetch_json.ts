import { registry, toolError, toolResult } from '@toolreg/core'

const MAX_BODY_CHARS = 1_000_000

registry.register({
  name: 'fetch_json',
  toolset: 'web',
  emoji: '🌐',
  // Without an allow-list the tool is not offered at all.
  requiresEnv: ['FETCH_ALLOWED_ORIGINS'],
  maxResultSizeChars: 20_000,
  schema: {
    description: 'GET a JSON document from an allowed origin, optionally picking one value by JSON Pointer.',
    parameters: {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'Absolute http(s) URL on an allowed origin.' },
        pointer: {
          type: 'string',
          description: 'RFC 6901 JSON Pointer such as /items/0/name; default the whole document.',
        },
      },
      required: ['url'],
    },
  },
  async handler(args, ctx) {
    let url: URL
    try {
      url = new URL(String(args.url ?? ''))
    } catch {
      return toolError(`Not an absolute URL: ${String(args.url)}`)
    }
    const allowed = (ctx.env?.FETCH_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map(origin => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean)
    if (!allowed.includes(url.origin)) return toolError(`Origin not allowed: ${url.origin}`, { allowed })

    // A redirect could leave the allow-list: report it instead of following it.
    const response = await fetch(url.href, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: ctx.signal,
    })
    if (response.status >= 300 && response.status < 400)
      return toolError(`Redirect refused (HTTP ${response.status})`, { location: response.headers.get('location') })
    const body = await response.text()
    if (!response.ok) return toolError(`HTTP ${response.status} from ${url.origin}`, { body: body.slice(0, 200) })
    if (body.length > MAX_BODY_CHARS) return toolError(`Response larger than ${MAX_BODY_CHARS} characters`)

    let data: unknown
    try {
      data = JSON.parse(body)
    } catch {
      return toolError(`Response from ${url.href} is not JSON`)
    }
    const pointer = typeof args.pointer === 'string' ? args.pointer : ''
    const picked = resolvePointer(data, pointer)
    if (!picked.found) return toolError(`Nothing at ${pointer} in the response`)
    return toolResult({ url: url.href, status: response.status, pointer: pointer || undefined, data: picked.value })
  },
})

function resolvePointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: document }
  if (!pointer.startsWith('/')) return { found: false }
  let value = document
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return { found: false }
    value = (value as Record<string, unknown>)[key]
  }
  return { found: true, value }
}
