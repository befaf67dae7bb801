export type PidRecord = { pid: number; startTime: string | null; [key: string]: unknown };

export declare function isAlive(pid: number): boolean;
export declare function processStartTime(pid: number): string | null;
export declare function processCommandLine(pid: number): string;
export declare function isRecordedProcessAlive(record: PidRecord): boolean;
export declare function writePidFile(file: string, pid: number, extra?: Record<string, unknown>): Promise<PidRecord>;
export declare function readPidFile(file: string): Promise<PidRecord | null>;
export declare function removeFile(file: string): Promise<void>;
export declare function waitForExit(pid: number, timeoutMs: number): Promise<boolean>;
export declare function terminate(pid: number, options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<void>;
export declare function delay(ms: number): Promise<void>;
