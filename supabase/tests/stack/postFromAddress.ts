import http from 'node:http';

export type PostAnswer = { status: number; body: unknown };

/**
 * A JSON POST sent from a given local address (127.0.0.x, 127.0.77.x…), so per-client-address limits
 * see each address as a client of its own; a fresh connection each time. The body is the parsed JSON
 * answer, or null for an empty one.
 */
export function postFromAddress(fromIp: string, url: string, body: unknown, headers: Record<string, string>): Promise<PostAnswer> {
  const payload = JSON.stringify(body);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        localAddress: fromIp,
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
