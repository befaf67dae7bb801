/**
 * Counts how many copies of @steward/libs/shell were evaluated on the page. Module Federation
 * must make it exactly one; the end-to-end tests read this to prove shell and remotes share libs.
 */
type Counter = { __stewardLibsFederationInstances?: number };

const globalCounter = globalThis as Counter;
globalCounter.__stewardLibsFederationInstances = (globalCounter.__stewardLibsFederationInstances ?? 0) + 1;

export {};
