// The ids of `virtual:tool-registry` and of the small modules it imports (the sources
// table, verify's begin/end markers, the tool files in builds). One prefix for all, so a
// bundler's hook filter (fixed when the plugin is created) lets exactly these through; no
// `/` in them (esbuild would look for a directory `\0virtual:tool-registry`), no `?`/`#`.

/** The id users import. */
export const VIRTUAL_MODULE_ID = 'virtual:tool-registry'
/**
 * The resolved id. The `\0` prefix is the Rollup convention for virtual modules: it tells
 * other plugins (commonjs, node-resolve, Vite's import analysis) not to treat it as a file.
 */
export const RESOLVED_VIRTUAL_MODULE_ID = '\0' + VIRTUAL_MODULE_ID

/** Every id this plugin resolves or loads, with or without the `\0`. */
export const VIRTUAL_ID_FILTER = /^\0?virtual:tool-registry(?:$|:)/

/** The public id, or the resolved one (webpack gets it back from its scheme workaround). */
export const isVirtualModuleId = (id: string): boolean => id === VIRTUAL_MODULE_ID || id === RESOLVED_VIRTUAL_MODULE_ID

/**
 * A companion module of the virtual module:
 * - `sources`: hands the registry the scan's name → source table (`<hash>` of the table
 *   in the id, so a dev update with a new table is a new module);
 * - `begin` / `end`: verify's markers around one tool module (`file` root-relative, as
 *   FileScan.file);
 * - `file`: a tool file imported by a build (`absPath`, as FileScan.absPath), resolved by the plugin so it
 *   is marked as having side effects and its name is never read as a query or hash;
 * - `search`: the search index of the lazy tools' static definitions (`<hash>` of their
 *   files), imported by the virtual module only through `import()`.
 */
export type CompanionId =
  | { kind: 'sources' }
  | { kind: 'search' }
  | { kind: 'begin'; file: string }
  | { kind: 'end'; file: string }
  | { kind: 'file'; absPath: string }

const encode = (file: string): string => Buffer.from(file, 'utf8').toString('base64url')
const decode = (text: string): string => Buffer.from(text, 'base64url').toString('utf8')

/** The unresolved id of a companion module (what the virtual module imports). */
export function companionId(companion: CompanionId, hash = ''): string {
  switch (companion.kind) {
    case 'sources':
    case 'search':
      return `${VIRTUAL_MODULE_ID}:${companion.kind}:${hash}`
    case 'begin':
    case 'end':
      return `${VIRTUAL_MODULE_ID}:${companion.kind}:${hash === '' ? '' : hash + ':'}${encode(companion.file)}`
    case 'file':
      return `${VIRTUAL_MODULE_ID}:file:${hash === '' ? '' : hash + ':'}${encode(companion.absPath)}`
  }
}

/** Parse a companion id, resolved (`\0`) or not; undefined for any other id. */
export function parseCompanionId(id: string): CompanionId | undefined {
  const bare = id.startsWith('\0') ? id.slice(1) : id
  if (!bare.startsWith(VIRTUAL_MODULE_ID + ':')) return undefined
  const [kind, ...rest] = bare.slice(VIRTUAL_MODULE_ID.length + 1).split(':')
  if (kind === 'sources' || kind === 'search') return { kind }
  if (kind !== 'begin' && kind !== 'end' && kind !== 'file') return undefined
  const last = rest[rest.length - 1]
  if (last === undefined || last === '') return undefined
  return kind === 'file' ? { kind, absPath: decode(last) } : { kind, file: decode(last) }
}
