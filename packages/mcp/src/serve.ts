import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import {
  type AdapterContext,
  type ToolCallContext,
  type ToolDefinitionOptions,
  type ToolRegistry,
  toMcpCallToolResult,
  toMcpTools,
} from '@toolreg/core'

export interface ServeMcpOptions {
  /** Which tools to list (toolsets, availability…), as `getToolDefinitions` takes them. */
  definitions?: ToolDefinitionOptions
  /** Base context of every call (`approve`, `run`…); `signal`, `toolCallId` and `onProgress` come from the request. */
  ctx?: AdapterContext
}

/**
 * Serves `registry` as the tools of an MCP server (README, "Serving a registry"): `tools/list`
 * with each tool's annotations and output schema, `tools/call` through `registry.dispatch` with
 * the request's abort signal (a client's cancellation aborts `ctx.signal`), its id as
 * `ctx.toolCallId`, progress as `notifications/progress` when the request asks for it, and the
 * answer as a `CallToolResult` (`isError` for an error envelope, `structuredContent` only for
 * a result validated against the tool's `outputSchema`); a change of the registry's tools sends
 * `notifications/tools/list_changed` (once per task, however many tools changed). Takes an SDK
 * `Server` or an `McpServer` (its `.server`), before it connects; returns the function that stops
 * following the registry.
 */
export function serveMcp(
  target: Server | { server: Server },
  registry: ToolRegistry,
  options: ServeMcpOptions = {},
): () => void {
  const server = 'server' in target ? target.server : target
  if (server.transport !== undefined) throw new TypeError('serveMcp: call it before the server connects')
  server.registerCapabilities({ tools: { listChanged: true } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toMcpTools(await registry.getToolDefinitions(options.definitions), { registry }),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args, _meta } = request.params
    const token = _meta?.progressToken
    let progress = 0
    const ctx = {
      ...options.ctx,
      signal: extra.signal,
      toolCallId: String(extra.requestId),
      ...(token !== undefined && {
        onProgress: (value: unknown) =>
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken: token,
                progress: ++progress,
                message: typeof value == 'string' ? value : JSON.stringify(value),
              },
            })
            .catch(err => registry.logger.warn(`serveMcp: progress of ${name} not sent:`, err)),
      }),
    } as ToolCallContext
    const result = await registry.dispatch(name, args ?? {}, ctx)
    return toMcpCallToolResult(result, registry.getEntry(name)) as never
  })
  let pending = false
  return registry.subscribe(() => {
    if (pending || server.transport === undefined) return
    pending = true
    queueMicrotask(() => {
      pending = false
      if (server.transport !== undefined)
        server.sendToolListChanged().catch(err => registry.logger.warn('serveMcp: tools/list_changed not sent:', err))
    })
  })
}
