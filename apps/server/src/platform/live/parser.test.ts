import { describe, expect, it } from 'vitest';
import { completeMessage, escapeHeader, FrameError, messageHead, prepareMessage, serializeFrame, unescapeHeader } from './frame.js';
import { formatHeartBeat, negotiateHeartBeat, parseHeartBeat } from './heartbeat.js';
import { FrameParser } from './parser.js';

describe('header escaping', () => {
  it('escapes and unescapes backslash, LF, colon and CR', () => {
    const raw = 'a\\b\nc:d\re';
    const escaped = escapeHeader(raw);
    expect(escaped).toBe('a\\\\b\\nc\\cd\\re');
    expect(unescapeHeader(escaped)).toBe(raw);
  });

  it('refuses undefined escape sequences', () => {
    expect(() => unescapeHeader('a\\tb')).toThrow(FrameError);
    expect(() => unescapeHeader('trailing\\')).toThrow(FrameError);
  });
});

describe('prepared MESSAGE frames', () => {
  const viaSerialize = (subscription: string, messageId: string, destination: string, body: string) =>
    Buffer.from(
      serializeFrame({
        command: 'MESSAGE',
        headers: { subscription, 'message-id': messageId, destination, 'content-type': 'application/json' },
        body,
      }),
    );

  it('gives each subscriber the bytes serializeFrame would, escaping its subscription id', () => {
    const body = '{"eventType":21,"data":[{"nickname":"玩家1","giftName":"AK-47 | 红线"}]}';
    const message = prepareMessage('/topic/messages', body);
    for (const [id, seq] of [
      ['sub-0', 1],
      ['odd:id\\with\nbreaks\r', 42],
      ['sub-7', 1_000_000],
    ] as const) {
      const frame = completeMessage(messageHead(id, 'node1-a-'), seq, message.tail);
      expect(frame.equals(viaSerialize(id, `node1-a-${seq}`, '/topic/messages', body))).toBe(true);
      const [parsed] = new FrameParser().push(frame).frames;
      expect(parsed!.headers).toMatchObject({ subscription: id, 'message-id': `node1-a-${seq}` });
      expect(parsed!.body.toString()).toBe(body);
    }
  });

  it('leaves content-length out of an empty body, as serializeFrame does', () => {
    const frame = completeMessage(messageHead('s', 'c-'), 3, prepareMessage('/topic/x', '').tail);
    expect(frame.toString()).toBe(viaSerialize('s', 'c-3', '/topic/x', '').toString());
    expect(frame.toString()).not.toContain('content-length');
  });

  it('does not let one frame overwrite another built from the same parts', () => {
    const message = prepareMessage('/topic/messages', '{"a":1}');
    const head = messageHead('sub-0', 'c-');
    const frames = Array.from({ length: 50 }, (_, i) => completeMessage(head, i + 1, message.tail));
    expect(frames.map((f) => new FrameParser().push(f).frames[0]!.headers['message-id'])).toEqual(
      Array.from({ length: 50 }, (_, i) => `c-${i + 1}`),
    );
  });
});

describe('serializeFrame', () => {
  it('escapes headers, adds content-length and the NUL terminator', () => {
    const text = serializeFrame({ command: 'MESSAGE', headers: { 'x:y': 'a\nb' }, body: 'hé' });
    expect(text).toBe('MESSAGE\nx\\cy:a\\nb\ncontent-length:3\n\nhé\0');
  });

  it('does not escape CONNECTED headers', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', x: 'a:b' } })).toBe('CONNECTED\nversion:1.2\nx:a:b\n\n\0');
  });

  it('round-trips through the parser', () => {
    const headers = { destination: '/topic/messages', odd: 'x:\\\ny\r' };
    const frames = new FrameParser().push(serializeFrame({ command: 'SEND', headers, body: '{"a":1}' })).frames;
    expect(frames).toHaveLength(1);
    expect(frames[0]!.headers).toMatchObject(headers);
    expect(frames[0]!.body.toString()).toBe('{"a":1}');
  });
});

