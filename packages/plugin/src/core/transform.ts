// The transform of a tool module (SPEC §3.6): each top-level register call
// without a second argument gets `{ source: "tools/x.ts:LINE:COL" }`.
import MagicString, { type SourceMap } from 'magic-string'
import { detectRegisterCalls, type DetectOptions } from './detect.js'
import { sourceHash } from './scan-file.js'
import type { FileScan, RegisterSite } from './types.js'

export interface TransformOptions {
  /** The source name in the map. Default: the file's absolute path, which every bundler resolves against the module id. */
  sourceMapFileName?: string
  /** Used only when the code differs from what was scanned (another plugin ran first) and must be analysed again. */
  detect?: DetectOptions
}

export interface TransformResult {
  code: string
  map: SourceMap
}

const BOM = 0xfeff

/** The sites valid for `code`: the scanned ones shifted past a BOM, or a fresh analysis. */
function sitesFor(code: string, fileScan: FileScan, detect: DetectOptions | undefined): { sites: RegisterSite[]; shift: number } {
  const shift = code.charCodeAt(0) === BOM ? 1 : 0
  const body = shift === 1 ? code.slice(1) : code
  if (body.length === fileScan.sourceLength && sourceHash(body) === fileScan.sourceHash) return { sites: fileScan.sites, shift }
  return { sites: detectRegisterCalls(body, fileScan.file, detect).sites, shift }
}

/** What to insert where (offsets into `code`), in order; empty when nothing changes. */
function insertions(code: string, fileScan: FileScan, detect: DetectOptions | undefined): { at: number; text: string }[] {
  const { sites, shift } = sitesFor(code, fileScan, detect)
  return sites
    .filter((site) => !site.hasMeta)
    .map((site) => ({ at: site.argsEnd + shift, text: `, { source: ${JSON.stringify(`${site.file}:${site.line}:${site.column}`)} }` }))
    .sort((a, b) => a.at - b.at)
}

/** Inject `{ source }` into register calls; null when nothing changes. */
export function transformToolModule(code: string, fileScan: FileScan, opts: TransformOptions = {}): TransformResult | null {
  const edits = insertions(code, fileScan, opts.detect)
  if (edits.length === 0) return null
  const s = new MagicString(code)
  for (const { at, text } of edits) s.appendLeft(at, text)
  return {
    code: s.toString(),
    map: s.generateMap({ hires: 'boundary', source: opts.sourceMapFileName ?? fileScan.absPath, includeContent: true }),
  }
}

/**
 * The same code as transformToolModule, without a source map: for builds that emit
 * none (a boundary-resolution map of every tool module costs more than the rewrite).
 */
export function transformToolModuleCode(code: string, fileScan: FileScan, opts: Pick<TransformOptions, 'detect'> = {}): string | null {
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
