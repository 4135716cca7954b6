// What a scan derives from all tool modules at once (the static names, the manifest, the
// TR001 groups) depends on their register sites alone. A dev save usually edits a
// description: no site moves, and the previous scan's values serve again (at 1000 tools,
// recomputing them was most of a save's scan). Their identity then also tells the dev
// session that nothing changed.
import type { FileScan, RegisterSite } from '../../types.js'

const sameSite = (a: RegisterSite, b: RegisterSite): boolean =>
  a.name === b.name &&
  a.toolset === b.toolset &&
  a.file === b.file &&
  a.line === b.line &&
  a.column === b.column &&
  a.start === b.start

/** The same files, in the same order, with sites the same in every field the derived values (and TR001) read. */
export function sameSites(a: readonly FileScan[], b: readonly FileScan[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x === y || x.sites === y.sites) continue
    if (x.file !== y.file || x.sites.length !== y.sites.length || x.sites.some((s, j) => !sameSite(s, y.sites[j]!)))
      return false
  }
  return true
}
