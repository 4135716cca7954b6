// @toolreg/core/otel: one span per call on the GenAI semantic conventions, read back through
// the OpenTelemetry SDK's in-memory exporter.
import { ToolRegistry } from '@toolreg/core'
import { instrumentRegistry } from '@toolreg/core/otel'
import { SpanStatusCode } from '@opentelemetry/api'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { describe, expect, it } from 'vitest'
import { recordingLogger } from './helpers.js'

function instrumented() {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  const log = recordingLogger()
  const registry = new ToolRegistry({ logger: log.logger })
  const ends: string[] = []
  instrumentRegistry(registry, {
    tracer: provider.getTracer('test'),
    hooks: { onToolEnd: call => ends.push(call.name) },
  })
  registry.register({ name: 'ping', toolset: 't', schema: {}, handler: () => 'pong' })
  registry.register({
    name: 'boom',
    toolset: 't',
    schema: {},
    retry: { attempts: 2 },
    handler: () => {
      throw new Error('down')
    },
  })
  registry.register({ name: 'rm', toolset: 't', schema: {}, needsApproval: true, handler: () => 'gone' })
  const spans = () =>
    exporter.getFinishedSpans().map(s => ({ name: s.name, kind: s.kind, attributes: s.attributes, status: s.status }))
  return { registry, spans, ends }
}

describe('instrumentRegistry', () => {
  it('a successful call: span execute_tool <name> with the GenAI attributes and the call id', async () => {
    const { registry, spans, ends } = instrumented()
    expect(await registry.dispatch('ping', {}, { toolCallId: 'call_1' })).toBe('pong')
    expect(spans()).toEqual([
      {
        name: 'execute_tool ping',
        kind: 0, // INTERNAL
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'ping',
          'gen_ai.tool.type': 'function',
          'gen_ai.tool.call.id': 'call_1',
          'toolreg.tool.attempts': 1,
        },
        status: { code: SpanStatusCode.UNSET },
      },
    ])
    expect(ends).toEqual(['ping']) // the app's own hooks still run
  })

  it('errors: an error status and error.type from the envelope; no call id when none was given', async () => {
    const { registry, spans } = instrumented()
    await registry.dispatch('boom', {})
    await registry.dispatch('rm', {})
    const [boom, rm] = spans()
    expect(boom).toMatchObject({
      name: 'execute_tool boom',
      attributes: { 'error.type': 'tool_error', 'toolreg.tool.attempts': 2 },
      status: { code: SpanStatusCode.ERROR, message: 'tool_error' },
    })
    expect(boom!.attributes).not.toHaveProperty('gen_ai.tool.call.id')
    expect(rm).toMatchObject({
      attributes: { 'error.type': 'approval_required', 'toolreg.tool.attempts': 0 },
      status: { code: SpanStatusCode.ERROR },
    })
  })

  it('concurrent calls each get their own span', async () => {
    const { registry, spans } = instrumented()
    await Promise.all([
      registry.dispatch('ping', {}, { toolCallId: 'a' }),
      registry.dispatch('boom', {}, { toolCallId: 'b' }),
    ])
    expect(
      spans()
        .map(s => `${s.attributes['gen_ai.tool.call.id']} ${s.name} ${s.status.code}`)
        .sort(),
    ).toEqual(['a execute_tool ping 0', 'b execute_tool boom 2'])
  })
})
