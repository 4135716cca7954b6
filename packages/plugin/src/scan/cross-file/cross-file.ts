// The cross-file part of a scan, over the per-file results in walk order (the same for
// full and targeted scans): TR001 duplicates with their frames, TR007 empty dirs, the
// sorted diagnostics, the static names and the manifest.
import * as path from 'node:path'
import { duplicateDiagnostics, duplicateGroups } from './duplicates.js'
import { errorCode, type ScanFs } from '../fs.js'
import { sameSites } from './same-sites.js'
import { buildManifest, staticToolNames } from './manifest.js'
import { codeFrame, decodeSource } from '../../diagnostics/source.js'
import type { Diagnostic, FileScan, ResolvedOptions, ScanResult } from '../../types.js'
import { isInside, type WalkResult } from '../walk.js'

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
}

/** `strict`: every warning is an error. */
const strictly = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  diagnostics.map(d => (d.severity === 'warning' ? { ...d, severity: 'error' } : d))

/** `previous`: the scanner's last result, whose derived values serve again when no site moved (./same-sites.ts). */
export async function finishScan(
  options: ResolvedOptions,
  io: ScanFs,
  walk: WalkResult,
  scanned: FileScan[],
  previous?: ScanResult,
): Promise<ScanResult> {
  // `strict` is applied here and nowhere else: per-file scans (and their cache) keep the severities as found.
  const files = options.strict ? scanned.map(f => ({ ...f, diagnostics: strictly(f.diagnostics) })) : scanned
  const toolModules = files.filter(f => f.isToolModule)
  // No site moved (./same-sites.ts): the last names and manifest serve again, and no TR001 before is none now.
  const same = previous !== undefined && sameSites(toolModules, previous.toolModules) ? previous : undefined
  const duplicates = same && !same.diagnostics.some(d => d.code === 'TR001') ? [] : await duplicatesOf(io, toolModules)
  const emptyDirs: Diagnostic[] = walk.dirs
    .filter(dir => {
      const absDir = path.resolve(options.root, dir)
      const inDir = (f: FileScan): boolean => f.absPath !== absDir && isInside(f.absPath, absDir)
      // A file that failed to read or parse already has its TR004: no second report.
      return !files.some(f => inDir(f) && (f.isToolModule || f.diagnostics.some(d => d.code === 'TR004')))
    })
    .map(dir => ({
      code: 'TR007',
      severity: 'warning',
      file: dir,
      line: 0,
      column: 0,
      message: `Tool directory ${dir} holds no tool module`,
    }))
  const diagnostics = [
    ...(options.strict ? strictly([...walk.diagnostics, ...emptyDirs]) : [...walk.diagnostics, ...emptyDirs]),
    ...files.flatMap(f => f.diagnostics),
    ...duplicates,
  ].sort(compareDiagnostics)
  const derived = same
    ? { toolNames: same.toolNames, manifest: same.manifest }
    : { toolNames: staticToolNames(toolModules), manifest: buildManifest(toolModules) }
  return { options, files, toolModules, diagnostics, ...derived }
}

// TR001 frames need the source of the few files involved: read them again.
// A file gone since the walk (an editor's rename reported as add, then
// unlink) no longer collides: its sites are dropped.
async function duplicatesOf(io: ScanFs, toolModules: readonly FileScan[]): Promise<Diagnostic[]> {
  const groups = duplicateGroups(toolModules)
  if (groups.length === 0) return []
  const absOf = new Map(toolModules.map(f => [f.file, f.absPath]))
  const sources = new Map<string, string | undefined>()
  const gone = new Set<string>()
  await Promise.all(
    [...new Set(groups.flat().map(s => s.file))].map(async file => {
      try {
        const decoded = decodeSource(await io.readFile(absOf.get(file)!))
        sources.set(file, decoded.ok ? decoded.code : undefined)
      } catch (error) {
        // Gone: no longer a collision. Any other read error only costs the frame.
        if (errorCode(error) === 'ENOENT') gone.add(file)
      }
    }),
  )
  const live = groups.map(g => g.filter(s => !gone.has(s.file))).filter(g => g.length > 1)
  return duplicateDiagnostics(live, site => {
    const code = sources.get(site.file)
    return code === undefined ? undefined : codeFrame(code, site.line, site.column)
  })
}
