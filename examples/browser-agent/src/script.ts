// What the page's scripted model understands. Several phrases in one message
// give several tool calls in one step, e.g.
//   save colour=teal and recall colour; page title; slugify "Hello World"
import type { ScriptRule } from '@toolreg/example-agent-kit'

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
