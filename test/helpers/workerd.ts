// workerd for the e2e tests: the same harness `npm start` uses (scripts/lib),
// plus small request helpers.
export { COMPATIBILITY_DATE, startWorkerd, workerdBinary, workerdConfig } from '../../scripts/lib/workerd.mjs'
export type { StartWorkerdOptions, WorkerdServer } from '../../scripts/lib/workerd.mjs'

export interface JsonReply<T = unknown> {
  status: number
  body: T
}

export async function getJson<T = unknown>(url: string): Promise<JsonReply<T>> {
  const response = await fetch(url)
  return { status: response.status, body: (await response.json()) as T }
}

export async function postJson<T = unknown>(url: string, payload: unknown): Promise<JsonReply<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })
  return { status: response.status, body: (await response.json()) as T }
}
