/** @deprecated English only: `<LoadingText />` of '@steward/libs/ui'. */
export const LOADING_TEXT = 'Loading…';
