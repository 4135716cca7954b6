// Whether a tool module needs `@toolreg/core/tool-layer` (see the plugin README, "The virtual
// module"). A word search over the file's text, no parse: a module is known not to need it
// when its text names no field of the layer and defines no generator, and every spec it
// registers is written in it (an object literal, or a name it declares, spreading into objects
// only names it declares). Any other module installs the layer: unknown is never "no".
import type { RegisterSite } from '../types.js'

/** The spec fields whose behaviour lives in the tool layer, and generator syntax (a streaming handler). */
const LAYER_WORDS =
  /\b(?:needsApproval|timeoutMs|retry|maxConcurrency|outputSchema|inputExamples)\b|\bfunction\s*\*|\basync\s*\*|\*\s*\[Symbol\.asyncIterator\]/

/** The fields the build manifest carries: a file naming one is read by the full detector. */
const POLICY_WORDS = /\b(?:needsApproval|annotations|timeoutMs)\b/
/** Either of the above: the one pass over the text of most files (which name none). */
const ANY_WORD =
  /\b(?:needsApproval|annotations|timeoutMs|retry|maxConcurrency|outputSchema|inputExamples)\b|\bfunction\s*\*|\basync\s*\*|\*\s*\[Symbol\.asyncIterator\]/

// The name is read by a lookahead, so `as const` before a declaration does not swallow it.
const DECLARATION = /\b(?:const|let|var|function|class)\s+(?=([A-Za-z_$][\w$]*))/g
// An array or argument spread (after `[` or `(`) adds no key to a spec: only an object spread can.
const SPREAD = /([[(]\s*)?\.\.\.\s*([A-Za-z_$][\w$]*)?/g
const NAME_ARGUMENT = /^\s*([A-Za-z_$][\w$]*)\s*(?:[),]|as\b|satisfies\b)/

/** Whether the spec of the register call at `site` is written in this file (`declared()`: the names it declares). */
function specInFile(code: string, site: RegisterSite, declared: () => ReadonlySet<string>): boolean {
  const call = code.slice(site.start, site.end)
  const open = call.indexOf('(')
  if (open < 0) return false
  const arg = call.slice(open + 1)
  if (!/^\s*\{/.test(arg)) {
    const name = NAME_ARGUMENT.exec(arg)?.[1]
    if (name === undefined || !declared().has(name)) return false
  }
  // The common spec spreads nothing: no declaration is read then.
  if (!call.includes('...')) return true
  for (const [, inList, name] of call.matchAll(SPREAD))
    if (inList === undefined && (name === undefined || !declared().has(name))) return false
  return true
}

/**
 * What a tool module's text says: `layer`, false only when the module surely uses no field of
 * the tool layer; `policies`, whether it names a field the manifest carries.
 */
export function toolLayerUse(code: string, sites: readonly RegisterSite[]): { layer: boolean; policies: boolean } {
  const named = ANY_WORD.test(code)
  return { layer: mayUseToolLayer(code, sites, named), policies: named && POLICY_WORDS.test(code) }
}

/** False only when the module surely uses no field of the tool layer (`named`: ANY_WORD matched the text). */
export function mayUseToolLayer(code: string, sites: readonly RegisterSite[], named = true): boolean {
  if (named && LAYER_WORDS.test(code)) return true
  let names: Set<string> | undefined
  const declared = () => {
    if (names === undefined) {
      names = new Set()
      for (const d of code.matchAll(DECLARATION)) names.add(d[1]!)
    }
    return names
  }
  return !sites.every(s => specInFile(code, s, declared))
}
