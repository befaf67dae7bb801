import type { createStaticServer } from './staticServer.mjs';

type StaticServer = ReturnType<typeof createStaticServer>;

export declare const REMOTE_NAMES: readonly string[];
export declare function startPlatform(options: {
  port: number;
  apiUrl: string;
  anonKey: string;
  configFile: string;
  host?: string;
  /** Default true: the shell's origin passes API calls on, and the registry names the API as '/'. */
  sameOriginApi?: boolean;
  /** Every app over HTTPS and HTTP/2 with this process's localhost certificate (localCertificate.mjs). */
  https?: boolean;
}): Promise<{ url: string; shell: StaticServer; remotes: Record<"crm" | "catalog" | "lodging" | "team-portal" | "operations" | "settings", StaticServer>; configFile: string; stop: () => Promise<unknown> }>;
