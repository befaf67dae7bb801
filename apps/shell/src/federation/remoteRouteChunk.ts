/**
 * The shell's code that mounts a remote's area (RemoteRoute and RemoteBoundary). It stays out of the
 * first load, and is fetched with the first remote a visitor is about to open (preloadAreaFor) rather
 * than after the click: otherwise its round trip sat between the click and the area's own request.
 */
export const loadRemoteRoute = () => import('./RemoteRoute');
