import type { RsbuildConfigExport } from '@rsbuild/core';
import type { RemoteName } from '@steward/libs/runtime-config';

export declare function defineShellConfig(appDir: string): RsbuildConfigExport;
export declare function defineRemoteConfig(appDir: string, remote: RemoteName, title: string): RsbuildConfigExport;
