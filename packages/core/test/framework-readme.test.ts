// The core README's "Agent frameworks" snippets are tested code: each of their lines (imports
// aside, which differ only in what else the file imports) is a line of test/types/frameworks.ts,
// which tsc checks against the real packages.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const glue = new Set(
  readFileSync(new URL('./types/frameworks.ts', import.meta.url), 'utf8')
    .split('\n')
    .map(l => l.trim()),
)
const section = readme.slice(readme.indexOf('## Agent frameworks'), readme.indexOf('## Size'))
const snippets = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map(m => m[1]!)

describe('the README agent-framework snippets', () => {
  it('there is one per framework', () => {
    expect(snippets.map(s => /from '(langchain|@openai\/agents|@mastra\/core[^']*)'/.exec(s)?.[1])).toEqual([
      'langchain',
      '@openai/agents',
    ])
  })
  it.each(snippets.map(s => [s.split('\n')[0], s]))('%s: every line is type-checked glue', (_, s) => {
    for (const line of s.split('\n').map(l => l.trim()))
      if (line && !line.startsWith('import ') && !line.startsWith('//')) expect(glue).toContain(line)
  })
})
