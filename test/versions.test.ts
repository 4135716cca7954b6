// The README's "Versions tested" table is what the lockfile installs: it cannot go stale.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BEGIN, END, versionsTable, withTable } from '../scripts/lib/versions.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('README: Versions tested', () => {
  it('the table is the installed versions (node scripts/versions.mjs writes it)', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8')
    expect(readme).toContain(BEGIN)
    expect(readme.slice(readme.indexOf(BEGIN), readme.indexOf(END) + END.length)).toBe(
      withTable(readme, versionsTable(root)).slice(readme.indexOf(BEGIN), readme.indexOf(END) + END.length),
    )
  })

  it('a version that differs from the installed one is caught', () => {
    const table = versionsTable(root)
    const stale = table.replace(/\| Vite \| [^|]+ \|/, '| Vite | 0.0.0 |')
    expect(stale).not.toBe(table)
    const readme = withTable(`a\n${BEGIN}\n${END}\nb`, stale)
    expect(withTable(readme, table)).not.toBe(readme)
  })
})
