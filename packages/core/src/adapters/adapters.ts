import { toStrictSchema } from './strict.js'
import type { ToolRegistry } from '../registry/registry.js'
import { registry as shared } from '../registry/singleton.js'
import type { ToolAnnotations, ToolDefinition, ToolEntry } from '../types.js'

/**
 * Provider shapes, written structurally so that the core needs no SDK: each is assignable
 * to the SDK's own type (`tsc` checks that against the real packages, see the core README).
 */

/** A JSON object schema: the root of every tool's input. */
export interface ObjectSchema {
  type: 'object'
  properties?: Record<string, object>
  required?: string[]
  [k: string]: unknown
}

/** openai: `ChatCompletionTool` (Chat Completions). */
export interface OpenAITool {
  type: 'function'
  function: { name: string; description: string; parameters: ObjectSchema; strict?: boolean }
}
/** openai: `FunctionTool` (Responses API). */
export interface OpenAIResponsesTool {
  type: 'function'
  name: string
  description: string
  parameters: ObjectSchema
  strict: boolean
}
/** @anthropic-ai/sdk: `Anthropic.Tool`. */
export interface AnthropicTool {
  name: string
  description: string
  input_schema: ObjectSchema
  /** The tool's `inputExamples`. */
  input_examples?: Record<string, unknown>[]
}
/** @modelcontextprotocol/sdk: `Tool` of `tools/list`. */
export interface McpTool {
  name: string
  description: string
  inputSchema: ObjectSchema
  annotations?: ToolAnnotations
  outputSchema?: ObjectSchema
}

/** Where an adapter reads what a definition does not carry (annotations, output schema, examples). */
export interface EntryLookup {
  /** Default: the singleton. */
  registry?: Pick<ToolRegistry, 'getEntry'>
}

/** The registered entry behind a definition, if any. */
const entryOf = (name: string, options?: EntryLookup): ToolEntry | undefined =>
  (options?.registry ?? shared).getEntry(name)

/** A fresh, mutable deep copy: SDKs and frameworks may write into what they are given. */
export const copy = <T>(v: T): T => structuredClone(v)

export interface OpenAIToolsOptions {
  /** Emit `strict: true` with a strict-mode schema; throws a TypeError naming the tool and the keyword strict mode cannot express. */
  strict?: boolean
}

/** `{ name, description, parameters }` of a definition, parameters defaulted to an empty object schema. */
export const parts = (d: ToolDefinition) => {
  const f = d.function
  return {
    name: f.name,
    description: typeof f.description == 'string' ? f.description : '',
    parameters: (f.parameters ?? { type: 'object', properties: {} }) as ObjectSchema,
  }
}

const strictParts = (d: ToolDefinition, strict?: boolean) => {
  const p = parts(d)
  return strict ? { ...p, parameters: toStrictSchema(p.parameters, p.name) as ObjectSchema } : p
}

/** Chat Completions tools (`ChatCompletionTool[]`). */
export const toOpenAITools = (defs: readonly ToolDefinition[], options: OpenAIToolsOptions = {}): OpenAITool[] =>
  defs.map(d => ({ type: 'function', function: options.strict ? { ...strictParts(d, true), strict: true } : parts(d) }))

/** Responses API tools (`FunctionTool[]`). */
export const toOpenAIResponsesTools = (
  defs: readonly ToolDefinition[],
  options: OpenAIToolsOptions = {},
): OpenAIResponsesTool[] =>
  defs.map(d => ({ type: 'function', ...strictParts(d, options.strict), strict: options.strict === true }))

/** Anthropic tools; a tool's `inputExamples` go as `input_examples`. */
export const toAnthropicTools = (defs: readonly ToolDefinition[], options?: EntryLookup): AnthropicTool[] =>
  defs.map(d => {
    const { name, description, parameters } = parts(d)
    const examples = entryOf(name, options)?.inputExamples
    const tool: AnthropicTool = { name, description, input_schema: parameters }
    if (examples) tool.input_examples = copy(examples) as Record<string, unknown>[]
    return tool
  })

/** MCP `tools/list` entries; a tool's `annotations` and `outputSchema` go with it. */
export const toMcpTools = (defs: readonly ToolDefinition[], options?: EntryLookup): McpTool[] =>
  defs.map(d => {
    const { name, description, parameters } = parts(d)
    const e = entryOf(name, options)
    const tool: McpTool = { name, description, inputSchema: parameters }
    if (e?.annotations) tool.annotations = { ...e.annotations }
    if (e?.outputSchema) tool.outputSchema = copy(e.outputSchema) as ObjectSchema
    return tool
  })
