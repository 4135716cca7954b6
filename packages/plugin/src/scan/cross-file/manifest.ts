// The ToolManifest: what a build registers, as data (README: "The virtual module").
import type { FileScan, ToolManifest } from '../../types.js'

export function buildManifest(toolModules: readonly FileScan[]): ToolManifest {
  return {
    version: 1,
    tools: toolModules.flatMap(m =>
      m.sites.map((s, i) => ({
        name: s.name,
        toolset: s.toolset,
        file: s.file,
        line: s.line,
        column: s.column,
        ...m.policies?.[i],
      })),
    ),
    files: toolModules.map(m => m.file),
  }
}

/** Sorted unique static names, in UTF-16 code-unit order like the registry. */
export function staticToolNames(toolModules: readonly FileScan[]): string[] {
  const names = new Set<string>()
  for (const m of toolModules) for (const s of m.sites) if (s.name !== null) names.add(s.name)
  // The default sort compares strings by UTF-16 code units, natively (no comparator call per pair).
  return [...names].sort()
}
