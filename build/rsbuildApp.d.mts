import type { RsbuildConfigExport } from '@rsbuild/core';
import type { RemoteName } from '@steward/libs/runtime-config';

export declare function defineShellConfig(appDir: string): RsbuildConfigExport;
export declare function defineRemoteConfig(appDir: string, remote: RemoteName, title: string): RsbuildConfigExport;
/** The route table's remote routes as [path pattern, remote] pairs, read from its source. */
export declare function remoteRoutes(): [string, string][];
/** The areas' public pages as [prefix/*, remote] pairs, read from their source. */
export declare function publicPageRoutes(): [string, string][];
/** The rspack rule that compiles message catalogues at build time, and the parser stand-in it allows. */
export declare const CATALOG_RULE: { test: RegExp; use: { loader: string }[] };
export declare const MESSAGE_PARSER_STANDIN: string;
