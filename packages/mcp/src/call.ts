import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ToolCallContext, ToolHandler } from '@toolreg/core'
import { toToolResult } from './from-server/result.js'

/**
 * A registry handler that forwards to `tools/call` with the caller's abort signal and the
 * per-request timeout; the server's `notifications/progress` go to `ctx.onProgress` (each one
 * also restarts the timeout, up to `maxTotalTimeoutMs` for the whole call), and a tool with an
 * `outputSchema` keeps its `structuredContent`.
 */
export function createCallHandler(
  client: Client,
  server: string,
  tool: string,
  timeouts: { timeoutMs: number; maxTotalTimeoutMs: number },
  structured = false,
): ToolHandler {
  return async (args: Record<string, unknown>, ctx: ToolCallContext) => {
    const onProgress = ctx.onProgress
    const result = await client.callTool({ name: tool, arguments: args }, undefined, {
      signal: ctx.signal,
      timeout: timeouts.timeoutMs,
      ...(onProgress && {
        onprogress: progress => onProgress(progress),
        resetTimeoutOnProgress: true,
        maxTotalTimeout: timeouts.maxTotalTimeoutMs,
      }),
    })
    return toToolResult(result, server, tool, structured)
  }
}
