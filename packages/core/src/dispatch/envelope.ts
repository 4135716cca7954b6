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
