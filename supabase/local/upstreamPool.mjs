// @ts-check
// The gateway's connections to PostgREST for requests without a body (reads: GET, HEAD, and DELETE
// without one) — the hot path of every list and detail. A keep-alive pool of plain sockets: one write
// per request, the answer read in place (status, headers, a Content-Length or chunked body) and handed
// over whole. Node's http client does the same job through an agent, a ClientRequest, a parser object
// and a readable stream per request; on a 1 ms read that machinery is a measurable share of the hop.
// Requests with a body keep using Node's http client (they stream).
import net from 'node:net';

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * @typedef {{ status: number, rawHeaders: string[], body: Buffer }} UpstreamAnswer
 * @typedef {Error & { reusedSocket?: boolean }} UpstreamError reusedSocket: the request went out on a
 *   kept-alive socket that the server had closed meanwhile (a bodiless request is safe to send again)
 */

/**
 * @param {{ host: string, port: number, maxIdle?: number, idleTimeoutMs?: number, answerTimeoutMs?: number }} options
 *   idleTimeoutMs: idle sockets close before the server's own idle timeout can race a reuse
 */
export function createUpstreamPool({ host, port, maxIdle = 128, idleTimeoutMs = 20_000, answerTimeoutMs = 300_000 }) {
  /** @type {net.Socket[]} */
  const idle = [];
  const hostHeader = `${host}:${port}`;

  /** @param {net.Socket} socket */
  function release(socket) {
    socket.removeAllListeners('data');
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
    socket.removeAllListeners('timeout');
    socket.removeAllListeners('end');
    if (idle.length >= maxIdle || socket.destroyed || socket.readableEnded) return void socket.destroy();
    socket.setTimeout(idleTimeoutMs);
    socket.once('timeout', () => dropIdle(socket));
    // The server's FIN ('end') comes before 'close': the socket leaves the pool at the first sign.
    socket.once('end', () => dropIdle(socket));
    socket.once('close', () => dropIdle(socket));
    socket.once('error', () => dropIdle(socket));
    idle.push(socket);
  }

  /** @param {net.Socket} socket */
  function dropIdle(socket) {
    const index = idle.indexOf(socket);
    if (index !== -1) idle.splice(index, 1);
    socket.destroy();
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {string[]} headers [name, value, …] as received (Node's server has validated them)
   * @returns {Promise<UpstreamAnswer>}
   */
  function request(method, path, headers) {
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\n`;
    for (let i = 0; i < headers.length; i += 2) {
      const name = /** @type {string} */ (headers[i]);
      if (name.length === 4 && name.toLowerCase() === 'host') continue;
      head += `${name}: ${headers[i + 1]}\r\n`;
    }
    head += '\r\n';

    const reused = idle.length > 0;
    const socket = idle.pop() ?? net.connect({ host, port, noDelay: true });
    if (reused) {
      socket.removeAllListeners('timeout');
      socket.removeAllListeners('end');
      socket.removeAllListeners('close');
      socket.removeAllListeners('error');
    }
    socket.setTimeout(answerTimeoutMs);

    return new Promise((resolve, reject) => {
      const reader = answerReader(method === 'HEAD');
      let settled = false;
      /** @param {string} message */
      const fail = (message) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        reject(Object.assign(new Error(message), { reusedSocket: reused && !reader.started() }));
      };
      socket.on('data', (/** @type {Buffer} */ chunk) => {
        let answer;
        try {
          answer = reader.push(chunk);
        } catch (error) {
          return fail(/** @type {Error} */ (error).message);
        }
        if (!answer || settled) return;
        settled = true;
        if (answer.keepAlive) release(socket);
        else socket.destroy();
        resolve(answer);
      });
      socket.on('error', (error) => fail(error.message));
      socket.on('timeout', () => fail('PostgREST did not answer in time'));
      socket.on('close', () => {
        const answer = reader.end();
        if (answer && !settled) {
          settled = true;
          return resolve(answer);
        }
        fail('PostgREST closed the connection before answering');
      });
      socket.write(head, 'latin1');
    });
  }

  return {
    request,
    close() {
      for (const socket of idle.splice(0)) socket.destroy();
    },
  };
}

/**
 * Reads one HTTP/1.1 answer from the bytes as they arrive: `push` returns it once complete (with
 * whether the connection may be reused), `end` when the server closed the connection.
 * @param {boolean} headRequest the answer to a HEAD has no body, whatever its headers say
 */
export function answerReader(headRequest) {
  /** @type {Buffer} */
  let pending = Buffer.alloc(0);
  /** @type {{ status: number, rawHeaders: string[], keepAlive: boolean } | null} */
  let head = null;
  /** @type {'length' | 'chunked' | 'close' | 'none'} */
  let framing = 'none';
  let remaining = 0;
  /** @type {Buffer[]} */
  const body = [];
  let bodySize = 0;
  let started = false;

  // PostgREST's server closes the connection after answering a HEAD, without saying so: the socket
  // is not kept for another request (it would fail when reused).
  const done = () => {
    const current = /** @type {NonNullable<typeof head>} */ (head);
    const keepAlive = current.keepAlive && framing !== 'close' && !headRequest;
    return { status: current.status, rawHeaders: current.rawHeaders, keepAlive, body: body.length === 1 ? /** @type {Buffer} */ (body[0]) : Buffer.concat(body, bodySize) };
  };
  /** @param {Buffer} part */
  const take = (part) => {
    body.push(part);
    bodySize += part.length;
  };

  return {
    started: () => started,
    /** @param {Buffer} chunk */
    push(chunk) {
      started = true;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (!head) {
        const end = pending.indexOf(CRLF_CRLF);
        if (end === -1) {
          if (pending.length > 64 * 1024) throw new Error('PostgREST sent an oversized header');
          return null;
        }
        head = parseHead(pending.toString('latin1', 0, end));
        pending = pending.subarray(end + 4);
        const lower = (/** @type {string} */ name) => headerOf(head?.rawHeaders ?? [], name);
        const noBody = headRequest || head.status === 204 || head.status === 304 || (head.status >= 100 && head.status < 200);
        if (head.status >= 100 && head.status < 200) throw new Error('PostgREST sent an interim answer');
        const encoding = lower('transfer-encoding');
        const length = lower('content-length');
        if (noBody) framing = 'none';
        else if (encoding !== undefined) {
          if (!/(^|,)\s*chunked\s*$/i.test(encoding)) throw new Error(`PostgREST sent an unsupported transfer encoding: ${encoding}`);
          framing = 'chunked';
        } else if (length !== undefined) {
          if (!/^\d+$/.test(length)) throw new Error('PostgREST sent an invalid Content-Length');
          framing = 'length';
          remaining = Number(length);
        } else framing = 'close';
      }
      return readBody();
    },
    end() {
      if (head && framing === 'close') {
        take(pending);
        pending = Buffer.alloc(0);
        return done();
      }
      return null;
    },
  };

  function readBody() {
    if (framing === 'none') return done();
    if (framing === 'close') {
      take(pending);
      pending = Buffer.alloc(0);
      return null;
    }
    if (framing === 'length') {
      const part = pending.subarray(0, remaining);
      if (part.length) take(part);
      remaining -= part.length;
      pending = pending.subarray(part.length);
      return remaining === 0 ? done() : null;
    }
    // chunked: size line, data, CRLF … then a zero size, optional trailers and an empty line
    for (;;) {
      if (remaining > 0) {
        const part = pending.subarray(0, remaining);
        if (part.length) take(part);
        remaining -= part.length;
        pending = pending.subarray(part.length);
        if (remaining > 0) return null;
        remaining = -2; // the CRLF after the data
      }
      if (remaining === -2) {
        if (pending.length < 2) return null;
        if (pending[0] !== 13 || pending[1] !== 10) throw new Error('PostgREST sent a malformed chunk');
        pending = pending.subarray(2);
        remaining = 0;
      }
      if (remaining === -1) {
        // after the last chunk: trailer lines until an empty one
        const end = pending.indexOf(CRLF);
        if (end === -1) return null;
        pending = pending.subarray(end + 2);
        if (end === 0) return done();
        continue;
      }
      const lineEnd = pending.indexOf(CRLF);
      if (lineEnd === -1) {
        if (pending.length > 1024) throw new Error('PostgREST sent a malformed chunk size');
        return null;
      }
      const sizeText = pending.toString('latin1', 0, lineEnd).split(';', 1)[0]?.trim() ?? '';
      if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) throw new Error('PostgREST sent a malformed chunk size');
      pending = pending.subarray(lineEnd + 2);
      const size = Number.parseInt(sizeText, 16);
      remaining = size === 0 ? -1 : size;
    }
  }
}

/** @param {string} text the status line and header lines, without the final blank line */
function parseHead(text) {
  const lines = text.split('\r\n');
  const statusLine = /^HTTP\/1\.([01]) (\d{3})/.exec(lines[0] ?? '');
  if (!statusLine) throw new Error('PostgREST sent a malformed status line');
  /** @type {string[]} */
  const rawHeaders = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = /** @type {string} */ (lines[i]);
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error('PostgREST sent a malformed header');
    rawHeaders.push(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const connection = headerOf(rawHeaders, 'connection')?.toLowerCase() ?? '';
  const keepAlive = statusLine[1] === '1' ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection);
  return { status: Number(statusLine[2]), rawHeaders, keepAlive };
}

/** @param {string[]} raw @param {string} name lower case */
function headerOf(raw, name) {
  for (let i = 0; i < raw.length; i += 2) if (/** @type {string} */ (raw[i]).toLowerCase() === name) return raw[i + 1];
  return undefined;
}
