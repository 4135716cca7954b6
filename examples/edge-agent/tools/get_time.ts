import { registry, toolError, toolResult } from '@toolreg/core'

registry.register({
  name: 'get_time',
  toolset: 'clock',
  emoji: '🕒',
  schema: {
    description: 'Current date and time in an IANA time zone.',
    parameters: {
      type: 'object',
      properties: { timezone: { type: 'string', description: 'IANA zone such as Europe/Lisbon; default UTC.' } },
    },
  },
  handler(args) {
    const timezone = typeof args.timezone === 'string' && args.timezone ? args.timezone : 'UTC'
    // Read at call time: in workerd the clock is 0 at module scope.
    const now = new Date()
    let local: string
    try {
      local = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, dateStyle: 'full', timeStyle: 'long' }).format(now)
    } catch {
      return toolError(`Unknown time zone: ${timezone}`)
    }
    return toolResult({ timezone, iso: now.toISOString(), local })
  },
})
