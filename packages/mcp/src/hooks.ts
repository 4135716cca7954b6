import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'

const TOOLS_CHANGED = 'notifications/tools/list_changed'

/** Undoes a hook; a hook something else has since wrapped stays in place but goes inert. */
export type Unhook = () => void

type OnMessage = NonNullable<Transport['onmessage']>

const isToolsChanged = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  !('id' in message) &&
  (message as { method?: unknown }).method === TOOLS_CHANGED

/**
 * Calls `onChange` on every `tools/list_changed` the client receives, before the client
 * handles it as usual (its own handler, the one the SDK's `listChanged` option installed,
 * or its `fallbackNotificationHandler`). The SDK keeps one handler per notification and
 * offers no getter for it, so the bridge does not take that slot: it wraps the connected
 * transport's public `onmessage` callback (the one the client set in `connect`) and
 * passes every message on. `chained` is false when the client has no transport yet.
 */
export function hookToolsListChanged(client: Client, onChange: () => void): { unhook: Unhook; chained: boolean } {
  const transport = client.transport
  const previous = transport?.onmessage
  if (!transport || !previous) return { unhook: () => {}, chained: false }
  let active = true
  const ours: OnMessage = (message, extra) => {
    if (active && isToolsChanged(message)) onChange()
    previous.call(transport, message, extra)
  }
  transport.onmessage = ours
  const unhook = (): void => {
    active = false
    // Restore only when ours is still installed: otherwise a later hook chains through ours.
    if (transport.onmessage === ours) transport.onmessage = previous
  }
  return { unhook, chained: true }
}

/** Calls `onClose` when the client's transport closes, then the client's previous `onclose`. */
export function hookClose(client: Client, onClose: () => void): Unhook {
  const previous = client.onclose
  let active = true
  const ours = (): void => {
    try {
      if (active) onClose()
    } finally {
      previous?.()
    }
  }
  client.onclose = ours
  return () => {
    active = false
    if (client.onclose === ours) client.onclose = previous
  }
}
