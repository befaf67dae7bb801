// Components around remote areas: the boundary the shell mounts each remote in and the standalone
// frame. Kept apart from '@steward/libs/federation' (the light contracts the shell's first screen
// reads) because these need antd.
export { RemoteBoundary } from './RemoteBoundary';
export { renderStandalone } from './StandaloneApp';
