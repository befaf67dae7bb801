// Types of the local stack's JavaScript entry point, as the end-to-end setup uses it.
declare module '*/supabase/local/stack.mjs' {
  export function startStack(options?: { portBase?: number; fresh?: boolean; dataDir?: string }): Promise<{
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dbUrl: string;
    stop: () => Promise<void>;
  }>;
}
