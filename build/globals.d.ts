/** Build marker of the app (package version, or STEWARD_APP_VERSION at build time). */
declare const __STEWARD_APP_VERSION__: string;

/** A pseudo-locale of an area's English catalogue, made by the build (build/i18n/compileMessages.mjs). */
declare module '*.json?pseudo=en-XA' {
  const catalog: Readonly<Record<string, string>>;
  export default catalog;
}
declare module '*.json?pseudo=ar-XB' {
  const catalog: Readonly<Record<string, string>>;
  export default catalog;
}
