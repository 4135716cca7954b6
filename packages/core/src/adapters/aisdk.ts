import { copy } from './adapters.js'
import {
  type AdapterContext,
  type AdapterRegistry,
  callContext,
  type FrameworkCall,
  frameworkApproval,
  frameworkParts,
} from './framework.js'
import { contentBlocks, isToolError, parseObject } from './results.js'
import { registry as shared } from '../registry/singleton.js'
import type { ToolDefinition, ToolResult } from '../types.js'

/** A JSON value (the AI SDK's `JSONValue`). */
export type AiSdkJson = null | string | number | boolean | AiSdkJson[] | { [k: string]: AiSdkJson | undefined }

/** The AI SDK's `ToolResultOutput` variants this adapter produces. */
export type AiSdkModelOutput =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | { type: 'json'; value: AiSdkJson }
  | {
      type: 'content'
      value: (
        | { type: 'text'; text: string }
        | { type: 'image-data'; data: string; mediaType: string }
        | { type: 'file-data'; data: string; mediaType: string }
      )[]
    }

/** What the AI SDK hands `execute` and `needsApproval` (the fields this adapter reads). */
export interface AiSdkCallOptions {
  abortSignal?: AbortSignal
  toolCallId: string
  experimental_context?: unknown
}

/** The Vercel AI SDK tool shape (structural, so core needs no `ai` dependency; assignable to its `ToolSet`). */
export interface AiSdkTool<S> {
  description: string
  inputSchema: S
  outputSchema?: S
  inputExamples?: { input: Record<string, unknown> }[]
  needsApproval?: boolean | ((input: Record<string, unknown>, options: AiSdkCallOptions) => boolean | Promise<boolean>)
  execute: (args: Record<string, unknown>, options: AiSdkCallOptions) => Promise<unknown> | AsyncIterable<unknown>
  toModelOutput: (options: { toolCallId: string; input: unknown; output: unknown }) => AiSdkModelOutput
}

export interface AiSdkToolsOptions<S> {
  /** The `jsonSchema` helper of the `ai` package. */
  jsonSchema(schema: Record<string, unknown>): S
  /** Default: the singleton. With `getEntry`, output schemas, examples and progress map to the SDK's own; with `needsApproval` too, approval. */
  registry?: AdapterRegistry
  /** Base context for every call; `signal`, `toolCallId` and `run` (from `experimental_context`) are set per call. */
  ctx?: AdapterContext
}

/** What the model sees of a dispatch result: error envelopes as errors, images as image parts, objects as JSON. */
export function toAiSdkModelOutput(output: unknown): AiSdkModelOutput {
  if (typeof output == 'string') return { type: isToolError(output) ? 'error-text' : 'text', value: output }
  const r = output as ToolResult
  if (Array.isArray((r as { content?: unknown })?.content))
    return {
      type: 'content',
      value: contentBlocks(r).map(b =>
        b.type == 'text'
          ? b
          : { type: b.type == 'image' ? 'image-data' : 'file-data', data: b.data, mediaType: b.mimeType },
      ),
    }
  return output && typeof output == 'object'
    ? { type: 'json', value: output as AiSdkJson }
    : { type: 'text', value: String(output) }
}

/** A streaming call as the AI SDK's preliminary results: each progress value as it comes, then the result. */
async function* stream(run: (onProgress: (value: unknown) => void) => Promise<unknown>) {
  const queue: unknown[] = []
  let wake = () => {}
  let done = false
  const result = run(v => (queue.push(v), wake())).finally(() => ((done = true), wake()))
  for (;;) {
    while (queue.length) yield queue.shift()
    if (done) break
    await new Promise<void>(r => (wake = r))
  }
  yield await result
}

const isStreaming = (f: unknown) => Object.prototype.toString.call(f) == '[object AsyncGeneratorFunction]'

/**
 * A Vercel AI SDK `ToolSet` keyed by tool name, executing through `registry.dispatch`
 * (which validates the arguments before the handler). A tool's `needsApproval` becomes the
 * SDK's own, judged on the validated arguments (the SDK asks; a call it asked about runs
 * approved, any other is asked by dispatch), its `outputSchema` the
 * SDK's (the result is then the object), `inputExamples` the SDK's, and an async-generator
 * handler's progress the SDK's preliminary results.
 */
export function toAiSdkTools<S>(
  defs: readonly ToolDefinition[],
  options: AiSdkToolsOptions<S>,
): Record<string, AiSdkTool<S>> {
  const { jsonSchema, registry = shared, ctx } = options
  return Object.fromEntries(
    defs.map(d => {
      const { name, description, parameters, e } = frameworkParts(d, registry)
      const approval = frameworkApproval(registry, name, e, ctx)
      const call = (o: AiSdkCallOptions): FrameworkCall => ({
        signal: o.abortSignal,
        toolCallId: o.toolCallId,
        run: o.experimental_context,
      })
      // Approved only when the SDK asked about this very call (it runs `execute` only after a yes).
      const context = (args: unknown, o: AiSdkCallOptions, extra?: FrameworkCall) =>
        callContext(ctx, { ...call(o), ...extra }, approval?.approved(args, o.toolCallId))
      const answer = (r: unknown) => (e?.outputSchema && typeof r == 'string' && !isToolError(r) && parseObject(r)) || r
      const tool: AiSdkTool<S> = {
        description,
        inputSchema: jsonSchema(copy(parameters)),
        execute: (args, o) =>
          isStreaming(e?.handler)
            ? stream(onProgress => registry.dispatch(name, args, context(args, o, { onProgress })).then(answer))
            : registry.dispatch(name, args, context(args, o)).then(answer),
        toModelOutput: ({ output }) => toAiSdkModelOutput(output),
      }
      if (approval) tool.needsApproval = (input, o) => approval.ask(input, call(o))
      if (e?.outputSchema) tool.outputSchema = jsonSchema(copy(e.outputSchema) as Record<string, unknown>)
      if (e?.inputExamples)
        tool.inputExamples = copy(e.inputExamples).map(input => ({ input: input as Record<string, unknown> }))
      return [name, tool]
    }),
  )
}
