import { registry, toolError, toolResult } from '@toolreg/core'
import { evaluateExpression, ExpressionError } from '../src/lib/expression.ts'

registry.register({
  name: 'calculate',
  toolset: 'math',
  emoji: '🧮',
  schema: {
    description:
      'Evaluate an arithmetic expression: + - * / % ^, parentheses, pi, e, sqrt, abs, round, floor, ceil, min, max, ln, log10, exp, sin, cos, tan.',
    parameters: {
      type: 'object',
      properties: { expression: { type: 'string', description: 'For example 2*(3+4) or sqrt(2)^2.' } },
      required: ['expression'],
    },
  },
  // Code mode's API declares the result by it: `Promise<{ expression: string; result: number }>`.
  outputSchema: {
    type: 'object',
    properties: { expression: { type: 'string' }, result: { type: 'number' } },
    required: ['expression', 'result'],
  },
  handler(args) {
    const expression = String(args.expression ?? '')
    try {
      return toolResult({ expression, result: evaluateExpression(expression) })
    } catch (error) {
      if (error instanceof ExpressionError) return toolError(`Invalid expression: ${error.message}`, { expression })
      throw error
    }
  },
})
