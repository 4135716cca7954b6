// The core README's "Agent frameworks" snippets are tested code: each of their lines (imports
// aside, which differ only in what else the file imports) is a line of one of the
// test/types/frameworks*.ts files, which tsc checks against the real packages.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const types = new URL('./types/', import.meta.url)
const glue = new Set(
  readdirSync(types)
    .filter(f => f.startsWith('frameworks'))
    .flatMap(f => readFileSync(new URL(f, types), 'utf8').split('\n'))
    .map(l => l.trim()),
)
const section = readme.slice(readme.indexOf('## Agent frameworks'), readme.indexOf('## Size'))
const snippets = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map(m => m[1]!)

describe('the README agent-framework snippets', () => {
  it('there is one per framework', () => {
    const framework = /from '(ai|@openai\/agents|@mastra\/core|langchain|@modelcontextprotocol\/sdk)[/']/
    expect(snippets.map(s => framework.exec(s)?.[1])).toEqual([
      'ai',
      '@openai/agents',
      '@mastra/core',
      'langchain',
      '@modelcontextprotocol/sdk',
    ])
  })
  it.each(snippets.map(s => [s.split('\n')[0], s]))('%s: every line is type-checked glue', (_, s) => {
    for (const line of s.split('\n').map(l => l.trim()))
      if (line && !line.startsWith('import ') && !line.startsWith('//')) expect(glue).toContain(line)
  })
})
