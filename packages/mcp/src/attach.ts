import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { markUntrustedSchema, type ToolHandler } from '@toolreg/core'
import { hookClose, hookToolsListChanged } from './hooks.js'
import { listAllTools } from './listing.js'
import { isMcpToolset, mcpToolsetName } from './names.js'
import { resolveOptions, unmatchedFilterNames } from './options.js'
import { planTools, type PlannedTool } from './plan.js'
import { toToolExtras, toToolSchema } from './from-server/schema.js'
import { serialize } from './serial.js'
import type { AttachMcpServerOptions, McpAttachment, McpRegistryTarget } from './types.js'

/**
 * Registers the tools of a connected MCP client as toolset `mcp-<server>` and keeps them in step
 * with the server (README: "Staying in step with the server"). Rejects, leaving nothing behind, when the first listing fails.
 */
export async function attachMcpServer(
  registry: McpRegistryTarget,
  client: Client,
  options: AttachMcpServerOptions,
): Promise<McpAttachment> {
  const resolved = resolveOptions(options)
  const { server } = resolved
  const toolset = mcpToolsetName(server)
  const logger = registry.logger
  const prefix = `@toolreg/mcp: server "${server}":`
  // Registry name → the handler this attachment registered; the handler identifies our entry.
  const owned = new Map<string, ToolHandler>()
  let detached = false

  // One function for every tool: the registry caches verdicts per function, so one probe serves all.
  const connectionAlive = (): boolean => client.transport !== undefined
  const holds = (name: string): boolean => {
    const handler = owned.get(name)
    return handler !== undefined && registry.getEntry(name)?.handler === handler
  }
  const heldNames = (): string[] => [...owned.keys()].filter(holds).sort()

  const claim = (name: string, tool: PlannedTool): boolean => {
    const existing = registry.getEntry(name)
    if (existing && !isMcpToolset(existing.toolset)) {
      logger.warn(
        `${prefix} ${name} is held by toolset "${existing.toolset}"; the MCP tool is skipped and the existing tool stays`,
      )
      return false
    }
    const schema = toToolSchema(name, server, tool.info)
    let entry
    try {
      entry = registry.register({
        name,
        toolset,
        schema,
        ...toToolExtras(tool.info),
        handler: tool.handler,
        checkFn: connectionAlive,
        isAsync: true,
      })
    } catch (err) {
      // The registry refuses what it cannot serve (a schema it cannot take): this tool only, not the server.
      logger.warn(`${prefix} ${name} skipped:`, err instanceof Error ? err.message : err)
      return false
    }
    if (entry) {
      // The server's patterns are its to check: never run on the model's text here (core README, "Patterns from untrusted schemas").
      markUntrustedSchema(entry.schema.parameters)
      markUntrustedSchema(entry.outputSchema)
      owned.set(name, tool.handler)
    }
    return entry !== undefined
  }

  const release = (name: string): void => {
    if (holds(name)) registry.deregister(name)
    owned.delete(name)
  }

  let attached = false
  const sync = async (): Promise<void> => {
    if (detached) return
    const listed = await listAllTools(client, resolved.timeoutMs, logger, prefix)
    if (detached) return
    const planned = planTools(client, listed, resolved, logger)
    if (!attached) {
      const unmatched = unmatchedFilterNames(resolved, listed)
      if (unmatched.length > 0) {
        const available = listed.map(tool => tool.name).sort()
        logger.warn(
          `${prefix} ${resolved.filterNames!.key} names no tool of the server: ${unmatched.join(', ')} (it has: ${available.join(', ') || 'none'})`,
        )
      }
    }
    for (const name of [...owned.keys()]) if (!holds(name)) owned.delete(name) // taken over by another attachment or tool
    const before = new Set(owned.keys())
    const added: string[] = []
    // New tools first, so the toolset (and its alias) never empties during a refresh.
    for (const [name, tool] of planned) if (!before.has(name) && claim(name, tool)) added.push(name)
    for (const [name, tool] of planned) if (before.has(name) && !claim(name, tool)) owned.delete(name)
    const removed = [...before].filter(name => !planned.has(name))
    for (const name of removed) release(name)
    if (owned.size > 0 && registry.getToolsetAliasTarget(server) !== toolset)
      registry.registerToolsetAlias(server, toolset)
    report(!attached, added.sort(), removed.sort())
    attached = true
  }

  const report = (initial: boolean, added: string[], removed: string[]): void => {
    // `info`/`debug` only when asked for: the default logger is `console`.
    if (initial) {
      if (resolved.verbose) logger.info(`${prefix} attached ${owned.size} tool(s) as toolset "${toolset}"`)
    } else if (added.length > 0 || removed.length > 0) {
      logger.warn(
        `${prefix} tools changed; added: ${added.join(', ') || '(none)'}; removed: ${removed.join(', ') || '(none)'}`,
      )
    } else if (resolved.verbose) logger.debug(`${prefix} tools refreshed, no change`)
  }

  const runSerial = serialize(sync)
  let latest: Promise<void> = Promise.resolve()
  const refresh = (): Promise<void> => {
    const run = runSerial()
    latest = run.catch(() => undefined) // detach waits for it; its callers see the failure
    return run
  }

  const onListChanged = (): void => {
    refresh().catch((error: unknown) => logger.error(`${prefix} refresh after tools/list_changed failed`, error))
  }
  const onClose = (): void => {
    registry.invalidateCheckCache() // first: without it the failed checks would count as flakes for 60 s
    logger.warn(`${prefix} connection closed; its tools leave the definitions`)
  }

  const listChanged = hookToolsListChanged(client, onListChanged)
  if (!listChanged.chained)
    logger.warn(`${prefix} the client has no transport: tools/list_changed will not be followed`)
  const unhookClose = hookClose(client, onClose)

  const teardown = (): void => {
    if (detached) return
    detached = true
    listChanged.unhook()
    unhookClose()
    for (const name of [...owned.keys()]) release(name)
  }

  try {
    await refresh()
  } catch (error) {
    teardown()
    throw error
  }

  return {
    get toolNames() {
      return heldNames()
    },
    refresh,
    async detach() {
      if (!detached && resolved.verbose) logger.info(`${prefix} detached`)
      teardown()
      await latest
    },
  }
}
