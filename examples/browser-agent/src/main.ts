/// <reference types="vite/client" />
// The page: a tool list and a chat box over the shared agent loop. Everything
// is rendered with textContent — no HTML from tool results ever reaches the DOM.
import { registry } from 'virtual:tool-registry'
import { validator } from '@toolreg/core/validate'
import { runAgent, type AgentRegistry, type ChatMessage, type ToolCallRecord } from '@toolreg/example-agent-kit'
import { manyToolsMode, type ManyTools } from './many.ts'
import { registerCodeMode } from './code-mode.ts'
import { browserScript, pageModel } from './script.ts'

const readyAt = performance.now()
const rules = [...browserScript]
const model = pageModel(rules)

// JSON Schema tools' arguments are checked before their handlers too (the valibot tool checks its own).
// The validator needs no eval: it runs under this page's Content Security Policy.
registry.configure({ validator })
let history: ChatMessage[] = []
// vite.many.config.ts: hundreds of lazy tools behind find_tools.
const many: ManyTools | undefined =
  import.meta.env.MODE === 'many' ? manyToolsMode(registry, rules, logLoad) : undefined
const agentRegistry: AgentRegistry = many?.agentRegistry ?? registry
// Code mode (src/code-mode.ts): `run_code` over the page's tools, run in a Web Worker (src/code-worker.ts)
// started by the first program, where QuickJS loads.
const codeMode = many ? undefined : await registerCodeMode(registry, line => (codeStatus().textContent = line))

const toolList = element<HTMLUListElement>('#tool-list')
const log = element<HTMLOListElement>('#log')
const form = element<HTMLFormElement>('#chat-form')
const input = element<HTMLInputElement>('#message')

form.addEventListener('submit', event => {
  event.preventDefault()
  const text = input.value.trim()
  if (text) void send(text)
})

if (codeMode) {
  element<HTMLElement>('#code-mode').hidden = false
  element<HTMLPreElement>('#code-api').textContent = codeMode.declarations
}
await renderTools()
document.body.dataset.ready = 'true'

async function renderTools(): Promise<void> {
  const definitions = await agentRegistry.getToolDefinitions()
  if (many) {
    const status = element<HTMLParagraphElement>('#many-status')
    status.hidden = false
    status.textContent = `${many.summary()}; registry ready at ${Math.round(readyAt)} ms. The model is offered these tools and what find_tools finds:`
  }
  toolList.replaceChildren(
    ...definitions.map(({ function: tool }) => {
      const item = make('li', '', { 'data-tool': tool.name })
      item.append(
        `${registry.getEmoji(tool.name)} `,
        make('strong', tool.name),
        // First line only: run_code's description goes on with the API (shown under Code mode).
        ` ${tool.description?.split('\n')[0] ?? ''} `,
        make('span', `(${registry.getToolsetForTool(tool.name) ?? ''})`, { class: 'toolset' }),
      )
      return item
    }),
  )
}

async function send(text: string): Promise<void> {
  input.value = ''
  form.querySelector('button')!.disabled = true
  document.body.dataset.busy = 'true'
  log.append(make('li', text, { class: 'user' }))
  try {
    const transcript = await runAgent({
      model,
      registry: agentRegistry,
      messages: [...history, { role: 'user', content: text }],
    })
    history = transcript.messages
    for (const call of transcript.toolCalls) log.append(renderCall(call))
    log.append(make('li', transcript.answer ?? '(no answer within the step limit)', { class: 'answer' }))
    if (many) await renderTools()
  } catch (error) {
    log.append(make('li', `Error: ${error instanceof Error ? error.message : String(error)}`, { class: 'error' }))
  } finally {
    form.querySelector('button')!.disabled = false
    delete document.body.dataset.busy
    input.focus()
  }
}

function codeStatus(): HTMLElement {
  return element<HTMLElement>('#code-status')
}

function logLoad(line: string): void {
  const loads = element<HTMLOListElement>('#loads')
  loads.hidden = false
  loads.append(make('li', line, { class: 'load' }))
}

function renderCall(call: ToolCallRecord): HTMLLIElement {
  return make('li', `${call.name}(${JSON.stringify(call.arguments)}) → ${call.result}`, {
    class: 'tool-call',
    'data-tool': call.name,
  }) as HTMLLIElement
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  node.textContent = text
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  return node
}

function element<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector)
  if (!found) throw new Error(`missing ${selector} in index.html`)
  return found
}
