import type { ToolEntry } from '../types.js'

/** The build's table of tool name → `"tools/x.ts:LINE:COL"` (1-based). */
export type SourceTable = Readonly<Record<string, string>>

/** What one evaluation of a tool module did: the names it registered and the stale ones `endSource` removed (both sorted). */
export interface SourceVersion {
  registered: string[]
  removed: string[]
}

/**
 * Which file registered each tool, so that a re-evaluated module (dev HMR,
 * `verify`) drops the tools its previous version registered and this one did
 * not. See the README's "Where each tool came from".
 */
export class Sources {
  /** The build's table; own properties only, so `__proto__` is an ordinary name. */
  table = new Map<unknown, string>()
  /** Open files, innermost last, each with the names registered while it was on top. */
  #open: [file: string, names: Set<string>][] = []
  /** File → names its last completed version registered. */
  #done = new Map<string, string[]>()
  /** Each stored entry's file: a replaced or removed entry takes its attribution with it. */
  #file = new WeakMap<ToolEntry, string>()

  /** Closes `file` and the files opened after it; the names registered while it was open, if it was. */
  #close(file: string) {
    const i = this.#open.findIndex(o => o[0] === file)
    if (i >= 0) return this.#open.splice(i)[0][1]
  }

  /**
   * A successful registration belongs to the innermost open file, else to the file part of its
   * source: that one is read off the entry when needed (in `end`), so a start-up of thousands of
   * registrations with no file open records nothing. A source `given` in `meta` that the table
   * does not know (a lazy placeholder's) is the name's from now on: its module, registering the
   * real tool later, gets it too. Registrations without one do no table work here.
   */
  add(e: ToolEntry, given?: string) {
    const top = this.#open.at(-1)
    if (top) top[1].add(e.name), this.#file.set(e, top[0])
    if (given) this.table.set(e.name, this.table.get(e.name) ?? given)
  }

  /** Opens `file`; a file already open restarts, closing the ones opened after it. */
  begin(file: string) {
    this.#close(file)
    this.#open.push([file, new Set()])
  }

  /**
   * Closes `file` (and the files opened after it): removes what its previous version
   * registered, this one did not, and is still its own. An unopened file changes nothing.
   */
  end(file: string, get: (name: string) => ToolEntry | undefined, remove: (name: string) => unknown): SourceVersion {
    const names = this.#close(file)
    if (!names) return { registered: [], removed: [] }
    // Still its own: attributed to `file` while open, else by the file part of its source.
    const removed = (this.#done.get(file) ?? []).filter(
      n => !names.has(n) && (this.#file.get(get(n)!) ?? get(n)?.source?.replace(/:\d+:\d+$/, '')) === file,
    )
    const registered = [...names].sort()
    this.#done.set(file, registered)
    for (const n of removed) remove(n)
    return { registered, removed: removed.sort() }
  }
}
