import { say } from '../describe.js'
import type { Logger, RegistryEvent, RegistryListener } from '../types.js'

/** The registry's change listeners (README: "Generation and change events"). */
export class Events {
  #listeners = new Set<RegistryListener>()
  /** Events not yet delivered: a listener that registers queues its event behind the current one. */
  #queue: RegistryEvent[] = []

  /** Calls `listener` synchronously after every generation bump; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void {
    // A wrapper per subscription, so the same function may subscribe twice.
    const l = (e: RegistryEvent) => listener(e)
    this.#listeners.add(l)
    return () => void this.#listeners.delete(l)
  }

  /** Delivers one event to every listener, in order; a listener that throws is logged. */
  emit(logger: Logger, type: RegistryEvent['type'], name: string, toolset: string, generation: number) {
    const q = this.#queue
    // Nobody to tell and nothing being delivered (a lazy table's start-up): no event to build.
    if (!this.#listeners.size && !q.length) return
    // Delivering already (a listener re-entered): the loop below picks this event up in order.
    if (q.push({ type, name, toolset, generation }) > 1) return
    for (const event of q) {
      for (const l of [...this.#listeners]) {
        try {
          l(event)
        } catch (err) {
          say(logger, 'error', 'listener threw:', err)
        }
      }
    }
    q.length = 0
  }
}
