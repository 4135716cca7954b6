// What the demo server offers, and a registry wired to a recording logger.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ToolRegistry } from '@toolreg/core'
import { attachMcpServer, type AttachMcpServerOptions, type McpAttachment } from '@toolreg/mcp'
import { recordingLogger } from './helpers.js'

/** Raw tool names of the demo server (servers/demo.mjs) without extra flags. */
export const DEMO_TOOLS = [
  'add',
  'add_tool',
  'bare',
  'echo',
  'explode',
  'fail',
  'lines',
  'never',
  'never_stats',
  'notify_tools_changed',
  'picture',
  'release',
  'remove_tool',
  'slow',
  'structured',
  'swap_tool',
  'waiting',
]

/** Registry names the bridge should give the demo tools of `server`. */
export function demoNames(serverPart: string, tools: readonly string[] = DEMO_TOOLS): string[] {
  return tools.map(tool => `mcp__${serverPart}__${tool}`).sort()
}

export function newRegistry() {
  const log = recordingLogger()
  return { registry: new ToolRegistry({ logger: log.logger }), log }
}

/** Attaches `client` as server `demo` to a fresh registry; `before` runs on the registry first. */
export async function attach(
  client: Client,
  options: Partial<AttachMcpServerOptions> = {},
  before?: (registry: ToolRegistry) => void,
) {
  const { registry, log } = newRegistry()
  before?.(registry)
  const attachment: McpAttachment = await attachMcpServer(registry, client, { server: 'demo', ...options })
  return { registry, log, attachment }
}

/** The `error` text of a dispatch envelope (fails the test when the result is not one). */
export function envelopeError(result: unknown): string {
  if (typeof result !== 'string') throw new Error(`expected an envelope, got ${JSON.stringify(result)}`)
  const parsed = JSON.parse(result) as { error?: unknown }
  if (typeof parsed.error !== 'string') throw new Error(`expected an error envelope, got ${result}`)
  return parsed.error
}
