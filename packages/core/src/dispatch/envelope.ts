import { sanitizeToolError } from './sanitize.js'

/** JSON of `{ error: message, ...extra }`. */
export const toolError = (message: string, extra?: Record<string, unknown>): string =>
  JSON.stringify({ error: message, ...extra })

/** The `[TOOL_ERROR]` envelope of `text` (sanitized and redacted). */
export const failure = (text: string) => toolError('[TOOL_ERROR] ' + sanitizeToolError(text))

/**
 * True exactly for the error envelopes `dispatch` answers with (unknown tool, invalid
 * arguments, `[TOOL_ERROR]`, `[APPROVAL_…]`, result contract) and for `toolError(...)` results.
 */
export function isToolError(result: unknown): boolean {
  if (typeof result != 'string' || !result.startsWith('{"error":')) return false
  try {
    return typeof JSON.parse(result).error == 'string'
  } catch {
    return false
  }
}
