// Each provider's native deferral, driven through the provider's own SDK client against a
// scripted model (a fetch that answers each request and keeps its body).
import Anthropic from '@anthropic-ai/sdk'
import {
  anthropicToolResult,
  createToolSurface,
  openAIResponsesOutput,
  toAnthropicSurface,
  toOpenAIResponsesSurface,
  type OpenAISurfaceCall,
} from '@toolreg/core'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { catalogue } from './surface-tools.ts'

/** A fetch answering `replies` in turn; `bodies` keeps each request's JSON body. */
function scripted(replies: object[]) {
  const bodies: Record<string, unknown>[] = []
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    bodies.push(JSON.parse(String(init?.body)))
    const reply = replies[bodies.length - 1]
    if (!reply) throw new Error('the model was asked more often than scripted')
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  return { fetch: fetch as typeof globalThis.fetch, bodies }
}

const anthropicReply = (content: Anthropic.ContentBlock[] | object[], stop: string) => ({
  id: 'msg',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content,
  stop_reason: stop,
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
})

describe('Anthropic: defer_loading and a tool search answered with tool_reference blocks', () => {
  it('sends deferred tools with defer_loading, answers the search from the index, then runs the tool found', async () => {
    const surface = createToolSurface(catalogue(), { defer: { toolsets: ['billing', 'github'] } })
    const { fetch, bodies } = scripted([
      anthropicReply(
        [{ type: 'tool_use', id: 'u1', name: 'find_tools', input: { query: 'refund a stripe payment' } }],
        'tool_use',
      ),
      anthropicReply(
        [{ type: 'tool_use', id: 'u2', name: 'refund_payment', input: { payment_id: 'pi_1' } }],
        'tool_use',
      ),
      anthropicReply([{ type: 'text', text: 'Refunded.', citations: null }], 'end_turn'),
    ])
    const client = new Anthropic({ apiKey: 'test', fetch })
    const tools: Anthropic.Tool[] = await toAnthropicSurface(surface)
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Refund payment pi_1' }]
    for (;;) {
      const reply = await client.messages.create({ model: 'claude-test', max_tokens: 100, tools, messages })
      if (reply.stop_reason !== 'tool_use') break
      messages.push({ role: 'assistant', content: reply.content })
      const results: Anthropic.ToolResultBlockParam[] = []
      for (const b of reply.content) if (b.type === 'tool_use') results.push(await anthropicToolResult(surface, b))
      messages.push({ role: 'user', content: results })
    }
    const sent = bodies[0]!.tools as { name: string; defer_loading?: boolean }[]
    expect(sent.filter(t => !t.defer_loading).map(t => t.name)).toEqual(['get_time', 'find_tools'])
    expect(sent.filter(t => t.defer_loading).map(t => t.name)).toEqual([
      'charge_card',
      'create_issue',
      'list_issues',
      'refund_payment',
      'send_email',
    ])
    const search = (bodies[1]!.messages as Anthropic.MessageParam[])[2]!.content as Anthropic.ToolResultBlockParam[]
    expect(search[0]).toMatchObject({ tool_use_id: 'u1', is_error: false })
    expect((search[0]!.content as Anthropic.ToolReferenceBlockParam[])[0]).toEqual({
      type: 'tool_reference',
      tool_name: 'refund_payment',
    })
    const run = (bodies[2]!.messages as Anthropic.MessageParam[])[4]!.content as Anthropic.ToolResultBlockParam[]
    expect(run[0]).toMatchObject({
      tool_use_id: 'u2',
      content: 'refund_payment({"payment_id":"pi_1"})',
      is_error: false,
    })
    // The request's tools are the same bytes on every turn: the prompt cache keeps its prefix.
    expect(new Set(bodies.map(b => JSON.stringify(b.tools))).size).toBe(1)
  })

  it('answers a search that finds nothing with text, not an empty reference list', async () => {
    const surface = createToolSurface(catalogue(), { defer: true })
    const r = await anthropicToolResult(surface, { id: 'u', name: 'find_tools', input: { query: 'zzzz qqqq' } })
    expect(typeof r.content).toBe('string')
  })
})

