import { registry, toolResult } from '@toolreg/core'

registry.register({
  name: 'text_stats',
  toolset: 'text',
  emoji: '📝',
  schema: {
    description: 'Count characters, words, sentences and lines of a text, and list its most frequent words.',
    parameters: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    },
  },
  outputSchema: {
    type: 'object',
    properties: {
      characters: { type: 'integer' },
      words: { type: 'integer' },
      sentences: { type: 'integer' },
      lines: { type: 'integer' },
      averageWordLength: { type: 'number' },
      topWords: {
        type: 'array',
        items: {
          type: 'object',
          properties: { word: { type: 'string' }, count: { type: 'integer' } },
          required: ['word', 'count'],
        },
      },
    },
    required: ['characters', 'words', 'sentences', 'lines', 'averageWordLength', 'topWords'],
  },
  handler(args) {
    const text = String(args.text ?? '')
    const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []
    const sentences = text.split(/[.!?]+(?:\s+|$)/).filter(part => /[\p{L}\p{N}]/u.test(part)).length
    const counts = new Map<string, number>()
    for (const word of words) counts.set(word.toLowerCase(), (counts.get(word.toLowerCase()) ?? 0) + 1)
    const topWords = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
      .map(([word, count]) => ({ word, count }))
    return toolResult({
      characters: [...text].length,
      words: words.length,
      sentences,
      lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
      averageWordLength: words.length
        ? Number((words.reduce((n, w) => n + [...w].length, 0) / words.length).toFixed(2))
        : 0,
      topWords,
    })
  },
})
