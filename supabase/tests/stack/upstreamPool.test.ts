import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerReader, createUpstreamPool } from '../../local/upstreamPool.mjs';

const chunked = (status: string, parts: string[], extra = '') =>
  `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${extra}\r\n` +
  parts.map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`).join('') +
  '0\r\n\r\n';

/** Feeds the answer split at every pair of cut points; each reading must give the same result. */
function readSplits(text: string, headRequest = false) {
  const bytes = Buffer.from(text);
  const results = [];
  for (let a = 0; a <= bytes.length; a += 1) {
    for (const b of [a, Math.min(bytes.length, a + 1), Math.min(bytes.length, a + 7)]) {
      const reader = answerReader(headRequest);
      let answer = null;
      for (const piece of [bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)]) {
        if (piece.length === 0 || answer) continue;
        answer = reader.push(piece);
      }
      results.push(answer && { status: answer.status, body: answer.body.toString(), keepAlive: answer.keepAlive });
    }
  }
  return results;
}

describe('reading PostgREST’s answers', () => {
  it('reads a chunked body however the bytes arrive', () => {
    const text = chunked('200 OK', ['[{"id":1,', '"name":"Ada"}', ']']);
    for (const result of readSplits(text)) expect(result).toEqual({ status: 200, body: '[{"id":1,"name":"Ada"}]', keepAlive: true });
  });

  it('reads a Content-Length body, an empty 204, and a HEAD answer without its body', () => {
    const withLength = 'HTTP/1.1 201 Created\r\nContent-Length: 5\r\n\r\nhello';
    for (const result of readSplits(withLength)) expect(result).toEqual({ status: 201, body: 'hello', keepAlive: true });
    for (const result of readSplits('HTTP/1.1 204 No Content\r\nContent-Range: */*\r\n\r\n')) expect(result).toEqual({ status: 204, body: '', keepAlive: true });
    // PostgREST closes the connection after a HEAD: it is not kept.
    for (const result of readSplits('HTTP/1.1 200 OK\r\nContent-Length: 9000\r\n\r\n', true)) expect(result).toEqual({ status: 200, body: '', keepAlive: false });
  });

  it('keeps the headers as sent and gives up the connection when the server closes it', () => {
    const reader = answerReader(false);
    const answer = reader.push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Range: 0-1/2\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok'));
    expect(answer?.rawHeaders).toEqual(['Content-Range', '0-1/2', 'Connection', 'close', 'Content-Length', '2']);
    expect(answer?.keepAlive).toBe(false);
    const untilClose = answerReader(false);
    expect(untilClose.push(Buffer.from('HTTP/1.1 200 OK\r\n\r\npart one, '))).toBeNull();
    expect(untilClose.push(Buffer.from('part two'))).toBeNull();
    expect(untilClose.end()?.body.toString()).toBe('part one, part two');
  });

  it('refuses malformed answers instead of guessing their end', () => {
    expect(() => answerReader(false).push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'))).toThrow(/chunk size/);
    expect(() => answerReader(false).push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXY'))).toThrow(/malformed chunk/);
    expect(() => answerReader(false).push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'))).toThrow(/Content-Length/);
    expect(() => answerReader(false).push(Buffer.from('SMTP ready\r\n\r\n'))).toThrow(/status line/);
    expect(() => answerReader(false).push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n'))).toThrow(/transfer encoding/);
  });
});

describe('the read pool', () => {
  const servers: net.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function server(onRequest: (socket: net.Socket, head: string, count: number) => void) {
    let count = 0;
    const srv = net.createServer((socket) => {
      let pending = '';
      socket.on('data', (data) => {
        pending += data.toString('latin1');
        let end;
        while ((end = pending.indexOf('\r\n\r\n')) !== -1) {
          const head = pending.slice(0, end);
          pending = pending.slice(end + 4);
          count += 1;
          onRequest(socket, head, count);
        }
      });
    });
    srv.listen(0, '127.0.0.1');
    await once(srv, 'listening');
    servers.push(srv);
    return (srv.address() as AddressInfo).port;
  }

  it('sends the method, path and headers with its own Host, and reuses the connection', async () => {
    const heads: string[] = [];
    const sockets = new Set<net.Socket>();
    const port = await server((socket, head) => {
      heads.push(head);
      sockets.add(socket);
      socket.write(chunked('200 OK', ['[]']));
    });
    const pool = createUpstreamPool({ host: '127.0.0.1', port });
    try {
      for (let i = 0; i < 3; i += 1) {
        const answer = await pool.request('GET', '/contacts?select=id', ['Host', 'gateway:1', 'Authorization', 'Bearer t', 'Accept-Profile', 'crm']);
        expect(answer.body.toString()).toBe('[]');
      }
      expect(heads[0]).toBe(`GET /contacts?select=id HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer t\r\nAccept-Profile: crm`);
      expect(sockets.size).toBe(1);
    } finally {
      pool.close();
    }
  });

  it('marks a failure on a reused connection that got no answer, and not one on a fresh connection', async () => {
    const port = await server((socket, _head, count) => {
      if (count === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      else socket.destroy();
    });
    const pool = createUpstreamPool({ host: '127.0.0.1', port });
    try {
      await pool.request('GET', '/a', []);
      await expect(pool.request('GET', '/b', [])).rejects.toMatchObject({ reusedSocket: true });
      await expect(pool.request('GET', '/c', [])).rejects.toMatchObject({ reusedSocket: false });
    } finally {
      pool.close();
    }
  });

  it('hears a server that closes its side of a kept connection instead of answering', async () => {
    const port = await server((socket, _head, count) => {
      if (count === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      else socket.end();
    });
    // The answer timeout is far beyond the test's: only the close itself can end the request in time.
    const pool = createUpstreamPool({ host: '127.0.0.1', port, answerTimeoutMs: 60_000 });
    try {
      await pool.request('GET', '/a', []);
      await expect(pool.request('GET', '/b', [])).rejects.toMatchObject({ reusedSocket: true });
    } finally {
      pool.close();
    }
  }, 5_000);

  it('does not keep a connection after a HEAD (the server closes it without saying so)', async () => {
    const sockets = new Set<net.Socket>();
    const port = await server((socket) => {
      sockets.add(socket);
      socket.write('HTTP/1.1 200 OK\r\nContent-Range: 0-0/3\r\n\r\n');
    });
    const pool = createUpstreamPool({ host: '127.0.0.1', port });
    try {
      await pool.request('HEAD', '/a', []);
      await pool.request('HEAD', '/b', []);
      expect(sockets.size).toBe(2);
    } finally {
      pool.close();
    }
  });

  it('fails at once when nothing listens', async () => {
    const pool = createUpstreamPool({ host: '127.0.0.1', port: 9 });
    await expect(pool.request('GET', '/', [])).rejects.toThrow();
  });
});
