// What the scripted model understands, phrase by phrase. Several phrases in one
// message give several tool calls in one step, e.g.
//   calculate 2*(3+4) and convert 10 km to mi; remember city=Lisbon; recall city
import type { ScriptRule } from '@toolreg/example-agent-kit'

type Json = Record<string, unknown>

export const edgeScript: ScriptRule[] = [
  {
    tool: 'calculate',
    pattern: /\b(?:calculate|compute|evaluate)\s+(.+?)(?=\s+and\s+|[;?!]|\.?\s*$)/gi,
    args: m => ({ expression: m[1].trim() }),
    describe: r => `${(r as Json).expression} = ${(r as Json).result}`,
  },
  {
    tool: 'convert_units',
    // A number, or a word the model failed to turn into one ("convert ten km to mi"): the tool's schema refuses that.
    pattern: /\bconvert\s+(-?\d+(?:\.\d+)?|\p{L}+\s)\s*([°\p{L}/_]+)\s+(?:to|in|into)\s+([°\p{L}/_]+)/giu,
    args: m => ({ value: /^-?\d/.test(m[1]) ? Number(m[1]) : m[1].trim(), from: m[2], to: m[3] }),
    describe: r => {
      const c = r as Json
      return `${c.value} ${c.from} = ${c.result} ${c.to}`
    },
  },
  {
    tool: 'text_stats',
    pattern: /\b(?:count|stats|statistics|analy[sz]e)\b[^"“]*["“]([^"”]*)["”]/gi,
    args: m => ({ text: m[1] }),
    describe: r => {
      const s = r as Json
      return `That text has ${s.words} words, ${s.characters} characters and ${s.sentences} sentence(s).`
    },
  },
  {
    tool: 'get_time',
    pattern: /\b(?:what time is it|current time|time now)(?:\s+in\s+([A-Za-z_]+(?:\/[A-Za-z_+-]+)*))?/gi,
    args: m => (m[1] ? { timezone: m[1] } : {}),
    describe: r => `It is ${(r as Json).local} (${(r as Json).timezone}).`,
  },
  {
    tool: 'date_diff',
    pattern: /\b(?:days?|how long)\s+(?:between|from)\s+(\d{4}-\d{2}-\d{2})\s+(?:and|to|until)\s+(\d{4}-\d{2}-\d{2})/gi,
    args: m => ({ from: m[1], to: m[2] }),
    describe: r => {
      const d = r as Json
      return `From ${d.from} to ${d.to}: ${d.days} days (${d.weekdays} weekdays).`
    },
  },
  {
    tool: 'kv_set',
    pattern: /\bremember\s+([\w.-]+)\s*(?:=|\s+is\s+)\s*("[^"]*"|[^\s;,]+)/gi,
    args: m => ({ key: m[1], value: m[2].replace(/^"|"$/g, '') }),
    describe: r => `Saved ${(r as Json).key}.`,
  },
  {
    tool: 'kv_get',
    pattern: /\brecall\s+([\w.-]+)/gi,
    args: m => ({ key: m[1] }),
    describe: r => {
      const v = r as Json
      return v.found ? `${v.key} is ${v.value}.` : `Nothing is saved under ${v.key}.`
    },
  },
  {
    tool: 'fetch_json',
    pattern: /\bfetch\s+(https?:\/\/[^\s;,]+)(?:\s+(?:at|pointer)\s+(\/[^\s;,]*))?/gi,
    args: m => (m[2] ? { url: m[1], pointer: m[2] } : { url: m[1] }),
    describe: r => `${(r as Json).url}${(r as Json).pointer ?? ''} is ${JSON.stringify((r as Json).data)}.`,
  },
  {
    tool: 'run_code',
    // "run code `return …`": one program that calls the tools through `tools.<toolset>.<tool>(args)`.
    pattern: /\brun code\s*`([^`]+)`/gi,
    args: m => ({ code: m[1] }),
    describe: r => {
      const run = r as Json
      return `The code returned ${JSON.stringify(run.result)}${run.console ? ` and printed ${JSON.stringify(run.console)}` : ''}.`
    },
  },
]
