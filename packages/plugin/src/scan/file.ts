// Scanning one file: read, decode, detect. Every failure becomes a diagnostic.
import { hash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { detectSites, loadFullDetector } from '../detect/index.js'
import { ODD_NAME } from './file-names.js'
import { namesPolicy } from '../detect/policy-words.js'
import { compileGlobs } from './globs.js'
import { errorMessage, nodeScanFs, type ScanFs } from './fs.js'
import { codeFrame, decodeSource } from '../diagnostics/source.js'
import type { Diagnostic, FileScan, ResolvedOptions, StaticDefinition, ToolPolicy } from '../types.js'
import type { WalkedFile } from './walk.js'

/** Fingerprint of decoded source, so the transform can tell it sees the scanned text. */
// One-shot crypto.hash: the same digest as createHash, without a Hash object per file.
export function sourceHash(code: string): string {
  return hash('sha1', code, 'base64url')
}

const lazyMatchers = new WeakMap<readonly string[], (file: string) => boolean>()

/** Whether the `lazy` option selects `file` (root-relative). */
function isLazyFile(file: string, lazy: ResolvedOptions['lazy']): boolean {
  if (typeof lazy === 'boolean') return lazy
  let match = lazyMatchers.get(lazy)
  if (!match) lazyMatchers.set(lazy, (match = compileGlobs(lazy, { dot: true })))
  return match(file)
}

/** Scan already-decoded source: what the scanner and tests share. */
export async function scanSource(code: string, walked: WalkedFile, options: ResolvedOptions): Promise<FileScan> {
  const detected = await detectSites(code, walked.file, options)
  const lazy =
    detected.isToolModule && isLazyFile(walked.file, options.lazy)
      ? (await loadFullDetector()).planLazy(code, walked.file, detected.sites, options.registryModules)
      : undefined
  if (lazy && !lazy.lazy) {
    detected.diagnostics.push({
      code: 'TR002',
      severity: 'warning',
      file: walked.file,
      line: lazy.line,
      column: lazy.column,
      message: `${walked.file} is loaded eagerly, not lazily: ${lazy.reason} — lazy tools need a static name, toolset and JSON Schema`,
      ...(lazy.line > 0 ? { frame: codeFrame(code, lazy.line, lazy.column) } : {}),
    })
  }
  const tool = detected.isToolModule
  const namesPolicies = tool && namesPolicy(code)
  // Only a file naming one of the fields costs a parse (the fast path answers for the rest).
  // The fast path reads the literal ones itself (a file it answers for names them only there).
  const policies = namesPolicies
    ? (detected.policies ??
      (await loadFullDetector())
        .readDefinitions(code, walked.file, detected.sites, options.registryModules)
        .map(d => policyOf(d)))
    : undefined
  return {
    ...(lazy ? { lazy } : {}),
    ...(policies?.some(p => p !== undefined) ? { policies } : {}),
    file: walked.file,
    absPath: walked.absPath,
    ...(walked.realPath !== undefined ? { realPath: walked.realPath } : {}),
    isToolModule: detected.isToolModule,
    sites: detected.sites,
    diagnostics: detected.diagnostics,
    sourceLength: code.length,
    sourceHash: detected.isToolModule ? sourceHash(code) : '',
  }
}

/** needsApproval, annotations and timeoutMs of a static definition, when it states any. */
function policyOf(d: StaticDefinition | undefined): ToolPolicy | undefined {
  if (d === undefined) return undefined
  const { needsApproval, annotations, timeoutMs } = d
  const p: ToolPolicy = {
    ...(needsApproval !== undefined ? { needsApproval } : {}),
    ...(annotations !== undefined ? { annotations } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  }
  return Object.keys(p).length > 0 ? p : undefined
}

export async function scanFile(walked: WalkedFile, options: ResolvedOptions, fs: ScanFs): Promise<FileScan> {
  const scan = await readAndScan(walked, options, fs)
  if (!ODD_NAME.test(walked.file)) return scan
  const tr008: Diagnostic = {
    code: 'TR008',
    severity: 'warning',
    file: walked.file,
    line: 0,
    column: 0,
    message: `Tool file name ${walked.file} contains "?", "#" or "\\": builds import exactly this file, but the dev server cannot serve it — rename the file`,
  }
  return { ...scan, diagnostics: [tr008, ...scan.diagnostics] }
}

async function readAndScan(walked: WalkedFile, options: ResolvedOptions, fs: ScanFs): Promise<FileScan> {
  const failed = (message: string, line = 0, column = 0, frame?: string): FileScan => ({
    file: walked.file,
    absPath: walked.absPath,
    ...(walked.realPath !== undefined ? { realPath: walked.realPath } : {}),
    isToolModule: false,
    sites: [],
    diagnostics: [
      { code: 'TR004', severity: 'error', message, file: walked.file, line, column, ...(frame ? { frame } : {}) },
    ],
    sourceLength: 0,
    sourceHash: '',
  })
  const scanText = (code: string) => scanSource(code, walked, options)
  let bytes: Uint8Array
  try {
    if (fs === nodeScanFs) {
      // On the real file system most files are valid UTF-8: decoded natively, no buffer handed
      // to JavaScript; the bytes are read again only when the text holds a U+FFFD (a bad byte,
      // or the character itself), to be told apart strictly.
      const text = readFileSync(walked.absPath, 'utf8')
      if (!text.includes('\uFFFD')) return scanText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
    }
    bytes = await fs.readFile(walked.absPath)
  } catch (error) {
    return failed(`Cannot read ${walked.file}: ${errorMessage(error)}`)
  }
  const decoded = decodeSource(bytes)
  if (!decoded.ok) {
    const hex = decoded.byte.toString(16).toUpperCase().padStart(2, '0')
    return failed(
      `${walked.file} is not valid UTF-8 (byte 0x${hex} at line ${decoded.line}, column ${decoded.column}): save it as UTF-8`,
      decoded.line,
      decoded.column,
      codeFrame(decoded.code, decoded.line, decoded.column),
    )
  }
  return scanText(decoded.code)
}
