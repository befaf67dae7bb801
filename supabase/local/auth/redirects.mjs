// @ts-check
// Where GoTrue may send a browser after an e-mail link, and which issuer an ID-token provider has.

/** Hosts a local stack trusts as redirect targets on any port (GoTrue's additional_redirect_urls). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The redirect_to of a request when it is allowed (the site URL's origin, or a local host on any
 * port), otherwise the site URL, as GoTrue falls back.
 * @param {string | null} wanted
 * @param {string} siteUrl
 */
export function allowedRedirect(wanted, siteUrl) {
  if (!wanted) return siteUrl;
  let url;
  try {
    url = new URL(wanted);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  if (LOCAL_HOSTS.has(url.hostname) || url.origin === new URL(siteUrl).origin) return url.toString();
  return siteUrl;
}

/** GoTrue's issuers of the built-in ID-token providers. */
const ISSUERS = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/**
 * @param {string | undefined} provider
 * @param {string | undefined} issuer an explicit issuer (keycloak, custom OIDC)
 * @returns {string | null}
 */
export function issuerOf(provider, issuer) {
  if (provider && provider in ISSUERS) return ISSUERS[/** @type {keyof typeof ISSUERS} */ (provider)];
  if (provider === 'keycloak' && issuer) return issuer;
  return null;
}
