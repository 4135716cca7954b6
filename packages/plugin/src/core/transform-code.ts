// The transform of a tool module (SPEC §3.6): each top-level register call
// without a second argument gets `{ source: "tools/x.ts:LINE:COL" }`. This module
// rewrites without a source map; ./transform.ts adds the map (and loads magic-string).
import { detectRegisterCalls, type DetectOptions } from './detect.js'
import { sourceHash } from './scan-file.js'
import type { FileScan, RegisterSite } from './types.js'

const BOM = 0xfeff

/** The sites valid for `code`: the scanned ones shifted past a BOM, or a fresh analysis. */
function sitesFor(code: string, fileScan: FileScan, detect: DetectOptions | undefined): { sites: RegisterSite[]; shift: number } {
  const shift = code.charCodeAt(0) === BOM ? 1 : 0
  const body = shift === 1 ? code.slice(1) : code
  if (body.length === fileScan.sourceLength && sourceHash(body) === fileScan.sourceHash) return { sites: fileScan.sites, shift }
  return { sites: detectRegisterCalls(body, fileScan.file, detect).sites, shift }
}

/** What to insert where (offsets into `code`), in order; empty when nothing changes. */
export function insertions(code: string, fileScan: FileScan, detect: DetectOptions | undefined): { at: number; text: string }[] {
  const { sites, shift } = sitesFor(code, fileScan, detect)
  const edits: { at: number; text: string }[] = []
  for (const site of sites) {
    if (!site.hasMeta) edits.push({ at: site.argsEnd + shift, text: `, { source: ${JSON.stringify(`${site.file}:${site.line}:${site.column}`)} }` })
  }
  return edits.length > 1 ? edits.sort((a, b) => a.at - b.at) : edits
}

/**
 * The same code as transformToolModule, without a source map: for builds that emit
 * none (a boundary-resolution map of every tool module costs more than the rewrite).
 */
export function transformToolModuleCode(code: string, fileScan: FileScan, opts: { detect?: DetectOptions } = {}): string | null {
  const edits = insertions(code, fileScan, opts.detect)
  if (edits.length === 0) return null
  let out = ''
  let from = 0
  for (const { at, text } of edits) {
    out += code.slice(from, at) + text
    from = at
  }
  return out + code.slice(from)
}
