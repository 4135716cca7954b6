// The `deferred` export of virtual:tool-registry: the plugin's `defer` rule applied to the
// scanned tools at build time (see the plugin README, "Deferred tools").
import { deferredNames } from '@toolreg/core/formats'
import type { ScanResult } from '../types.js'

/** The statically named tools the `defer` option defers, by name. */
export function deferredToolNames(scan: Pick<ScanResult, 'manifest' | 'options'>): string[] {
  const rule = scan.options.defer
  if (!rule) return []
  const toolset = new Map<string, string | null>()
  for (const t of scan.manifest.tools) if (t.name !== null) toolset.set(t.name, t.toolset)
  const names = [...toolset.keys()].sort()
  // The scan as the registry surface the rule reads: names, toolsets, no `defer` entries.
  const scanned = {
    getAllToolNames: () => names,
    has: (n: string) => toolset.has(n),
    resolveToolset: (t: string) => (t === 'all' || t === '*' ? names : names.filter(n => toolset.get(n) === t)),
    getEntry: () => undefined,
  }
  return [...deferredNames(scanned, rule)].sort()
}
