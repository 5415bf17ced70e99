import { describe, expect, it } from 'vitest'
import { SseParser } from '../../renderer/src/bridge/sse-reader'

describe('server-sent events parser', () => {
  it('yields named events with their data, across arbitrary chunk boundaries', () => {
    const stream = 'retry: 2000\n: connected\n\nevent: system.changed\ndata: {"a":1}\n\nevent: x.y\ndata: line1\ndata: line2\n\n'
    for (const size of [1, 3, 7, stream.length]) {
      const parser = new SseParser()
      const events = []
      for (let i = 0; i < stream.length; i += size) events.push(...parser.push(stream.slice(i, i + size)))
      expect(events).toEqual([
        { event: 'system.changed', data: '{"a":1}' },
        { event: 'x.y', data: 'line1\nline2' },
      ])
    }
  })

  it('accepts CRLF and CR line ends and defaults the event name to message', () => {
    const parser = new SseParser()
    expect(parser.push('data: one\r\n\r\ndata:two\r\r')).toEqual([
      { event: 'message', data: 'one' },
      { event: 'message', data: 'two' },
    ])
  })

  it('ignores comments and keeps an incomplete event until its blank line arrives', () => {
    const parser = new SseParser()
    expect(parser.push(': keep-alive\n\nevent: a.b\ndata: {}')).toEqual([])
    expect(parser.push('\n\n')).toEqual([{ event: 'a.b', data: '{}' }])
  })
})
