// What each tool's spec states statically (./static-definition.ts), per register site, for
// `toolreg manifest --definitions` and `toolreg diff` (see the plugin README, "CLI"), and for
// the scan's tool policies of a file that names needsApproval, annotations or timeoutMs.
// A site is found as the detector found it (./top-level.ts): a call inside a top-level block
// `{ … }` is read too, through the block's scope (a name the block re-declares is not static).
import { staticScope } from './detect.js'
import { parseModule } from './parse.js'
import { resolveObject } from './static-value.js'
import { definitionOf } from './static-definition.js'
import { findTopLevelCalls, type TopLevelCall } from './top-level.js'
import type { RegisterSite, StaticDefinition } from '../../types.js'

/** The static definition of each site (in order), or undefined for a site without a static spec. */
export function readDefinitions(
  code: string,
  file: string,
  sites: readonly RegisterSite[],
  registryModules: readonly string[],
): (StaticDefinition | undefined)[] {
  const parsed = parseModule(code, file)
  if (!parsed.ok) return sites.map(() => undefined)
  const program = parsed.ast.program
  const { scope, mutated, bindings } = staticScope(program, registryModules)
  // The detector's calls by offsets, each with the scope it sees.
  const calls = new Map<string, TopLevelCall>()
  for (const c of findTopLevelCalls(program, scope, bindings)) calls.set(`${c.call.start}:${c.call.end}`, c)
  return sites.map(site => {
    const found = calls.get(`${site.start}:${site.end}`)
    const arg = found?.call.arguments[0]
    const spec =
      found &&
      arg &&
      arg.type !== 'SpreadElement' &&
      arg.type !== 'ArgumentPlaceholder' &&
      resolveObject(arg, found.scope)
    return spec ? definitionOf(spec, found.scope, mutated) : undefined
  })
}
