// Which removed tool became which added one, for `toolreg diff` (see the plugin README,
// "`toolreg diff`"). A rename needs evidence: HEAD's spec says `renamedFrom: 'old'`, or the
// two tools are registered in the same file and have the same parameters or the same
// description, each the only such match of the other. Anything else is a removal and an
// addition. Linear: tools are indexed by file and schema, and by file and description.
import type { ToolManifest } from '../../types.js'

export type Tool = ToolManifest['tools'][number] & { name: string }
export interface Rename {
  from: Tool
  to: Tool
}

type Index = Map<string, Tool[]>
const schemaKey = (t: Tool) =>
  t.definition?.parameters === undefined ? undefined : JSON.stringify([t.file, 's', t.definition.parameters])
const descriptionKey = (t: Tool) =>
  t.definition?.description ? JSON.stringify([t.file, 'd', t.definition.description]) : undefined

function indexOf(tools: readonly Tool[]): Index {
  const index: Index = new Map()
  for (const t of tools)
    for (const key of [schemaKey(t), descriptionKey(t)]) {
      if (key === undefined) continue
      const list = index.get(key)
      if (list) list.push(t)
      else index.set(key, [t])
    }
  return index
}

/** The one tool of `index` with t's file and t's schema or description; undefined when none or several. */
function onlyMatch(t: Tool, index: Index): Tool | undefined {
  const bySchema = index.get(schemaKey(t) ?? '') ?? []
  const byDescription = index.get(descriptionKey(t) ?? '') ?? []
  if (bySchema.length > 1 || byDescription.length > 1) return undefined
  const [a] = bySchema
  const [b] = byDescription
  return a && b && a !== b ? undefined : (a ?? b)
}

/**
 * The renames between the tools only BASE has (`gone`) and those only HEAD has (`fresh`);
 * the tools left over are returned as removed and added.
 */
export function findRenames(
  gone: readonly Tool[],
  fresh: readonly Tool[],
): { renamed: Rename[]; removed: Tool[]; added: Tool[] } {
  const renamed: Rename[] = []
  const taken = new Set<Tool>()
  // Stated: `renamedFrom` naming a tool only BASE has, claimed by one tool only.
  const goneByName = new Map(gone.map(t => [t.name, t]))
  const claims = new Map<string, Tool[]>()
  for (const t of fresh) {
    const from = t.definition?.renamedFrom
    if (from === undefined || !goneByName.has(from)) continue
    const list = claims.get(from)
    if (list) list.push(t)
    else claims.set(from, [t])
  }
  for (const [from, tools] of claims) {
    if (tools.length !== 1) continue
    const a = goneByName.get(from)!
    renamed.push({ from: a, to: tools[0]! })
    taken.add(a).add(tools[0]!)
  }
  // Evidence: same file and same schema or description, each the other's only match.
  const restGone = gone.filter(t => !taken.has(t))
  const restFresh = fresh.filter(t => !taken.has(t))
  const goneIndex = indexOf(restGone)
  const freshIndex = indexOf(restFresh)
  for (const a of restGone) {
    const b = onlyMatch(a, freshIndex)
    if (b === undefined || onlyMatch(b, goneIndex) !== a) continue
    renamed.push({ from: a, to: b })
    taken.add(a).add(b)
  }
  return {
    renamed,
    removed: gone.filter(t => !taken.has(t)),
    added: fresh.filter(t => !taken.has(t)),
  }
}
