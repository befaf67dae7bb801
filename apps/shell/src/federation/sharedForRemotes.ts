/**
 * The shell provides every shared library to the remotes, including those its own screens do not
 * use: otherwise a remote would fall back to its own copy (a second antd with its own theme context,
 * a second list or editor). The federation build provides only the shared modules the shell's own
 * code references, so referencing them here registers them in the share scope (without it the shell's
 * mf-manifest.json lists no editor, list, ui or dayjs and a production remote, which bundles no copy,
 * cannot start); their code is fetched only when a remote asks for it. Never called.
 */
export function sharedForRemotes() {
  return [
    import('@steward/libs/antd-data'),
    import('@steward/libs/editor'),
    import('@steward/libs/filter'),
    import('@steward/libs/list'),
    import('@steward/libs/ui'),
    import('dayjs'),
  ];
}
