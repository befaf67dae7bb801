// Components around remote areas: the boundary the shell mounts each remote in, the placeholder for
// screens not built yet, and the standalone frame. Kept apart from '@steward/libs/federation' (the
// light contracts the shell's first screen reads) because these need antd.
export { AreaPlaceholder } from './AreaPlaceholder';
export { RemoteBoundary } from './RemoteBoundary';
export { placeholderArea } from './placeholderArea';
export { placeholderRoutes } from './placeholderRoutes';
export { renderStandalone } from './StandaloneApp';
