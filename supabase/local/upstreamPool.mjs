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
  /** @type {net.Socket[]} kept-alive sockets, the most recently used last */
  const idle = [];
  /** @type {WeakMap<net.Socket, () => void>} what takes an idle socket out of the pool when it goes */
  const onGone = new WeakMap();
  const hostHeader = `${host}:${port}`;
  // Listeners are added and removed by name: a socket carries Node's own listeners too (its 'end'
  // closes our side when the server closes its side), and those must stay.
  const IDLE_EVENTS = /** @type {const} */ (['end', 'close', 'error', 'timeout']);

  /** @param {net.Socket} socket */
  function park(socket) {
    if (idle.length >= maxIdle || socket.destroyed || socket.readableEnded) return void socket.destroy();
    // The server's FIN ('end') comes before 'close': the socket leaves the pool at the first sign.
    const gone = () => {
      unpark(socket);
      socket.destroy();
    };
    onGone.set(socket, gone);
    for (const event of IDLE_EVENTS) socket.on(event, gone);
    socket.setTimeout(idleTimeoutMs);
    idle.push(socket);
  }

  /** @param {net.Socket} socket */
  function unpark(socket) {
    const gone = onGone.get(socket);
    if (gone) for (const event of IDLE_EVENTS) socket.off(event, gone);
    onGone.delete(socket);
    const index = idle.lastIndexOf(socket);
    if (index !== -1) idle.splice(index, 1);
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

    const kept = idle.at(-1);
    if (kept) unpark(kept);
    const socket = kept ?? net.connect({ host, port, noDelay: true });
    socket.setTimeout(answerTimeoutMs);

    return new Promise((resolve, reject) => {
      const reader = answerReader(method === 'HEAD');
      /** @param {ReturnType<typeof reader.push>} answer */
      const finish = (answer) => {
        if (!answer) return;
        detach();
        if (answer.keepAlive) park(socket);
        else socket.destroy();
        resolve(answer);
      };
      /** @param {string} message */
      const fail = (message) => {
        detach();
        socket.destroy();
        reject(Object.assign(new Error(message), { reusedSocket: kept !== undefined && !reader.started() }));
      };
      /** @param {Buffer} chunk */
      const onData = (chunk) => {
        let answer;
        try {
          answer = reader.push(chunk);
        } catch (error) {
          return fail(/** @type {Error} */ (error).message);
        }
        finish(answer);
      };
      /** @param {Error} error */
      const onError = (error) => fail(error.message);
      const onTimeout = () => fail('PostgREST did not answer in time');
      // An answer without a length ends when the server closes the connection.
      const onClose = () => {
        const answer = reader.end();
        if (answer) finish(answer);
        else fail('PostgREST closed the connection before answering');
      };
      const detach = () => {
        socket.off('data', onData);
        socket.off('error', onError);
        socket.off('timeout', onTimeout);
        socket.off('close', onClose);
      };
      socket.on('data', onData);
      socket.on('error', onError);
      socket.on('timeout', onTimeout);
      socket.on('close', onClose);
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
        if (head.status < 200) throw new Error('PostgREST sent an interim answer');
        const encoding = headerOf(head.rawHeaders, 'transfer-encoding');
        const length = headerOf(head.rawHeaders, 'content-length');
        if (headRequest || head.status === 204 || head.status === 304) framing = 'none';
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