describe('FrameParser', () => {
  it('parses a frame with unescaped CONNECT headers', () => {
    const { frames } = new FrameParser().push('CONNECT\naccept-version:1.2\nlogin:a\\nb\n\n\0');
    expect(frames[0]).toMatchObject({
      command: 'CONNECT',
      headers: { 'accept-version': '1.2', login: 'a\\nb' },
    });
    expect(frames[0]!.body.length).toBe(0);
  });

  it('unescapes headers of other frames and keeps the first of repeated headers', () => {
    const { frames } = new FrameParser().push('SUBSCRIBE\nid:a\\cb\\\\c\nid:second\ndestination:/x\n\n\0');
    expect(frames[0]!.headers).toMatchObject({ id: 'a:b\\c', destination: '/x' });
  });

  it('honours content-length, including an embedded NUL', () => {
    const body = Buffer.from([0x61, 0x00, 0x62]);
    const chunk = Buffer.concat([Buffer.from('SEND\ndestination:/x\ncontent-length:3\n\n'), body, Buffer.from([0])]);
    const { frames } = new FrameParser().push(chunk);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.body.equals(body)).toBe(true);
  });

  it('requires a NUL right after a content-length body', () => {
    expect(() => new FrameParser().push('SEND\ncontent-length:1\n\nab\0')).toThrow('missing NUL after body');
  });

  it('parses several frames in one chunk, with heart-beat EOLs between them', () => {
    const p = new FrameParser();
    const r = p.push('\n\r\nSUBSCRIBE\nid:1\ndestination:/a\n\n\0\n\nUNSUBSCRIBE\r\nid:1\r\n\r\n\0\n');
    expect(r.frames.map((f) => f.command)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    expect(r.frames[1]!.headers).toEqual({ id: '1' });
    expect(r.heartbeats).toBe(5);
  });

  it('counts bare heart-beats', () => {
    const p = new FrameParser();
    expect(p.push('\n')).toEqual({ frames: [], heartbeats: 1 });
    expect(p.push('\r\n\n')).toEqual({ frames: [], heartbeats: 2 });
  });

  it('reassembles a frame split across chunks (even inside the header section and body)', () => {
    const text = 'SUBSCRIBE\nid:7\ndestination:/topic/messages\n\n\0SEND\ncontent-length:5\n\nhello\0';
    const p = new FrameParser();
    const commands: string[] = [];
    for (const ch of text) commands.push(...p.push(ch).frames.map((f) => f.command));
    expect(commands).toEqual(['SUBSCRIBE', 'SEND']);
  });

  it.each([
    ['lower-case command', 'connect\n\n\0', 'invalid command'],
    ['header without colon', 'SUBSCRIBE\nid\n\n\0', 'malformed header'],
    ['empty header name', 'SUBSCRIBE\n:x\n\n\0', 'malformed header'],
    ['bad escape', 'SUBSCRIBE\nid:\\t\n\n\0', 'invalid header escape'],
    ['NUL inside the headers', 'SUBSCRIBE\nid:1\0\n\n', 'malformed frame'],
    ['NUL before the end of headers', 'DISCONNECT\0', 'malformed frame'],
    ['bad content-length', 'SEND\ncontent-length:-1\n\n\0', 'invalid content-length'],
  ])('refuses %s', (_name, input, message) => {
    expect(() => new FrameParser().push(input)).toThrow(message);
  });

  it('refuses frames larger than the limit, even when they arrive in pieces', () => {
    const p = new FrameParser({ maxFrameBytes: 100 });
    p.push('SEND\ndestination:/x\n\n');
    expect(() => p.push('x'.repeat(200))).toThrow('frame too large');
    expect(() => new FrameParser({ maxFrameBytes: 100 }).push('SEND\ncontent-length:1000\n\n')).toThrow('frame too large');
  });
});

describe('heart-beat negotiation', () => {
  const server = { send: 10_000, receive: 10_000 };

  it('parses the header; missing means 0,0', () => {
    expect(parseHeartBeat(undefined)).toEqual({ send: 0, receive: 0 });
    expect(parseHeartBeat('100, 200')).toEqual({ send: 100, receive: 200 });
    expect(() => parseHeartBeat('x,1')).toThrow(FrameError);
  });

  it('takes the max of the two sides in each direction', () => {
    expect(negotiateHeartBeat({ send: 4000, receive: 20_000 }, server)).toEqual({
      incoming: 10_000,
      outgoing: 20_000,
    });
    expect(negotiateHeartBeat({ send: 30_000, receive: 1000 }, server)).toEqual({
      incoming: 30_000,
      outgoing: 10_000,
    });
  });

  it('disables a direction when either side says 0', () => {
    expect(negotiateHeartBeat({ send: 0, receive: 5000 }, server)).toEqual({ incoming: 0, outgoing: 10_000 });
    expect(negotiateHeartBeat({ send: 5000, receive: 0 }, server)).toEqual({ incoming: 10_000, outgoing: 0 });
    expect(negotiateHeartBeat({ send: 5000, receive: 5000 }, { send: 0, receive: 0 })).toEqual({
      incoming: 0,
      outgoing: 0,
    });
  });

  it('answers sx,sy such that the client computes the same intervals', () => {
    const n = negotiateHeartBeat({ send: 4000, receive: 20_000 }, server);
    expect(formatHeartBeat(n)).toBe('20000,10000');
  });
});
