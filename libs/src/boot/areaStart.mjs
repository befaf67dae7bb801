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
// failed, and is not reported as unhandled before the app looks. A guest's page (an area's public
// pages, /book/…) has no session for firstViewStart.mjs to preload the shell's code by: this start
// preloads the shell's code such a page runs before its area's. Plain JavaScript with no imports,
// because it is turned into the page's source (minified, build/rsbuildApp.mjs inlineScript). Every URL
// comes from the registry and the remote's manifest.

/**
 * @typedef {{ area: string, config: Promise<Response>, manifests: Record<string, Promise<Response>> }} AreaStart
 */

/**
 * @param {{ routes: [string, string][], publicPages?: [string, string][], publicCode?: { scripts: string[], styles: string[] }, config: string }} options
 *   routes: the signed-in [path pattern, remote] pairs; publicPages: the [prefix/*, remote] pairs of the
 *   pages an area serves without a session, whose first view also needs the shell's own code named by
 *   publicCode (on a signed-in page, firstViewStart.mjs preloads the shell's code)
 * @param {{ location: { pathname: string, href: string }, document: Document, fetch: typeof fetch }} env
 * @returns {AreaStart | null}
 */
export function startArea(options, env) {
  var segments = env.location.pathname.toLowerCase().split('/');
  var owner = function (routes) {
    for (var i = 0; i < routes.length; i += 1) {
      var pattern = routes[i][0].toLowerCase().split('/');
      // A pattern ending in `/*` (a public page's prefix) matches every path under it.
      var rest = pattern[pattern.length - 1] === '*';
      if (rest) pattern.pop();
      var same = rest ? segments.length > pattern.length : pattern.length === segments.length;
      for (var j = 0; same && j < pattern.length; j += 1) {
        if (pattern[j].charAt(0) === ':' ? segments[j] === '' : pattern[j] !== segments[j]) same = false;
      }
      if (same) return routes[i][1];
    }
    return null;
  };
  var preload = function (href, as, low) {
    var link = env.document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    // The shell's later code behind the entry's own scripts, which everything else waits for.
    if (low) link.fetchPriority = 'low';
    env.document.head.appendChild(link);
  };
  var area = owner(options.routes);
  if (!area) {
    area = owner(options.publicPages || []);
    // A guest's page: the shell's code it runs before the area's starts now too, not once the entry has run.
    var code = (area && options.publicCode) || { scripts: [], styles: [] };
    code.scripts.forEach(function (href) {
      preload(href, 'script', true);
    });
    code.styles.forEach(function (href) {
      preload(href, 'style', true);
    });
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
            preload(new URL(name, base).href, 'script');
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
