import type { StackConfig, StackOptions } from './config.mjs';

export type RunningStack = {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  dataDir: string;
  /** The mail outbox's web page; its JSON API is `${mailUrl}/api/email`. */
  mailUrl: string;
  /** Child process ids; postgres is null when DATABASE_URL points at an external server. */
  pids: () => { postgres: number | null; postgrest: number | null };
  stop: () => Promise<void>;
};

export declare class StackAlreadyRunningError extends Error {}
export declare function startStack(options?: StackOptions & { detached?: boolean }): Promise<RunningStack>;
export declare function resetStack(options?: StackOptions & { detached?: boolean }): Promise<RunningStack>;
export declare function stopRunningStack(config: StackConfig): Promise<number | null>;
export declare function wipeDataDir(dataDir: string): Promise<void>;
