/** One call: its tool, its count of handler calls, and whether a person approved it. */
export interface CallState {
  name: string
  attempts: number
  approved?: boolean
}

/** The state of the call whose handler is being called (set around the handler call's synchronous part). */
let current: CallState | undefined

/** Calls `f` as the handler call of `state`'s call: a lazy placeholder reads the state with `calling()`. */
export function during<T>(state: CallState, f: () => T): T {
  current = state
  try {
    return f()
  } finally {
    current = undefined
  }
}

export const calling = (): CallState | undefined => current

/**
 * The contexts a lazy placeholder hands to its real tool's dispatch, each with the state of the
 * call it continues: that dispatch is the same call, so hooks fire once and approval is asked once.
 * A key is taken by the first dispatch that meets it (see `runCall`), never reused.
 */
export const nested = new WeakMap<object, CallState>()
