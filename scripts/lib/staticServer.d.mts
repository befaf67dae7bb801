export declare function createStaticServer(options: {
  root: string;
  port: number;
  host?: string;
  spa?: boolean;
  cors?: boolean;
  dynamic?: Record<string, () => Promise<string> | string>;
}): { port: number; url: string; start: () => Promise<void>; stop: () => Promise<void> };
