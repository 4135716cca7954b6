// Results back to the model: toOpenAIToolMessage, toAnthropicToolResult, toMcpCallToolResult, toAiSdkModelOutput.
import {
  toAiSdkModelOutput,
  toAnthropicToolResult,
  toMcpCallToolResult,
  toOpenAIToolMessage,
  toolError,
  type MultimodalResult,
} from '@toolreg/core'
import { describe, expect, it } from 'vitest'

const PNG = 'iVBORw0KGgo='
const picture: MultimodalResult = {
  _multimodal: true,
  content: [
    { type: 'text', text: 'a cat' },
    { type: 'image', data: PNG, mimeType: 'image/png' },
    { type: 'image', data: 'AAAA', mimeType: 'image/bmp' },
    { type: 'audio', data: 'UklG', mimeType: 'audio/wav' },
    { type: 'resource', resource: { uri: 'file:///x', text: 'hi' } },
  ],
}
const error = toolError('[TOOL_ERROR] Tool execution failed: Error: no')

describe('result mappers', () => {
  it('toOpenAIToolMessage: strings as they are, blocks as text parts (images noted, not sent as base64 text)', () => {
    expect(toOpenAIToolMessage('call_1', 'sunny')).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'sunny' })
    const m = toOpenAIToolMessage('call_2', picture)
    expect(m.content).toHaveLength(5)
    expect(m.content[0]).toEqual({ type: 'text', text: 'a cat' })
    expect(JSON.stringify(m.content)).not.toContain(PNG)
    expect((m.content as { text: string }[])[1].text).toMatch(/image.*image\/png/)
    expect((m.content as { text: string }[])[4].text).toBe(JSON.stringify(picture.content[4]))
  })

  it('toAnthropicToolResult: is_error from isToolError; images as base64 image blocks when Anthropic takes the type', () => {
    expect(toAnthropicToolResult('toolu_1', 'sunny')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'sunny',
      is_error: false,
    })
    expect(toAnthropicToolResult('toolu_2', error)).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      content: error,
      is_error: true,
    })
    const r = toAnthropicToolResult('toolu_3', picture)
    expect(r.is_error).toBe(false)
    expect(r.content).toEqual([
      { type: 'text', text: 'a cat' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      { type: 'text', text: expect.stringMatching(/image\/bmp/) },
      { type: 'text', text: expect.stringMatching(/audio\/wav/) },
      { type: 'text', text: JSON.stringify(picture.content[4]) },
    ])
  })

  it('toMcpCallToolResult: isError from isToolError; text, image and audio blocks kept', () => {
    expect(toMcpCallToolResult('sunny')).toEqual({ content: [{ type: 'text', text: 'sunny' }], isError: false })
    expect(toMcpCallToolResult(error)).toEqual({ content: [{ type: 'text', text: error }], isError: true })
    expect(toMcpCallToolResult(picture).content.map(b => b.type)).toEqual(['text', 'image', 'image', 'audio', 'text'])
    expect(toMcpCallToolResult(picture).content[1]).toEqual({ type: 'image', data: PNG, mimeType: 'image/png' })
  })

  it('odd blocks (null, cyclic, hostile) become text without throwing', () => {
    const cyclic: Record<string, unknown> = { type: 'x' }
    cyclic.self = cyclic
    const hostile = {
      get type(): string {
        throw new Error('no')
      },
    }
    const r: MultimodalResult = { _multimodal: true, content: [null, cyclic, 7] }
    expect(toMcpCallToolResult(r).content.every(b => b.type == 'text')).toBe(true)
    expect(toMcpCallToolResult({ _multimodal: true, content: [hostile] }).content).toEqual([
      { type: 'text', text: '[unreadable content block]' },
    ])
  })

  it('toAiSdkModelOutput: errors as error-text, text as text, images as image-data parts', () => {
    expect(toAiSdkModelOutput('sunny')).toEqual({ type: 'text', value: 'sunny' })
    expect(toAiSdkModelOutput(error)).toEqual({ type: 'error-text', value: error })
    expect(toAiSdkModelOutput(picture)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'a cat' },
        { type: 'image-data', data: PNG, mediaType: 'image/png' },
        { type: 'image-data', data: 'AAAA', mediaType: 'image/bmp' },
        { type: 'file-data', data: 'UklG', mediaType: 'audio/wav' },
        { type: 'text', text: JSON.stringify(picture.content[4]) },
      ],
    })
  })
})
