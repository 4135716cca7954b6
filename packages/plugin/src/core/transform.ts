// The transform of a tool module with a source map (SPEC §3.6: magic-string). Builds
// without source maps use ./transform-code.ts and never load magic-string.
import MagicString, { type SourceMap } from 'magic-string'
import type { DetectOptions } from './detect.js'
import { insertions } from './transform-code.js'
import type { FileScan } from './types.js'


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
