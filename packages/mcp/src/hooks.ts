import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'

/** How the SDK stores a notification handler: already wrapped around schema parsing. */
type StoredNotificationHandler = (notification: unknown) => Promise<void>

const TOOLS_CHANGED = 'notifications/tools/list_changed'

/**
 * The SDK keeps one handler per method and exposes no getter, so the previous handler is read from
 * the client's internal map; `undefined` when that internal is not there (another SDK version).
 */
function notificationHandlerMap(client: Client): Map<string, StoredNotificationHandler> | undefined {
  const handlers = (client as unknown as { _notificationHandlers?: unknown })._notificationHandlers
  return handlers instanceof Map ? (handlers as Map<string, StoredNotificationHandler>) : undefined
}

/** Undoes a hook; a hook something else has since wrapped stays in place but goes inert. */
export type Unhook = () => void

/**
 * Calls `onChange` on every `tools/list_changed`, then the handler the client had before
 * (or its fallback handler). `chained` is false when the previous handler could not be found.
 */
export function hookToolsListChanged(client: Client, onChange: () => void): { unhook: Unhook; chained: boolean } {
  const handlers = notificationHandlerMap(client)
  const previous = handlers?.get(TOOLS_CHANGED)
  let active = true
  client.setNotificationHandler(ToolListChangedNotificationSchema, (notification) => {
    if (active) onChange()
    const next = previous ?? client.fallbackNotificationHandler
    return next?.(notification)
  })
  const installed = handlers?.get(TOOLS_CHANGED)
  const unhook = (): void => {
    active = false
    // Restore only when ours is still the stored handler: otherwise a later hook chains through ours.
    if (!handlers || handlers.get(TOOLS_CHANGED) !== installed) return
    if (previous) handlers.set(TOOLS_CHANGED, previous)
    else client.removeNotificationHandler(TOOLS_CHANGED)
  }
  return { unhook, chained: handlers !== undefined }
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
