// What each tool's spec states statically (./static-definition.ts), per register site, for
// `toolreg manifest --definitions` and `toolreg diff` (see the plugin README, "CLI"), and for
// the scan's tool policies of a file that names needsApproval, annotations or timeoutMs.
import { staticScope } from './detect.js'
import { callAt } from './lazy-plan.js'
import { parseModule } from './parse.js'
import { resolveObject } from './static-value.js'
import { definitionOf } from './static-definition.js'
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
  const { scope, mutated } = staticScope(program, registryModules)
  return sites.map(site => {
    const arg = callAt(program, site)?.arguments[0]
    const spec = arg && arg.type !== 'SpreadElement' && arg.type !== 'ArgumentPlaceholder' && resolveObject(arg, scope)
    return spec ? definitionOf(spec, scope, mutated) : undefined
  })
}
