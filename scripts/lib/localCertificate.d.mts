export declare function localCertificate(): { key: Buffer; cert: Buffer; spki: string };
export declare function chromiumTrust(): string[];