const openaiReply = (output: object[]) => ({
  id: 'resp',
  object: 'response',
  created_at: 0,
  model: 'gpt-test',
  status: 'completed',
  output,
  parallel_tool_calls: true,
  tool_choice: 'auto',
  tools: [],
})

describe('OpenAI Responses: tool_search executed by the client from the index', () => {
  it('sends the search tool and the first tools only, answers tool_search_call with the tools found, then runs one', async () => {
    const surface = createToolSurface(catalogue(), { defer: { all: true, except: ['clock'] } })
    const { fetch, bodies } = scripted([
      openaiReply([
        {
          type: 'tool_search_call',
          id: 'ts1',
          call_id: 'c1',
          execution: 'client',
          status: 'completed',
          arguments: { query: 'open a github issue', limit: 2 },
        },
      ]),
      openaiReply([
        {
          type: 'function_call',
          id: 'fc1',
          call_id: 'c2',
          name: 'create_issue',
          arguments: '{"title":"Bug"}',
          status: 'completed',
        },
      ]),
      openaiReply([
        {
          type: 'message',
          id: 'm',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Opened.', annotations: [] }],
        },
      ]),
    ])
    const client = new OpenAI({ apiKey: 'test', fetch })
    const tools: OpenAI.Responses.Tool[] = await toOpenAIResponsesSurface(surface)
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: 'File a bug' }]
    for (;;) {
      const reply = await client.responses.create({ model: 'gpt-test', tools, input })
      const calls = reply.output.filter(o => o.type === 'tool_search_call' || o.type === 'function_call')
      if (!calls.length) break
      for (const c of calls) {
        input.push(c as OpenAI.Responses.ResponseInputItem)
        const out: OpenAI.Responses.ResponseInputItem = await openAIResponsesOutput(surface, c as OpenAISurfaceCall)
        input.push(out)
      }
    }
    expect((bodies[0]!.tools as { type: string; name?: string }[]).map(t => t.name ?? t.type)).toEqual([
      'get_time',
      'tool_search',
    ])
    const answered = (bodies[1]!.input as { type?: string; tools?: { name: string }[] }[]).find(
      i => i.type === 'tool_search_output',
    )
    expect(answered?.tools?.map(t => t.name)).toEqual(['create_issue', 'list_issues'])
    const output = (bodies[2]!.input as { type?: string; output?: string }[]).find(
      i => i.type === 'function_call_output',
    )
    expect(output?.output).toBe('create_issue({"title":"Bug"})')
  })

  it('for the hosted search, sends every deferred tool with defer_loading in one namespace per toolset', async () => {
    const surface = createToolSurface(catalogue(), { defer: { toolsets: ['billing', 'github'] } })
    const tools: OpenAI.Responses.Tool[] = await toOpenAIResponsesSurface(surface, {
      execution: 'server',
      namespaces: true,
    })
    expect(
      tools.map(t =>
        t.type === 'namespace' ? `${t.name}[${t.tools.map(f => f.name)}]` : t.type === 'function' ? t.name : t.type,
      ),
    ).toEqual([
      'get_time',
      'tool_search',
      'billing[charge_card,refund_payment]',
      'github[create_issue,list_issues]',
      'mail[send_email]',
    ])
    expect(JSON.stringify(tools)).toContain('"defer_loading":true')
  })

  it('answers a function_call whose arguments are not JSON with an invalid-arguments envelope', async () => {
    const surface = createToolSurface(catalogue(), { defer: true })
    const out = await openAIResponsesOutput(surface, {
      type: 'function_call',
      call_id: 'c',
      name: 'create_issue',
      arguments: '{"title":',
    })
    expect(out).toMatchObject({ type: 'function_call_output', call_id: 'c' })
    expect(JSON.parse((out as { output: string }).output).error).toMatch(/Invalid arguments|arguments/)
  })
})
