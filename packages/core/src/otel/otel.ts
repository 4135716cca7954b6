import { SpanKind, SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api'
import type { ToolRegistry } from '../registry/registry.js'
import type { ToolCall, ToolHooks, ToolResult } from '../types.js'

export interface InstrumentOptions {
  /** An OpenTelemetry tracer (`trace.getTracer('my-agent')`). */
  tracer: Tracer
  /** Hooks of the app's own, called after the span's (the registry holds one set of hooks). */
  hooks?: ToolHooks
}

/** The error envelope's kind: `[TOOL_ERROR]` → `tool_error`, `Invalid arguments…` → `invalid_arguments`. */
function errorType(result: ToolResult): string {
  const text = typeof result == 'string' ? result : ''
  const tag = /^\{"error":"\[([A-Z_]+)\]/.exec(text)?.[1]
  return tag ? tag.toLowerCase() : text.startsWith('{"error":"Invalid arguments') ? 'invalid_arguments' : 'tool_error'
}

/**
 * One span per tool call on the OpenTelemetry GenAI semantic conventions: `execute_tool <name>`,
 * `gen_ai.operation.name`, `gen_ai.tool.name`, `gen_ai.tool.type`, `gen_ai.tool.call.id`, and an
 * error status with `error.type` when the call answers an error envelope (see the core README,
 * "Approval, limits, progress and structured output"). Installs the registry's hooks.
 */
export function instrumentRegistry(registry: Pick<ToolRegistry, 'configure'>, options: InstrumentOptions): void {
  const { tracer, hooks } = options
  const spans = new WeakMap<ToolCall, Span>()
  registry.configure({
    hooks: {
      onToolStart(call) {
        const span = tracer.startSpan(`execute_tool ${call.name}`, {
          kind: SpanKind.INTERNAL,
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': call.name,
            'gen_ai.tool.type': 'function',
            ...(call.toolCallId !== undefined && { 'gen_ai.tool.call.id': call.toolCallId }),
          },
        })
        spans.set(call, span)
        hooks?.onToolStart?.(call)
      },
      onToolEnd(call, outcome) {
        const span = spans.get(call)
        if (span) {
          span.setAttribute('toolreg.tool.attempts', outcome.attempts)
          if (outcome.isError) {
            const type = errorType(outcome.result)
            span.setAttribute('error.type', type)
            span.setStatus({ code: SpanStatusCode.ERROR, message: type })
          }
          span.end()
        }
        hooks?.onToolEnd?.(call, outcome)
      },
    },
  })
}
