// What the dev server adds to each tool module and to the virtual module
// (docs/architecture.md, "Dev server"). Pure: scan in, text out. The registry does the
// work: `beginSource(file)` before the module's body and `endSource(file)` after it
// attribute its registrations to the file and remove what its previous version
// registered and this one did not. A version that throws while loading never reaches
// `endSource`: its tools and those of the version before stay, each as registered, and
// the guard source opened before the file closes it (see toolModuleHeader).
import { jsonText } from '../codegen/js-text.js'
import { sourceTableOf, verifyCode } from '../codegen/virtual-module.js'
import { registryModuleOf } from '../options/options.js'
import { scanSource, sourceHash } from '../scan/file.js'
import type { Diagnostic, FileScan, ResolvedOptions, ScanResult } from '../types.js'

const str = (value: string): string => JSON.stringify(value)

/** Appended to the virtual module: it re-imports the tool files when their set changes. */
export const VIRTUAL_MODULE_HMR = '\nif (import.meta.hot) import.meta.hot.accept()\n'

/**
 * Appended to the virtual module too: each time it runs, it closes every file the registry
 * still holds tools of that the scan no longer has (deleted or renamed), whose tools go unless
 * another file has registered them since, as a tool module's `prune` does (toolModuleFooter).
 * Code loaded by `server.ssrLoadModule` (Astro 5 runs its routes so) gets no `prune`: Vite
 * sends HMR updates only to the environment's module runner.
 */
export function pruneDeletedFiles(result: Pick<ScanResult, 'toolModules' | 'options'>): string {
  const files = result.toolModules.map(m => m.file)
  return `
import { registry as ${REGISTRY} } from ${str(registryModuleOf(result.options))}
{
  const files = new Set(JSON.parse(${str(JSON.stringify(files))}))
  for (const file of new Set(${REGISTRY}.snapshot().map(e => e.source?.replace(/:\\d+:\\d+$/, '')))) {
    if (file === undefined || files.has(file)) continue
    ${REGISTRY}.beginSource(file)
    ${REGISTRY}.endSource(file)
  }
}
`
}

const REGISTRY = '__toolregRegistry'

/**
 * The virtual module a server environment (SSR, a Worker in workerd) loads while errors
 * exist and no scan was good since the start: it evaluates, so a server that imports its
 * entry at start-up (Cloudflare's Vite plugin does) comes up; the registry holds no tool,
 * and `loadErrors` holds the errors (the terminal shows them too). Not self-accepting: the
 * fix reloads the environment (../bundlers/vite/updates.ts).
 */
export function unloadedModule(errors: readonly Diagnostic[], options: Pick<ResolvedOptions, 'registryModules'>) {
  const loadErrors = errors.map(d => ({ file: d.file, error: `${d.code}: ${d.message}` }))
  return [
    `import { registry } from ${str(registryModuleOf(options))}`,
    'export { registry }',
    'export const toolNames = Object.freeze([])',
    'export const manifest = Object.freeze({ version: 1, tools: Object.freeze([]), files: Object.freeze([]) })',
    'export const toolModules = Object.freeze([])',
    `export const loadErrors = Object.freeze(JSON.parse(${jsonText(loadErrors)}).map(Object.freeze))`,
    '',
  ].join('\n')
}

/**
 * A source opened just before the file's own: ending it closes the file's too (the
 * registry's sources are a stack) without the file's removals, which is how a version
 * that throws is closed. No file name starts with a NUL.
 */
const guardOf = (file: FileScan): string => str('\0' + file.file)

/**
 * Put before the module's code, on its first line (the lines keep their numbers). Imports
 * are hoisted, so this runs after the module's imports and before its body. Each version
 * hands the registry its own sources first: one update re-imports it and the virtual
 * module (with the build's whole table) in no set order, and a table seen before is a
 * module the page already ran, which does not run again.
 *
 * A body without `await` runs in one go: a microtask queued here runs after it has
 * finished (the footer has closed both sources: nothing to do) or thrown (it closes them,
 * removing nothing). A body that awaits would be cut short by it: such a version that
 * throws stays open until the file's next version begins.
 */
function toolModuleHeader(file: FileScan, registryModule: string, mayAwait = true): string {
  const guard = guardOf(file)
  return (
    `import { registry as ${REGISTRY} } from ${str(registryModule)};` +
    `${REGISTRY}.setSources(JSON.parse(${str(JSON.stringify(sourceTableOf([file])))}));` +
    movedTools(file) +
    `${REGISTRY}.beginSource(${guard});` +
    (mayAwait ? '' : `queueMicrotask(() => ${REGISTRY}.endSource(${guard}));`) +
    `${REGISTRY}.beginSource(${str(file.file)});`
  )
}

/**
 * The registry rejects a registration that moves a name to another toolset. A tool this
 * file registered that its new version registers under another toolset is removed first
 * (only such a tool: the others stay until `endSource`, also if this version throws).
 */
function movedTools(file: FileScan): string {
  const pairs = file.sites.flatMap(s => (s.name !== null && s.toolset !== null ? [[s.name, s.toolset]] : []))
  if (pairs.length === 0) return ''
  const own = str(file.file + ':')
  return (
    `for (const [n, t] of ${JSON.stringify(pairs)}) { const e = ${REGISTRY}.getEntry(n);` +
    ` if (e && e.toolset !== t && e.source?.startsWith(${own})) ${REGISTRY}.deregister(n) };`
  )
}

/**
 * Appended after the module's last line. `import.meta.hot.accept` is spelled out: Vite
 * finds self-accepting modules by that text. A module the virtual module no longer
 * imports (its file was deleted or renamed) is pruned: its tools go, unless another
 * file has registered them since.
 */
function toolModuleFooter(file: FileScan, verify: boolean): string {
  const name = str(file.file)
  const end = `${REGISTRY}.endSource(${name})`
  // verify (on by default in dev): each version's names against its scan, TR009 if they differ.
  return `
${verify ? verifyCode(file, REGISTRY, `${end}.registered`) : ';' + end}
${REGISTRY}.endSource(${guardOf(file)})
if (import.meta.hot) {
  import.meta.hot.accept()
  import.meta.hot.prune(() => {
    ${REGISTRY}.beginSource(${name})
    ${REGISTRY}.endSource(${name})
  })
}
`
}

/**
 * The tool module's code with the header and footer; a leading `#!` line stays first.
 * `scanned` is the scanner's latest scan of the file; when the text Vite loaded is not
 * what it scanned (a save landed in between), that text is scanned here, so the sources
 * and verify's names are those of the code that runs (no spurious TR009).
 */
export async function withToolModuleHmr(code: string, scanned: FileScan, options: ResolvedOptions): Promise<string> {
  const text = code.charCodeAt(0) === 0xfeff ? code.slice(1) : code
  const file = sourceHash(text) === scanned.sourceHash ? scanned : await scanSource(text, scanned, options)
  const verify = options.verify ?? true
  const header = toolModuleHeader(file, registryModuleOf(options), /\bawait\b/.test(code))
  const at = code.startsWith('#!') ? code.indexOf('\n') + 1 : 0
  if (code.startsWith('#!') && at === 0) return code + '\n' + header + toolModuleFooter(file, verify)
  return code.slice(0, at) + header + code.slice(at) + toolModuleFooter(file, verify)
}
