// What the page's scripted model understands. Several phrases in one message
// give several tool calls in one step, e.g.
//   save colour=teal and recall colour; page title; slugify "Hello World"
// A message starting with `run code:` is a program for run_code (src/code-mode.ts), e.g.
//   run code: const { title } = await tools.page.page_title(); return title
import { createScriptedModel, type ChatModel, type ScriptRule } from '@toolreg/example-agent-kit'

type Json = Record<string, unknown>

export const browserScript: ScriptRule[] = [
  {
    tool: 'local_storage_set',
    pattern: /\b(?:save|store|remember)\s+([\w.-]+)\s*(?:=|\s+as\s+)\s*("[^"]*"|[^\s;,]+)/gi,
    args: m => ({ key: m[1], value: m[2].replace(/^"|"$/g, '') }),
    describe: r => `Saved ${(r as Json).key} in this browser.`,
  },
  {
    tool: 'local_storage_get',
    pattern: /\b(?:recall|load|read)\s+([\w.-]+)/gi,
    args: m => ({ key: m[1] }),
    describe: r => {
      const v = r as Json
      return v.found ? `${v.key} is ${v.value}.` : `Nothing is saved under ${v.key}.`
    },
  },
  {
    tool: 'page_title',
    pattern: /\bpage title\b|\btitle of (?:this|the) page\b/gi,
    args: () => ({}),
    describe: r => `This page is titled "${(r as Json).title}".`,
  },
  {
    tool: 'current_url',
    pattern: /\bcurrent url\b|\bwhere am i\b/gi,
    args: () => ({}),
    describe: r => `You are on ${(r as Json).url}.`,
  },
  {
    tool: 'slugify',
    pattern: /\bslug(?:ify)?\s+["“]([^"”]*)["”]/gi,
    args: m => ({ text: m[1] }),
    describe: r => `The slug is ${(r as Json).slug}.`,
  },
]

/** Everything after `run code:` is the code: the body of an async function (core README, "Code mode"). */
const CODE_PREFIX = /^\s*run code:\s*/i

const codeRule: ScriptRule = {
  tool: 'run_code',
  pattern: /^\s*run code:\s*([\s\S]+)$/i,
  args: m => ({ code: m[1].trim() }),
  describe: r => {
    const { result, console: printed } = r as { result?: unknown; console?: string }
    return `The code returned ${JSON.stringify(result ?? null)}.${printed ? `\nIts console said: ${printed.trim()}` : ''}`
  },
}

/**
 * The page's model: `run code:` messages go to run_code alone (the phrases of the other rules
 * may well appear inside a program), every other message to `rules`.
 */
export function pageModel(rules: readonly ScriptRule[]): ChatModel {
  const chat = createScriptedModel({ rules })
  const code = createScriptedModel({ rules: [codeRule] })
  return {
    name: chat.name,
    complete(request) {
      const user = request.messages.filter(m => m.role === 'user').at(-1)
      const isCode = typeof user?.content === 'string' && CODE_PREFIX.test(user.content)
      return (isCode ? code : chat).complete(request)
    },
  }
}
