import type { Logger, RegisterMeta, ToolEntry, ToolSpec } from '@toolreg/core'

/** The registry methods the bridge uses; a `ToolRegistry` from `@toolreg/core` has them all. */
export interface McpRegistryTarget {
  register(spec: ToolSpec, meta?: RegisterMeta): ToolEntry | undefined
  deregister(name: string): boolean
  getEntry(name: string): ToolEntry | undefined
  registerToolsetAlias(alias: string, toolset: string): void
  getToolsetAliasTarget(alias: string): string | undefined
  invalidateCheckCache(): void
  readonly logger: Logger
}

export interface AttachMcpServerOptions {
  /** Server name: tools become `mcp__<server>__<tool>` in toolset `mcp-<server>`, aliased as `<server>`. */
  server: string
  /** Raw MCP tool names to register (a whitelist); when given, `exclude` is ignored. Utility tools are not filtered. */
  include?: readonly string[]
  /** Raw MCP tool names to leave out. Utility tools are not filtered. */
  exclude?: readonly string[]
  /** Register `list_resources`/`read_resource` and `list_prompts`/`get_prompt` for the server's capabilities. Default `true`. */
  utilities?: boolean
  /** Log the attach/detach/refresh notices (`info`/`debug`) through `registry.logger`. Default `false`: only warnings and errors. */
  verbose?: boolean
  /** Per-request timeout in ms for tool calls and listings. Default 60 000; `Infinity` means the longest timer (~24.8 days). */
  timeoutMs?: number
  /**
   * Bound in ms on one tool call's whole run: each `notifications/progress` restarts `timeoutMs`,
   * so a server that keeps reporting progress would otherwise hold the call open forever (the SDK's
   * `maxTotalTimeout`). Default 600 000 (10 minutes), or `timeoutMs` when that is longer; `Infinity`
   * means the longest timer.
   */
  maxTotalTimeoutMs?: number
}

/** A live attachment of one MCP client to a registry. */
export interface McpAttachment {
  /** Registry names this attachment currently holds, sorted (utility tools included, skipped names excluded). */
  readonly toolNames: string[]
  /** Lists the server's tools again and applies the difference; concurrent calls share a queued run. */
  refresh(): Promise<void>
  /** Deregisters this attachment's tools and restores the client's handlers; the client stays open. */
  detach(): Promise<void>
}
