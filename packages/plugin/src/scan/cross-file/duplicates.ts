// TR001: the same static name registered at two or more sites (README: "Diagnostics").
import type { Diagnostic, DiagnosticSite, FileScan, RegisterSite } from '../../types.js'

export type FrameOf = (site: RegisterSite) => string | undefined

/** Sites sharing a static name, each group in path order then position; only groups of 2+. */
export function duplicateGroups(toolModules: readonly FileScan[]): RegisterSite[][] {
  // The first site of each name; a group only for a name met again (no array per name).
  const first = new Map<string, RegisterSite>()
  const byName = new Map<string, RegisterSite[]>()
  for (const scan of toolModules) {
    for (const site of scan.sites) {
      if (site.name === null) continue
      const seen = first.get(site.name)
      if (seen === undefined) first.set(site.name, site)
      else {
        const group = byName.get(site.name)
        if (group) group.push(site)
        else byName.set(site.name, [seen, site])
      }
    }
  }
  // In the order each name was first met.
  const groups: RegisterSite[][] = []
  for (const name of first.keys()) {
    const group = byName.get(name)
    if (group) groups.push(group.sort(compareSites))
  }
  return groups
}

function compareSites(a: RegisterSite, b: RegisterSite): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start
}

const at = (s: { file: string; line: number; column: number }): string => `${s.file}:${s.line}:${s.column}`

/** One error per duplicated name, at its last site, every other site in `related`. */
export function duplicateDiagnostics(
  groups: readonly RegisterSite[][],
  frameOf: FrameOf = () => undefined,
): Diagnostic[] {
  return groups.map(group => {
    const last = group[group.length - 1]!
    const others = group.slice(0, -1)
    const related: DiagnosticSite[] = others.map(s =>
      withFrame({ file: s.file, line: s.line, column: s.column }, frameOf(s)),
    )
    const toolsets = [...new Set(group.map(s => s.toolset ?? '(dynamic)'))].join(', ')
    return withFrame(
      {
        code: 'TR001' as const,
        severity: 'error' as const,
        message: `Duplicate tool name ${JSON.stringify(last.name)}: also registered at ${others.map(at).join(', ')} (toolsets: ${toolsets})`,
        file: last.file,
        line: last.line,
        column: last.column,
        related,
      },
      frameOf(last),
    )
  })
}

function withFrame<T extends object>(value: T, frame: string | undefined): T & { frame?: string } {
  return frame === undefined ? value : { ...value, frame }
}
