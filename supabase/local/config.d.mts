export type LogLevel = 'silent' | 'info' | 'debug';

export type StackOptions = {
  portBase?: number;
  dataDir?: string;
  fresh?: boolean;
  log?: LogLevel;
  databaseUrl?: string;
  autoconfirm?: boolean;
  migrationsDir?: string;
  seedFile?: string;
};

export type StackConfig = {
  portBase: number;
  gatewayPort: number;
  pgPort: number;
  restPort: number;
  restAdminPort: number;
  host: string;
  apiUrl: string;
  dataDir: string;
  pgDataDir: string;
  storageDir: string;
  pidFile: string;
  logFile: string;
  externalDbUrl: string | null;
  dbUrl: string;
  restDbUrl: string;
  autoconfirm: boolean;
  logLevel: LogLevel;
  migrationsDir: string;
  seedFile: string;
  fresh: boolean;
};

export declare const REPO_ROOT: string;
export declare const EXPOSED_SCHEMAS: string[];
/** Rows one API request returns at most (hosted Supabase default; config.toml api.max_rows). */
export declare const API_MAX_ROWS: number;
/** Hosted Supabase's default upload limit; a bucket's own can only lower it. */
export declare const GLOBAL_FILE_SIZE_LIMIT: number;
export declare function resolveStackConfig(options?: StackOptions, env?: NodeJS.ProcessEnv): StackConfig;
