// Dev servers that evaluate the registry module again after a change but keep the registry and
// the unchanged tool modules (`next dev` with Turbopack or webpack): without this, a deleted or
// renamed tool file's tools would stay registered. Appended to the virtual module (webpack and
// Rspack in watch mode) and to the generated file (`/next` in dev).
import { sourcesTable } from './virtual-module.js'
import type { ScanResult } from '../types.js'

/**
 * Code that removes what an earlier version of this module registered and this one does not:
 * each statically named tool the previous sources table listed and this one does not (its file
 * was deleted or renamed, or its name changed), unless another file has taken the name since
 * (its `source` then differs). Runs after the tool modules, through the registry's public API;
 * the previous table is kept on `globalThis` under `key` (one per registry module). Dynamic
 * names have no source and stay.
 */
export function pruneCode(scan: ScanResult, key: string): string {
  const symbol = `Symbol.for(${JSON.stringify(`@toolreg/plugin ${key}`)})`
  return [
    '',
    `const __sources = ${JSON.stringify(sourcesTable(scan))}`,
    `const __previous = globalThis[${symbol}]`,
    `globalThis[${symbol}] = __sources`,
    'if (__previous) {',
    '  for (const name of Object.keys(__previous)) {',
    '    if (Object.hasOwn(__sources, name)) continue',
    '    if (registry.getEntry(name)?.source === __previous[name]) registry.deregister(name)',
    '  }',
    '}',
    '',
  ].join('\n')
}
