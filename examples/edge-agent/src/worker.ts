// The edge agent: a Worker whose tools were registered at build time.
//   GET  /tools  → the tool definitions offered under this env
//   POST /chat   → { messages, maxSteps? } runs the agent loop, answers the transcript
import { registry } from 'virtual:tool-registry'
import { validator } from '@toolreg/core/validate'
import { createScriptedModel, openAIModelFromEnv, runAgent, type ChatMessage } from '@toolreg/example-agent-kit'
import { stringVars, useBindings, type EdgeEnv } from './bindings.ts'
import { useCodeMode } from './code-mode.ts'
import { edgeScript } from './script.ts'

const SYSTEM_PROMPT =
  'You are a concise assistant running at the edge. Use the tools for arithmetic, unit conversion, dates, text statistics, ' +
  'the key-value store and fetching JSON; answer from their results.'
const MAX_STEPS_LIMIT = 10
const MAX_BODY_BYTES = 256 * 1024

const scripted = createScriptedModel({ rules: edgeScript })

// JSON Schema tools' arguments are checked before their handlers too (zod tools check their own).
// The validator is an interpreter, no eval: it runs in workerd.
registry.configure({ validator })

export default {
  async fetch(request: Request, env: EdgeEnv = {}): Promise<Response> {
    useBindings(env)
    const { pathname } = new URL(request.url)
    try {
      await useCodeMode(registry)
      if (pathname === '/tools') {
        if (request.method !== 'GET') return methodNotAllowed('GET')
        return json(await registry.getToolDefinitions({ env: stringVars(env) }))
      }
      if (pathname === '/chat') {
        if (request.method !== 'POST') return methodNotAllowed('POST')
        return await chat(request, env)
      }
      if (pathname === '/') return json({ name: 'toolreg edge agent', endpoints: ['GET /tools', 'POST /chat'] })
      return json({ error: `Not found: ${pathname}` }, 404)
    } catch (error) {
      return json({ error: error instanceof Error ? error.message : String(error) }, 502)
    }
  },
}

async function chat(request: Request, env: EdgeEnv): Promise<Response> {
  const body = await readJson(request)
  if ('error' in body) return json({ error: body.error }, 400)
  const messages = body.value.messages
  if (!isConversation(messages)) {
    return json({ error: 'Expected { "messages": [{ "role": "user", "content": "…" }, …] }' }, 400)
  }
  const maxSteps = Math.min(Math.max(Number(body.value.maxSteps) || 6, 1), MAX_STEPS_LIMIT)
  const conversation: ChatMessage[] =
    messages[0]?.role === 'system' ? messages : [{ role: 'system', content: SYSTEM_PROMPT }, ...messages]
  const transcript = await runAgent({
    model: openAIModelFromEnv(env) ?? scripted,
    registry,
    messages: conversation,
    maxSteps,
    ctx: { env: stringVars(env), bindings: env, signal: request.signal },
  })
  return json(transcript)
}

async function readJson(request: Request): Promise<{ value: Record<string, unknown> } | { error: string }> {
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES) return { error: 'Request body too large' }
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return { value: value as Record<string, unknown> }
  } catch {
    // Fall through.
  }
  return { error: 'Request body must be a JSON object' }
}

function isConversation(value: unknown): value is ChatMessage[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 200 &&
    value.every(m => {
      if (!m || typeof m !== 'object') return false
      const { role, content } = m as { role?: unknown; content?: unknown }
      if (role === 'assistant') return typeof content === 'string' || content === null
      if (role === 'tool')
        return typeof content === 'string' && typeof (m as { tool_call_id?: unknown }).tool_call_id === 'string'
      return (role === 'user' || role === 'system') && typeof content === 'string'
    })
  )
}

function methodNotAllowed(allow: string): Response {
  return json({ error: `Use ${allow}` }, 405, { allow })
}

function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value, null, 2), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}
