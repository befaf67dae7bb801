// The same compilation for Vitest (unit tests import catalogues as the build does).
import { CATALOG_FILE, compileCatalog, pseudoOf } from './compileMessages.mjs';

export function messagesPlugin() {
  return {
    name: 'steward:messages',
    enforce: 'pre',
    transform(code, id) {
      const [file, query] = id.split('?');
      if (!CATALOG_FILE.test(file)) return null;
      const compiled = JSON.stringify(compileCatalog(code, { file, pseudo: pseudoOf(query ? `?${query}` : '') }));
      // Vite's JSON plugin takes a plain .json request on from here; one with a query (?pseudo=en-XA)
      // it leaves alone, so that one is made a module here.
      return { code: query ? `export default ${compiled};` : compiled, map: null };
    },
  };
}
