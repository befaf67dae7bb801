// Rspack loader for an area's catalogue (build/i18n/compileMessages.mjs): the JSON of ICU messages in,
// the JSON of compiled messages out (still a JSON module), so each catalogue is compiled in the build
// of its own area and shipped as its chunk.
module.exports = function messagesLoader(source) {
  const callback = this.async();
  import('./compileMessages.mjs')
    .then(({ compileCatalog, pseudoOf }) => callback(null, JSON.stringify(compileCatalog(source, { file: this.resourcePath, pseudo: pseudoOf(this.resourceQuery) }))))
    .catch((error) => callback(error));
};
