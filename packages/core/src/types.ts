import type { InferArgs, StandardJSONSchemaV1, StandardResult, StandardSchemaV1 } from './standard.js'

export type { InferArgs, StandardIssue, StandardJSONSchemaV1, StandardResult, StandardSchemaV1 } from './standard.js'

/** What `parameters` may be: a JSON object schema, or a Standard Schema that converts itself to JSON Schema (zod, arktype, wrapped valibot). */
export type ToolParameters = Record<string, unknown> | StandardJSONSchemaV1

/** A provider-neutral function schema: what the model sees. */
export interface ToolSchema<P extends ToolParameters = Record<string, unknown>> {
  name?: string
  description?: string
  parameters?: P
  [k: string]: unknown
}

/** A non-text result (images, audio blocks…) returned by a handler as is. */
export interface MultimodalResult {
  _multimodal: true
  content: unknown[]
  [k: string]: unknown
}

export type ToolResult = string | MultimodalResult

/** Passed through `dispatch` to the handler untouched. */
export interface ToolCallContext {
  signal?: AbortSignal
  env?: Record<string, string | undefined>
  [k: string]: unknown
}

export type ToolHandler<Args = Record<string, unknown>> = (args: Args, ctx: ToolCallContext) => unknown

/** Availability probe: a falsy value, a throw, a rejection or a timeout means "unavailable". May return a Promise. */
export type CheckFn = () => unknown

/** With a Standard Schema as `schema.parameters`, the handler's `args` is its output type (validated before the call). */
export interface ToolSpec<P extends ToolParameters = Record<string, unknown>> {
  name: string
  toolset: string
  schema: ToolSchema<P>
  handler: ToolHandler<InferArgs<P>>
  checkFn?: CheckFn
  /** Environment variables the tool needs; filters definitions only when `getDefinitions` gets an `env`. */
  requiresEnv?: readonly string[]
  /** Informational: dispatch always awaits. */
  isAsync?: boolean
  /** Default: `schema.description ?? ''`. */
  description?: string
  /** Default: `''`. */
  emoji?: string
  /** Longer string results are truncated (or handed to `onResultOverflow`). Infinity allowed. Default 100 000. */
  maxResultSizeChars?: number
  /** Runs on every `getDefinitions`; its top-level keys replace the schema's. */
  dynamicSchemaOverrides?: () => Record<string, unknown> | null | undefined
  /** Replace a tool of another toolset (row 5 of the register table). */
  override?: boolean
}

/** The stored, frozen record of a registered tool. */
export interface ToolEntry {
  readonly name: string
  readonly toolset: string
  /** A deep-frozen copy of the registered schema. */
  readonly schema: Readonly<ToolSchema>
  readonly handler: ToolHandler
  readonly checkFn?: CheckFn
  readonly requiresEnv: readonly string[]
  readonly isAsync: boolean
  readonly description: string
  readonly emoji: string
  readonly maxResultSizeChars?: number
  readonly dynamicSchemaOverrides?: () => Record<string, unknown> | null | undefined
  /** The plugin id, for plugin-scoped registrations. */
  readonly owner?: string
  /** `"tools/x.ts:12:1"`, when the build plugin supplied it. */
  readonly source?: string
  /** The Standard Schema the tool was registered with (its JSON Schema form is `schema.parameters`). */
  readonly standardSchema?: StandardSchemaV1
}

export interface RegisterMeta {
  source?: string
}

/** Console-compatible. */
export interface Logger {
  debug(...args: unknown[]): void
  info(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/**
 * Checks arguments against a tool's JSON Schema `parameters` (tools registered with a Standard
 * Schema use their own). `@toolreg/core/validate` exports a ready one.
 */
export type JsonSchemaValidator = (
  schema: Readonly<Record<string, unknown>>,
  args: Record<string, unknown>,
) => StandardResult | Promise<StandardResult>

export type OverflowHandler = (result: string, info: { name: string; limit: number }) => string | Promise<string>

export interface RegistryOptions {
  /** Default: `console`. */
  logger?: Logger
  /** Milliseconds; drives the availability cache. Default: `performance.now`. */
  now?: () => number
  /** Probe timeout with real timers; `Infinity` disables it. Default 5000. */
  checkTimeoutMs?: number
  /** Receives string results longer than the tool's limit. Default: truncate with a note. */
  onResultOverflow?: OverflowHandler
  /** Validates JSON Schema tools' arguments in `dispatch`. Default: none (only Standard Schema tools are checked). */
  validator?: JsonSchemaValidator
}

export interface RegistryEvent {
  type: 'register' | 'deregister' | 'alias'
  /** The tool name, or the alias for `alias` events. */
  name: string
  toolset: string
  generation: number
}

export type RegistryListener = (event: RegistryEvent) => void

/** OpenAI function-calling shape. */
export interface ToolDefinition {
  type: 'function'
  function: ToolSchema & { name: string }
}

export interface DefinitionOptions {
  /** When given, tools whose `requiresEnv` names a missing or empty variable are left out. */
  env?: Record<string, unknown>
}

export interface ToolDefinitionOptions extends DefinitionOptions {
  /** Toolsets or aliases (`all`/`*` for every tool). Absent: every tool; `[]`: none. */
  enabledToolsets?: readonly string[]
  disabledToolsets?: readonly string[]
}

export interface ToolsetStatus {
  available: boolean
  tools: string[]
  requirements: string[]
}

export interface ToolAvailabilityReport {
  available: string[]
  unavailable: { name: string; envVars: string[]; tools: string[] }[]
}

/** A plugin's view of the registry: its registrations carry `owner: pluginId`. */
export interface PluginScope {
  register<P extends ToolParameters = Record<string, unknown>>(
    spec: ToolSpec<P>,
    meta?: RegisterMeta,
  ): ToolEntry | undefined
  deregister(name: string): boolean
}
