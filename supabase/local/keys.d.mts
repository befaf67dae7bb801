export declare const JWT_SECRET: string;
export declare const ANON_KEY: string;
export declare const SERVICE_ROLE_KEY: string;
export declare const DEFAULT_PORT_BASE: number;
export declare const DB_PASSWORD: string;
