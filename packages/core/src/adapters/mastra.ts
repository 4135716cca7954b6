import { copy, type ObjectSchema } from './adapters.js'
import { callContext, frameworkApproval, frameworkParts, type FrameworkToolsOptions, unlessError } from './framework.js'
import { parseObject } from './results.js'
import { registry as shared } from '../registry/singleton.js'
import type { RunContext, ToolAnnotations, ToolDefinition } from '../types.js'

/**
 * A schema Mastra shows the model but does not check: a Standard JSON Schema whose `validate`
 * passes every value on, so that `dispatch` validates with toolreg's message (the model reads it once).
 */
export interface MastraSchema {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => { value: unknown }
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>
      readonly output: (options: { readonly target: string }) => Record<string, unknown>
    }
  }
}

/** What Mastra hands `execute` (the fields read here): `agent.generate(…, { requestContext })` is `requestContext`. */
export interface MastraExecuteContext {
  requestContext?: { readonly all: RunContext; size(): number }
  abortSignal?: AbortSignal
  agent?: { toolCallId: string }
  writer?: { write(chunk: unknown): Promise<void> }
}

/** The fields this adapter passes to `createTool(fields)` of `@mastra/core/tools`. */
export interface MastraToolFields {
  id: string
  description: string
  inputSchema: MastraSchema
  outputSchema?: MastraSchema
  requireApproval?: boolean | ((input: unknown, ctx?: { requestContext?: Record<string, unknown> }) => Promise<boolean>)
  inputExamples?: { input: Record<string, unknown> }[]
  mcp?: { annotations: ToolAnnotations }
  execute: (input: unknown, context: MastraExecuteContext) => Promise<unknown>
}

export interface MastraToolsOptions<T> extends FrameworkToolsOptions {
  /** The `createTool` function of `@mastra/core/tools`. */
  createTool(fields: MastraToolFields): T
}

const passThrough = (schema: Readonly<Record<string, unknown>>): MastraSchema => ({
  '~standard': {
    version: 1,
    vendor: 'toolreg',
    validate: value => ({ value }),
    jsonSchema: { input: () => copy(schema) as ObjectSchema, output: () => copy(schema) as ObjectSchema },
  },
})

/**
 * Mastra tools for `new Agent({ tools })` of `@mastra/core`, keyed by name, executing through
 * `registry.dispatch` (which validates: Mastra is handed a schema it shows but does not check, so
 * the model reads toolreg's message once). An error envelope is thrown, so Mastra answers the model
 * an `error-text` output with its sanitized text; a multimodal result is MCP-style content, which
 * Mastra gives the model as image parts;
 * `needsApproval` is Mastra's `requireApproval` (the run suspends, `approveToolCallGenerate` resumes
 * it); an `outputSchema` tool returns the object and declares the schema; progress goes to Mastra's
 * tool writer (`tool-output` chunks); the request context's values become `ctx.run`.
 */
export function toMastraTools<T>(defs: readonly ToolDefinition[], options: MastraToolsOptions<T>): Record<string, T> {
  const { createTool, registry = shared, ctx } = options
  return Object.fromEntries(
    defs.map(d => {
      const { name, description, parameters, e } = frameworkParts(d, registry)
      // Mastra hands `requireApproval` no call id: an asked call is known by its arguments.
      const approval = frameworkApproval(registry, name, e, ctx)
      const fields: MastraToolFields = {
        id: name,
        description,
        inputSchema: passThrough(parameters),
        execute: async (input, c) => {
          const writer = c.writer
          const run = c.requestContext?.size() ? c.requestContext.all : undefined
          const onProgress = writer && ((v: unknown) => void writer.write(v))
          const call = { signal: c.abortSignal, toolCallId: c.agent?.toolCallId, run, onProgress }
          // Approved only when Mastra asked about this very call (it runs `execute` only after a yes).
          const r = await registry.dispatch(name, input, callContext(ctx, call, approval?.approved(input, undefined)))
          unlessError(r)
          return (e?.outputSchema && typeof r == 'string' && parseObject(r)) || r
        },
      }
      if (approval)
        fields.requireApproval = async (input, c) => {
          // Mastra hands an empty request context when the caller gave none: the base ctx's run then.
          const values = c?.requestContext
          return approval.ask(input, { run: values && Object.keys(values).length ? values : undefined })
        }
      if (e?.outputSchema) fields.outputSchema = passThrough(e.outputSchema)
      if (e?.inputExamples)
        fields.inputExamples = copy(e.inputExamples).map(input => ({ input: input as Record<string, unknown> }))
      if (e?.annotations) fields.mcp = { annotations: { ...e.annotations } }
      return [name, createTool(fields)]
    }),
  )
}
