import { safeString } from '../describe.js'
import { redactSecrets } from './redact.js'

// No `[^>]*` run may cross a `<`: each match attempt then stops at the next tag, so a pass is linear.
const ROLE_TAG =
  /<\/?\s*(?:(?:tool|function)_(?:call|response|result)|result|response|output|input|system|assistant|user)\b[^<>]*>/gi
const CDATA = /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/gi
const FENCE = /```[^\s`]*/g

/** The first `n` UTF-16 units of `s`, one fewer when the last would be half a surrogate pair (0xD800–0xDBFF: `>> 10 == 54`). */
export const cut = (s: string, n: number) => s.slice(0, s.charCodeAt(n - 1) >> 10 == 54 ? n - 1 : n)

/**
 * Makes untrusted error text safe to show a model: redacts secrets, strips role
 * tags, code-fence markers and CDATA blocks (repeatedly, so nested fragments cannot
 * reassemble a tag or a secret), then caps it at `max` characters (2000; `Infinity`
 * for text whose length a result limit governs, such as an MCP server's results).
 */
export function sanitizeToolError(text: string, max = 2000): string {
  let s = safeString(text)
  for (let prev = '', pass = 0; prev !== s; pass++) {
    prev = s
    s = redactSecrets(s).replace(CDATA, '').replace(ROLE_TAG, '').replace(FENCE, '')
    // Nesting built to need a pass per level: drop every `<` and backtick instead, which ends it (linear time).
    if (pass > 8) s = s.replace(/[<`]/g, '')
  }
  return s.length > max ? cut(s, max - 3) + '...' : s
}
