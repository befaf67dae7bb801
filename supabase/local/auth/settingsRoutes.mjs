// @ts-check
// What this GoTrue offers (`/settings`, `/health`), and the features a project has off answered with
// GoTrue's own errors: MFA factors, SSO, OAuth providers, linking identities by hand.
import { authErrors } from './authErrors.mjs';
import { readJsonBody } from '../http.mjs';
import { sendOk } from './authContext.mjs';

/**
 * `/settings`, `/health`, `/factors…`, `/sso`, `/authorize`, `/user/identities…`.
 * @param {import('./authContext.mjs').AuthContext} context
 * @returns {import('../router.mjs').Route[]}
 */
export function settingsRoutes({ autoconfirm, userClaims }) {
  return [
    ['GET', '/settings', async (_req, res) => {
      sendOk(res, {
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: false,
        mailer_autoconfirm: autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    }],

    ['GET', '/health', async (_req, res) => {
      sendOk(res, { version: 'steward-local', name: 'GoTrue', description: 'GoTrue-compatible auth of the local stack' });
    }],

    // MFA is off, as in a project with [auth.mfa] disabled: enrolling answers GoTrue's error, and no
    // factor exists to challenge, verify or remove.
    ['POST', '/factors', async (req) => {
      await userClaims(req);
      const body = /** @type {{ factor_type?: unknown }} */ (await readJsonBody(req));
      throw body.factor_type === 'phone' ? authErrors.mfaPhoneEnrollDisabled() : authErrors.mfaTotpEnrollDisabled();
    }],

    ['POST', '/factors/:id/challenge', async (req) => {
      await userClaims(req);
      throw authErrors.mfaFactorNotFound();
    }],

    ['POST', '/factors/:id/verify', async (req) => {
      await userClaims(req);
      throw authErrors.mfaFactorNotFound();
    }],

    ['DELETE', '/factors/:id', async (req) => {
      await userClaims(req);
      throw authErrors.mfaFactorNotFound();
    }],

    ['POST', '/sso', async () => {
      throw authErrors.samlDisabled();
    }],

    ['GET', '/authorize', async () => {
      throw authErrors.oauthProviderDisabled();
    }],

    ['GET', '/user/identities/authorize', async (req) => {
      await userClaims(req);
      throw authErrors.manualLinkingDisabled();
    }],

    ['DELETE', '/user/identities/:id', async (req) => {
      await userClaims(req);
      throw authErrors.manualLinkingDisabled();
    }],
  ];
}
