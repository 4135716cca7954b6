import { say } from '../describe.js'
import type { Logger, ToolEntry } from '../types.js'

export const isMcp = (toolset: string) => toolset.startsWith('mcp-')
const by = (owner?: string) => (owner ? ` (plugin '${owner}')` : '')

/**
 * Whether `entry` may take the name `old` holds (rows 2–5 of the table in the README's
 * "Conflicts"): undefined when it may (an override or an MCP move is logged), else why not.
 * A plugin never takes another owner's tool without `override`.
 */
export function conflict(old: ToolEntry, entry: ToolEntry, override: boolean, log: Logger): string | undefined {
  const { name, toolset, owner } = entry
  const moves = old.toolset !== toolset
  const shadows = (owner && old.owner !== owner) || (moves && !(isMcp(old.toolset) && isMcp(toolset)))
  const what = `'${name}' of toolset '${old.toolset}'${by(old.owner)} by '${toolset}'${by(owner)}${entry.source ? ' at ' + entry.source : ''}`
  if (shadows && !override) return 'REJECTED shadowing ' + what
  if (shadows) say(log, 'info', 'overriding ' + what)
  else if (moves) say(log, 'debug', 'replacing MCP ' + what)
  return undefined
}
