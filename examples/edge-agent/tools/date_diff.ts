import { registry, toolError, toolResult } from '@toolreg/core'

const DAY_MS = 86_400_000

registry.register({
  name: 'date_diff',
  toolset: 'clock',
  emoji: '📅',
  schema: {
    description: 'Days (and weekdays) between two dates, counting from the first to the second.',
    parameters: {
      type: 'object',
      properties: {
        from: { type: 'string', format: 'date', description: 'Start date, YYYY-MM-DD.' },
        to: { type: 'string', format: 'date', description: 'End date, YYYY-MM-DD.' },
      },
      required: ['from', 'to'],
    },
  },
  handler(args) {
    const from = parseDate(args.from)
    const to = parseDate(args.to)
    if (from === undefined || to === undefined) return toolError('from and to must be dates in the form YYYY-MM-DD')
    const days = Math.round((to - from) / DAY_MS)
    return toolResult({
      from: args.from,
      to: args.to,
      days,
      weeks: Math.trunc(days / 7),
      weekdays: weekdaysBetween(from, to),
    })
  },
})

/** Midnight UTC of a calendar date, or undefined. `Date.parse` alone accepts 2024-02-31. */
function parseDate(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const time = Date.UTC(year, month - 1, day)
  const date = new Date(time)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? time
    : undefined
}

/** Monday–Friday days in [start, end) — negative when end comes first. */
function weekdaysBetween(from: number, to: number): number {
  const [start, end, sign] = from <= to ? [from, to, 1] : [to, from, -1]
  const days = Math.round((end - start) / DAY_MS)
  let count = Math.trunc(days / 7) * 5
  const startDay = new Date(start).getUTCDay()
  for (let i = 0; i < days % 7; i++) {
    const weekday = (startDay + i) % 7
    if (weekday !== 0 && weekday !== 6) count++
  }
  return sign * count
}
