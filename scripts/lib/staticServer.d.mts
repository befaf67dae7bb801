export declare function createStaticServer(options: {
  root: string;
  port: number;
  host?: string;
  spa?: boolean;
  cors?: boolean;
  dynamic?: Record<string, () => Promise<string> | string>;
  /** The API's origin: /rest/v1, /auth/v1 and /storage/v1 are passed to it. */
  api?: string;
  /** Serve HTTPS: HTTP/2 to browsers, HTTP/1.1 to clients that ask for it. */
  tls?: { key: Buffer | string; cert: Buffer | string };
  /** An HTML page's Content-Security-Policy, from the origin asked and the page's inline-script hashes; default: never framed. */
  pagePolicy?: (page: { origin: string | null; inlineHashes: string[] }) => Promise<string> | string;
}): { port: number; url: string; address: () => import('node:net').AddressInfo; start: () => Promise<void>; stop: () => Promise<void> };
