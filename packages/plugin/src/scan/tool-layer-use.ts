// Whether a tool module needs `@toolreg/core/tool-layer` (see the plugin README, "The virtual
// module"). A word search over the file's text, no parse: a module is known not to need it
// when its text names no field of the layer and defines no generator, and every spec it
// registers is written in it (an object literal, or a name it declares, spreading only names
// it declares). Any other module installs the layer: unknown is never "no".
import type { RegisterSite } from '../types.js'

/** The spec fields whose behaviour lives in the tool layer, and generator syntax (a streaming handler). */
const LAYER_WORDS =
  /\b(?:needsApproval|timeoutMs|retry|maxConcurrency|outputSchema|inputExamples)\b|\bfunction\s*\*|\basync\s*\*|\*\s*\[Symbol\.asyncIterator\]/

/** The fields the build manifest carries: a file naming one is read by the full detector. */
export const POLICY_WORDS = /\b(?:needsApproval|annotations|timeoutMs)\b/

// The name is read by a lookahead, so `as const` before a declaration does not swallow it.
const DECLARATION = /\b(?:const|let|var|function|class)\s+(?=([A-Za-z_$][\w$]*))/g
const SPREAD = /\.\.\.\s*([A-Za-z_$][\w$]*)?/g
const NAME_ARGUMENT = /^\s*([A-Za-z_$][\w$]*)\s*(?:[),]|as\b|satisfies\b)/

/** Whether the spec of the register call at `site` is written in this file (`declared`: the names it declares). */
function specInFile(code: string, site: RegisterSite, declared: ReadonlySet<string>): boolean {
  const call = code.slice(site.start, site.end)
  const open = call.indexOf('(')
  if (open < 0) return false
  const arg = call.slice(open + 1)
  const name = NAME_ARGUMENT.exec(arg)?.[1]
  if (!(/^\s*\{/.test(arg) || (name !== undefined && declared.has(name)))) return false
  for (const spread of call.matchAll(SPREAD)) if (spread[1] === undefined || !declared.has(spread[1])) return false
  return true
}

/** False only when the module surely uses no field of the tool layer. */
export function mayUseToolLayer(code: string, sites: readonly RegisterSite[]): boolean {
  if (LAYER_WORDS.test(code)) return true
  const declared = new Set<string>()
  for (const d of code.matchAll(DECLARATION)) declared.add(d[1]!)
  return !sites.every(s => specInFile(code, s, declared))
}
