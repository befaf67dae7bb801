export { AREAS, PUBLIC_PAGES, containerName } from './areas.mjs';
export { REMOTE_NAMES, runtimeConfigSchema, type RemoteName, type RuntimeConfig } from './runtimeConfigSchema';
export { fetchRuntimeConfig, getRuntimeConfig, setRuntimeConfig } from './runtimeConfigStore';
