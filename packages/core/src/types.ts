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

/**
 * Declares the per-run context (`ctx.run`) by module augmentation:
 * `declare module '@toolreg/core' { interface Register { context: MyContext } }`.
 * Once declared, `ctx.run` is `MyContext` in every handler and `dispatch` requires it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the app's module augmentation
export interface Register {}

/** The declared per-run context (`Register['context']`), else `unknown`. */
export type RunContext = Register extends { context: infer C } ? C : unknown

/** What `ctx.approve` is asked: the tool and its validated arguments. */
export interface ApprovalRequest {
  name: string
  args: Record<string, unknown>
  toolCallId?: string
}

/** The fields `dispatch` and the adapters know; any other key passes through too. */
export interface ToolCallContextBase {
  signal?: AbortSignal
  env?: Record<string, string | undefined>
  /** The framework's id of this call (AI SDK, MCP…), given to hooks and `approve`. */
  toolCallId?: string
  /** Asked before a tool whose `needsApproval` says so runs; only `true` lets it run. */
  approve?: (request: ApprovalRequest) => boolean | Promise<boolean>
  /** Receives every value but the last of a streaming (async generator) handler. */
  onProgress?: (value: unknown) => void
  [k: string]: unknown
}

/** Passed through `dispatch` to the handler; `run` is required once a context is declared (see `Register`). */
export type ToolCallContext = ToolCallContextBase &
  (Register extends { context: infer C } ? { run: C } : { run?: unknown })

/** `dispatch`'s context parameter: optional until a context is declared. */
export type DispatchContextArg = Register extends { context: unknown }
  ? [ctx: ToolCallContext]
  : [ctx?: ToolCallContext]

export type ToolHandler<Args = Record<string, unknown>> = (args: Args, ctx: ToolCallContext) => unknown

/** MCP's `ToolAnnotations`: hints for clients, never enforced. */
export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/** Retries of a handler that throws (never of validation, approval, abort or timeout). */
export interface ToolRetry {
  /** Attempts in all, the first included (2: one retry). */
  attempts: number
  /** Wait before each retry. Default 0. */
  backoffMs?: number
  /** Retry only the errors this accepts. Default: every thrown error. */
  retryOn?: (error: unknown) => boolean
}

/** `registry.configure({ hooks })`: observers of every call; a throwing hook is logged, never breaks a call. */
export interface ToolHooks {
  onToolStart?: (call: ToolCall) => void
  onToolEnd?: (call: ToolCall, outcome: ToolOutcome) => void
}
export interface ToolCall {
  name: string
  toolset: string
  toolCallId?: string
  /** The arguments as parsed (before validation). */
  args: unknown
}
export interface ToolOutcome {
  result: ToolResult
  isError: boolean
  durationMs: number
  /** Handler calls made (0 when validation, approval or an abort stopped the call first). */
  attempts: number
}

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
  /** Ask `ctx.approve` before the handler runs (a function gets the validated args). */
  needsApproval?: boolean | ((args: InferArgs<P>, ctx: ToolCallContext) => boolean | Promise<boolean>)
  annotations?: ToolAnnotations
  /** Aborts the handler's `ctx.signal` after this many milliseconds. */
  timeoutMs?: number
  retry?: ToolRetry
  /** Calls beyond this many wait, first come first served. */
  maxConcurrency?: number
  /** JSON Schema or Standard Schema of a plain-object result (validated, returned as JSON text). */
  outputSchema?: ToolParameters
  /** Example arguments, checked against the parameters at `register`. */
  inputExamples?: readonly object[]
  /**
   * The name this tool had before a rename. Not used at run time: `toolreg diff` reports
   * the tool as renamed from this name (not as one tool removed and one added) when BASE
   * has a tool of this name and HEAD does not (see the plugin README, "`toolreg diff`").
   */
  renamedFrom?: string
  /**
   * Sent to the model only once a search finds it (see the README, "Deferred loading and tool
   * search"): a tool surface (`createToolSurface`) defers it whatever its `defer` rule says.
   */
  defer?: boolean
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
  // biome-ignore lint/suspicious/noExplicitAny: the validated args of any tool
  readonly needsApproval?: boolean | ((args: any, ctx: ToolCallContext) => boolean | Promise<boolean>)
  readonly annotations?: Readonly<ToolAnnotations>
  readonly timeoutMs?: number
  readonly retry?: Readonly<ToolRetry>
  readonly maxConcurrency?: number
  /** The output schema as JSON Schema (a Standard Schema converted, frozen). */
  readonly outputSchema?: Readonly<Record<string, unknown>>
  /** The Standard Schema given as `outputSchema`, which validates results. */
  readonly standardOutputSchema?: StandardSchemaV1
  readonly inputExamples?: readonly object[]
  /** Registered with `defer: true`. */
  readonly defer?: boolean
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

/** What `dispatch` and the tool layer read of the registry's options. */
export interface ToolLayerSettings {
  logger: Logger
  now: () => number
  onResultOverflow?: OverflowHandler
  validator?: JsonSchemaValidator
  hooks?: ToolHooks
}

export interface RegistryOptions {
  /** Default: `console`. */
  logger?: Logger
  /** Milliseconds; drives the availability cache. Default: `performance.now`. */
  now?: () => number
  /** Probe timeout with real timers; `Infinity` disables it. Default 5000. */
  checkTimeoutMs?: number
  /** Receives string results longer than the tool's limit. Default: truncate with a note. */
  onResultOverflow?: OverflowHandler
  /** Validates JSON Schema tools' arguments (and outputs, and `inputExamples`). Default: none (only Standard Schemas are checked). */
  validator?: JsonSchemaValidator
  /** Observers of every call. */
  hooks?: ToolHooks
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
