import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Logger, ToolHandler } from '@toolreg/core'
import { createCallHandler } from './call.js'
import { mcpToolName } from './names.js'
import type { ResolvedOptions } from './options.js'
import { toToolExtras, type McpToolInfo } from './from-server/schema.js'
import { utilityTools } from './utilities.js'

/** One tool the attachment wants registered under a registry name. */
export interface PlannedTool {
  info: McpToolInfo
  handler: ToolHandler
}

/**
 * Registry name → tool for a listing: filtered server tools, then utility tools.
 * When two tools map to one name the first wins and the others are warned about.
 */
export function planTools(
  client: Client,
  listed: readonly McpToolInfo[],
  options: ResolvedOptions,
  logger: Logger,
): Map<string, PlannedTool> {
  const { server, timeoutMs } = options
  const planned = new Map<string, PlannedTool>()
  const add = (info: McpToolInfo, handler: ToolHandler): void => {
    const name = mcpToolName(server, info.name)
    const first = planned.get(name)
    if (first) {
      logger.warn(
        `@toolreg/mcp: server "${server}": tool "${info.name}" maps to ${name}, already taken by "${first.info.name}"; skipped`,
      )
      return
    }
    planned.set(name, { info, handler })
  }
  for (const tool of listed) {
    if (options.accepts(tool.name))
      add(tool, createCallHandler(client, server, tool.name, options, toToolExtras(tool).outputSchema !== undefined))
  }
  if (options.utilities) {
    for (const utility of utilityTools(client, server, timeoutMs)) add(utility.info, utility.handler)
  }
  return planned
}
