// The agent's corner of localStorage: keys are prefixed so it can neither read
// nor overwrite what the rest of the site keeps there.
export const KEY_PREFIX = 'agent:'

/**
 * The shared `checkFn` of the storage tools. localStorage can be missing or
 * throw (sandboxed iframes, some privacy modes, a full quota): then the tools
 * are not offered.
 */
export function storageAvailable(): boolean {
  try {
    const probe = `${KEY_PREFIX}__probe__`
    localStorage.setItem(probe, '1')
    localStorage.removeItem(probe)
    return true
  } catch {
    return false
  }
}
