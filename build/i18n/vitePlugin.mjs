// The same compilation for Vitest (unit tests import catalogues as the build does).
import { CATALOG_FILE, compileCatalog, pseudoOf } from './compileMessages.mjs';

export function messagesPlugin() {
  return {
    name: 'steward:messages',
    enforce: 'pre',
    transform(code, id) {
      const [file, query] = id.split('?');
      if (!CATALOG_FILE.test(file)) return null;
      return { code: JSON.stringify(compileCatalog(code, { file, pseudo: pseudoOf(query ? `?${query}` : '') })), map: null };
    },
  };
}
