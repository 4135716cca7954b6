import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ToolCallContext, ToolHandler } from '@toolreg/core'
import { toToolResult } from './result.js'

/** A registry handler that forwards to `tools/call` with the caller's abort signal and the per-request timeout. */
export function createCallHandler(client: Client, server: string, tool: string, timeoutMs: number): ToolHandler {
  return async (args: Record<string, unknown>, ctx: ToolCallContext) => {
    const result = await client.callTool({ name: tool, arguments: args }, undefined, {
      signal: ctx.signal,
      timeout: timeoutMs,
    })
    return toToolResult(result, server, tool)
  }
}
