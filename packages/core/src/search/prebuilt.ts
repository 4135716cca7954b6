// The search index a build writes ahead of time, and reading it back (docs:
// packages/core/README.md, "Tool search: the index a build writes"). One JSON text:
// `[format, terms, docs]`, each doc `[name, signature, destructive, length × 2, [term,
// weight × 2, …]]`, its terms by increasing index (weights are multiples of 0.5: doubled,
// they are small integers).
import { docOf, signatureOf, type Doc, type IndexedTool } from './doc.js'
import type { ToolSchema } from '../types.js'

/**
 * The format this version writes and reads. Change it with anything that changes a document
 * (tokenizer tables, stemming, weights, signature): an index from another version is then
 * ignored, never misread (test/search-prebuilt.test.ts guards this).
 */
export const SEARCH_INDEX_FORMAT = 'search`2'

/** A tool as a build knows it: its static definition. */
export interface SearchIndexTool {
  name: string
  toolset: string
  schema: ToolSchema
  description?: string
}

type Row = [name: string, signature: number, destructive: 0 | 1, len2: number, tf: number[]]

/** The index of `tools` as JSON text, for `registerSearchIndex`'s loader to hand back. */
export function prebuildSearchIndex(tools: readonly SearchIndexTool[]): string {
  const words: string[] = []
  const at = new Map<string, number>()
  const rows = tools.map((t): Row => {
    // As `register` reads a spec (see entry.ts): the spec's description, else the schema's.
    const e: IndexedTool = {
      name: t.name,
      toolset: t.toolset,
      schema: t.schema,
      description: t.description ?? (t.schema.description as string | undefined) ?? '',
    }
    const doc = docOf(e)
    const pairs: [number, number][] = []
    for (let j = 0; j < doc.tf.length; j += 2) {
      const word = doc.words[doc.tf[j]!]!
      let i = at.get(word)
      if (i === undefined) at.set(word, (i = words.push(word) - 1))
      pairs.push([i, doc.tf[j + 1]!])
    }
    // By term index: a reader then checks each term is held once with one comparison.
    const tf = pairs.sort((x, y) => x[0] - y[0]).flat()
    return [t.name, signatureOf(e), doc.destructive ? 1 : 0, doc.len * 2, tf]
  })
  return JSON.stringify([SEARCH_INDEX_FORMAT, words, rows])
}

/** Pairs of a term index below `words` (increasing: each term once) and a positive frequency. */
function wellFormed(tf: unknown, words: number): boolean {
  if (!Array.isArray(tf) || tf.length % 2) return false
  for (let i = 0, last = -1; i < tf.length; i += 2) {
    const t = tf[i],
      f = tf[i + 1]
    if (!(typeof t == 'number' && t > last && t < words && t % 1 == 0 && typeof f == 'number' && f > 0)) return false
    last = t
  }
  return true
}

/** Looks up the prebuilt document of an entry: undefined when there is none or its text changed. */
export type PrebuiltDocs = (e: IndexedTool) => Doc | undefined

/**
 * Reads what a loader gave (the JSON text, or a module whose default export it is): a lookup
 * of its documents, or why it cannot be used.
 */
export function readSearchIndex(loaded: unknown): PrebuiltDocs | string {
  let value = loaded
  if (value && typeof value == 'object' && !Array.isArray(value) && 'default' in value)
    value = (value as { default: unknown }).default
  if (typeof value == 'string') {
    try {
      value = JSON.parse(value)
    } catch (err) {
      return 'not JSON: ' + (err as Error).message
    }
  }
  if (value === null) return 'the build wrote none: @toolreg/core could not be imported at build time'
  if (
    !Array.isArray(value) ||
    value[0] !== SEARCH_INDEX_FORMAT ||
    !Array.isArray(value[1]) ||
    !Array.isArray(value[2])
  ) {
    return `not a search index of format ${SEARCH_INDEX_FORMAT} (built by another version of @toolreg/plugin?)`
  }
  const words = value[1] as string[]
  if (!words.every(w => typeof w == 'string')) return 'a term is not a string'
  const rows = new Map<string, Row>()
  for (const row of value[2] as Row[]) {
    // A malformed row is no document: its tool is tokenized at run time.
    if (
      Array.isArray(row) &&
      typeof row[0] == 'string' &&
      typeof row[3] == 'number' &&
      wellFormed(row[4], words.length)
    )
      rows.set(row[0], row)
  }
  return e => {
    const row = rows.get(e.name)
    return row && row[1] === signatureOf(e)
      ? { name: e.name, destructive: row[2] === 1, tf: row[4], words, len: row[3] / 2 }
      : undefined
  }
}
