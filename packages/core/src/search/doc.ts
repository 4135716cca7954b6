// What the search index holds for one tool, from its text: shared by the run-time index and
// by the index a build writes ahead, so both hold the same numbers for the same text (docs:
// packages/core/README.md, "Tool search: the index a build writes").
import { isPlainObject } from '../freeze.js'
import { terms } from './text.js'
import type { ToolEntry } from '../types.js'

/** The fields of a tool the index reads. */
export type IndexedTool = Pick<ToolEntry, 'name' | 'toolset' | 'description' | 'schema'>

export interface Doc {
  name: string
  /** Its name says it deletes something. */
  destructive: boolean
  /**
   * Its distinct terms and their weighted frequencies over the tool's fields, as pairs
   * `[index into words, frequency × 2]` (frequencies are multiples of 0.5): the form a
   * prebuilt index stores, used as it is.
   */
  tf: readonly number[]
  words: readonly string[]
  len: number
}

// How much a word counts in each field: a tool's name says most about what it does.
const WEIGHT = { name: 3, toolset: 1, description: 1, paramName: 1.5, paramText: 0.5 }
export const DELETE = terms('delete')[0]

/**
 * Calls `put(text, weight)` for each indexed text of `e`, in order: name, toolset, description
 * (the tool's own, else its schema's), then each parameter's name and description.
 */
function eachText(e: IndexedTool, put: (text: unknown, weight: number) => void): void {
  put(e.name, WEIGHT.name)
  put(e.toolset, WEIGHT.toolset)
  put(e.description || e.schema.description, WEIGHT.description)
  const props = (e.schema.parameters as { properties?: unknown } | undefined)?.properties
  if (isPlainObject(props)) {
    for (const key of Object.keys(props)) {
      put(key, WEIGHT.paramName)
      put((props[key] as { description?: unknown } | undefined)?.description, WEIGHT.paramText)
    }
  }
}

/** The tool's document: its terms with their weighted frequencies (the run-time cost of indexing: tokenizing). */
export function docOf(e: IndexedTool): Doc {
  const tf = new Map<string, number>()
  let len = 0
  eachText(e, (text, w) => {
    if (typeof text != 'string') return
    for (const t of terms(text)) {
      tf.set(t, (tf.get(t) ?? 0) + w)
      len += w
    }
  })
  const words = [...tf.keys()]
  const pairs: number[] = []
  for (let i = 0; i < words.length; i++) pairs.push(i, tf.get(words[i]!)! * 2)
  return { name: e.name, destructive: terms(e.name).includes(DELETE), tf: pairs, words, len }
}

/**
 * A 53-bit hash of the text `docOf` reads (each field in order, a non-string marked apart):
 * equal signatures mean the same document, so a document built ahead of time is used only
 * for the text it was built from. Much cheaper than tokenizing.
 */
export function signatureOf(e: IndexedTool): number {
  let h1 = 0x9e3779b9
  let h2 = 0x41c6ce57
  eachText(e, (text, w) => {
    // The weight ends each field (no character code reaches 0x10000), so "ab"+"c" ≠ "a"+"bc".
    const end = 0x10000 + w * 2 + (typeof text == 'string' ? 0 : 16)
    if (typeof text == 'string') {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i)
        h1 = Math.imul(h1 ^ c, 2654435761)
        h2 = Math.imul(h2 ^ c, 1597334677)
      }
    }
    h1 = Math.imul(h1 ^ end, 2654435761)
    h2 = Math.imul(h2 ^ end, 1597334677)
  })
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}
