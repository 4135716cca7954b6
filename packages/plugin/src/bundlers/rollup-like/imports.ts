// How a Vite, Rollup or Rolldown build imports each tool file, and the state that takes:
// the `treeshake` option, the `package.json` `sideEffects` fields, the escaped ids of odd
// names. webpack, Rspack and esbuild never reach this file (they import by path).
import { readFile } from 'node:fs/promises'
import { companionId, type CompanionId } from '../../codegen/companion-ids.js'
import { ODD_NAME } from '../../scan/file-names.js'
import { toPosix } from '../../scan/walk.js'
import type { FileScan } from '../../types.js'
import type { ToolRegistryContext, VirtualResolution } from '../context.js'
import { createSideEffectsFieldLookup, treeshakeKeepsSideEffects } from './side-effects.js'

const escapeOdd = (abs: string): string =>
  abs.replace(/[%?#\\]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))
/** Ids that may be escaped tool files: the load hook's filter. */
export const ESCAPED_ID_FILTER = /%(?:25|3F|23|5C)/

export function createRollupImports(ctx: Pick<ToolRegistryContext, 'toolModuleOf'>) {
  const escapedIds = new Map<string, string>()
  // Whether the `treeshake` option keeps every side-effect import (setTreeshake, from the
  // `options` hook). Until told, assume it may not.
  let treeshakeKeeps = false
  let sideEffectsField: ((file: string) => boolean) | undefined

  /** The bundler's `treeshake` input option (the `options` hook). */
  function setTreeshake(treeshake: unknown) {
    treeshakeKeeps = treeshakeKeepsSideEffects(treeshake)
    // A new build may follow edits of package.json files.
    sideEffectsField = undefined
  }

  /**
   * A build's import of a tool file: its plain path when no `treeshake` option nor any
   * `package.json` `sideEffects` field can mark it side-effect free and its name holds no
   * `?`, `#` or `\` (the bundler then never calls into JS for it), else a `file` companion
   * (./side-effects.ts). Symlinks by their target, as the bundler resolves them.
   */
  function importPath(): (f: FileScan) => string {
    sideEffectsField ??= createSideEffectsFieldLookup()
    const field = sideEffectsField
    return f => {
      const abs = f.realPath ?? f.absPath
      return treeshakeKeeps && !ODD_NAME.test(abs) && !field(abs)
        ? toPosix(abs)
        : companionId({ kind: 'file', absPath: f.absPath })
    }
  }

  /**
   * A `file` companion resolves to the tool file's own id (escaped when its name holds `?`,
   * `#` or `\`: see loadEscapedToolFile), marked as having side effects.
   */
  function resolveFile(companion: Extract<CompanionId, { kind: 'file' }>): VirtualResolution {
    const file = ctx.toolModuleOf(companion.absPath)
    // Bundlers resolve symlinks to their target: the same id as any other import of the file.
    const abs = file?.realPath ?? file?.absPath ?? companion.absPath
    if (!ODD_NAME.test(abs)) return { id: abs, moduleSideEffects: true }
    const escaped = escapeOdd(abs)
    escapedIds.set(escaped, abs)
    return { id: escaped, moduleSideEffects: true }
  }

  /** The code of a tool file whose id resolveFile escaped; undefined for any other id. */
  async function loadEscapedToolFile(id: string): Promise<string | undefined> {
    const abs = escapedIds.get(id)
    return abs === undefined ? undefined : readFile(abs, 'utf8')
  }

  return { setTreeshake, importPath, resolveFile, loadEscapedToolFile }
}
