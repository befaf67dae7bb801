// The code of the area a page opens on, started by index.html itself. The shell's build inlines
// `startArea` (build/rsbuildApp.mjs) with the route table's remote routes, so it runs while the page is
// still being parsed: it reads the runtime registry (/runtime-config.json, preloaded by the page), asks
// for the owning remote's manifest and, once that is in, preloads the scripts the remote's './area'
// runs first. Started from the app's code instead, these waited for the shell's own code to download
// and run (on a phone, two round trips after the shell's chunks). The app takes both answers
// (earlyArea.ts), so nothing is fetched twice. The manifest reaches the app once the scripts it names
// have been asked for here: both read the same answer, and before, whichever callback ran first sent
// the requests, so on some loads the remote's first scripts left from the app's code (which a phone's
// network would have made wait for the shell's chunks). A manifest that failed reaches the app as it
// failed, and is not reported as unhandled before the app looks. Plain JavaScript with no imports,
// because it is turned into the page's source (minified, build/rsbuildApp.mjs inlineScript). Every URL
// comes from the registry and the remote's manifest.

/**
 * @typedef {{ area: string, config: Promise<Response>, manifests: Record<string, Promise<Response>> }} AreaStart
 */

/**
 * @param {{ routes: [string, string][], config: string }} options routes: [path pattern, remote] pairs
 * @param {{ location: { pathname: string, href: string }, document: Document, fetch: typeof fetch }} env
 * @returns {AreaStart | null}
 */
export function startArea(options, env) {
  var segments = env.location.pathname.toLowerCase().split('/');
  var area = null;
  for (var i = 0; i < options.routes.length && !area; i += 1) {
    var pattern = options.routes[i][0].toLowerCase().split('/');
    var same = pattern.length === segments.length;
    for (var j = 0; same && j < pattern.length; j += 1) {
      if (pattern[j].charAt(0) === ':' ? segments[j] === '' : pattern[j] !== segments[j]) same = false;
    }
    if (same) area = options.routes[i][1];
  }
  if (!area) return null;
  var start = { area: area, config: env.fetch(options.config, { cache: 'no-cache' }), manifests: {} };
  start.config
    .then(function (response) {
      return response.clone().json();
    })
    .then(function (registry) {
      var entry = registry && registry.remotes && registry.remotes[area];
      if (!entry || typeof entry.manifest !== 'string') return;
      var manifestUrl = new URL(entry.manifest, env.location.href).href;
      var manifest = env.fetch(manifestUrl, { cache: 'no-cache' });
      var preloaded = manifest
        .then(function (response) {
          return response.ok ? response.clone().json() : null;
        })
        .then(function (body) {
          var meta = body && body.metaData;
          if (!meta) return;
          var base = !meta.publicPath || meta.publicPath === 'auto' ? manifestUrl : new URL(meta.publicPath, manifestUrl).href;
          var names = [];
          if (meta.remoteEntry && meta.remoteEntry.name) names.push((meta.remoteEntry.path ? meta.remoteEntry.path.replace(/\/$/, '') + '/' : '') + meta.remoteEntry.name);
          (body.exposes || []).forEach(function (expose) {
            if (expose.path === './area' && expose.assets && expose.assets.js) names = names.concat(expose.assets.js.sync || []);
          });
          names.forEach(function (name) {
            var link = env.document.createElement('link');
            link.rel = 'preload';
            link.as = 'script';
            link.href = new URL(name, base).href;
            env.document.head.appendChild(link);
          });
        })
        .catch(function () {});
      var handed = preloaded.then(function () {
        return manifest;
      });
      handed.catch(function () {});
      start.manifests[manifestUrl] = handed;
    })
    // A registry or remote that does not answer is reported by the app's own load, not here.
    .catch(function () {});
  return start;
}
