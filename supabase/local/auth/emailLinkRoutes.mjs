// @ts-check
// E-mail links and codes: asking for a recovery or magic link (`/recover`, `/otp`), sending a
// confirmation or e-mail change again (`/resend`), and using a link or code (`/verify`: POST from the
// app with a code or token hash, GET from the link in the mail, answered by a redirect).
import { API_VERSION, AuthError, authErrors } from './authErrors.mjs';
import { normaliseEmail, otpBody, parseBody, recoverBody, resendBody, verifyBody } from './authSchemas.mjs';
import { readJsonBody } from '../http.mjs';
import { sendOk } from './authContext.mjs';
import { COLUMNS_BY_TYPE, tokenHash, voidTokensOf } from './oneTimeTokens.mjs';
import { findUserByEmail, insertUser } from './userStore.mjs';

/**
 * `/recover`, `/otp`, `/resend`, `/verify`.
 * @param {import('./authContext.mjs').AuthContext} context
 * @returns {import('../router.mjs').Route[]}
 */
export function emailLinkRoutes({ pool, limits, codeAttempts, transaction, clientIp, redirectTarget, sendConfirmation, sendRecovery, sendEmailChange, signInWithToken }) {
  return [
    ['POST', '/recover', async (req, res, { query }) => {
      const body = parseBody(recoverBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      limits.mailRequest(email);
      const redirectTo = redirectTarget(query);
      await transaction(async (client) => {
        const user = await findUserByEmail(client, email);
        // GoTrue answers the same whether or not the address exists.
        if (user) await sendRecovery(client, user, 'recovery', redirectTo);
      });
      sendOk(res, {});
    }],

    ['POST', '/otp', async (req, res, { query }) => {
      const body = parseBody(otpBody, await readJsonBody(req));
      if (!body.email && body.phone) throw authErrors.phoneDisabled();
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      limits.mailRequest(email);
      const redirectTo = redirectTarget(query);
      await transaction(async (client) => {
        let user = await findUserByEmail(client, email);
        if (!user) {
          if (body.create_user === false) throw authErrors.otpSignupsDisabled();
          user = await insertUser(client, { email, password: null, emailConfirmed: false, userMetadata: body.data ?? {} });
        }
        await sendRecovery(client, user, 'magiclink', redirectTo);
      });
      sendOk(res, {});
    }],

    ['POST', '/resend', async (req, res, { query }) => {
      const body = parseBody(resendBody, await readJsonBody(req));
      if (body.type === 'sms' || body.type === 'phone_change') throw authErrors.phoneDisabled();
      if (body.type !== 'signup' && body.type !== 'email_change') {
        throw authErrors.validation('Missing one of these types: signup, email_change, sms, phone_change');
      }
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      limits.mailRequest(email);
      const redirectTo = redirectTarget(query);
      await transaction(async (client) => {
        if (body.type === 'signup') {
          const user = await findUserByEmail(client, email);
          // A confirmed or unknown address gets no mail and the same answer (no account discovery).
          if (user && !user.email_confirmed_at) await sendConfirmation(client, user, redirectTo);
          return;
        }
        const { rows } = await client.query(
          `select * from auth.users where deleted_at is null and coalesce(email_change, '') <> ''
              and (lower(email) = $1 or lower(email_change) = $1) limit 1 for update`,
          [email],
        );
        if (rows[0]) await sendEmailChange(client, rows[0], String(rows[0].email_change), redirectTo);
      });
      sendOk(res, {});
    }],

    ['POST', '/verify', async (req, res) => {
      const body = parseBody(verifyBody, await readJsonBody(req));
      if (!body.type) throw authErrors.validation('Verify requires a verification type');
      if (!(body.type in COLUMNS_BY_TYPE)) {
        if (body.type === 'sms' || body.type === 'phone_change') throw authErrors.phoneDisabled();
        throw authErrors.validation(`Unsupported verification type: ${body.type}`);
      }
      const type = body.type;
      if (body.token_hash) {
        limits.verification(clientIp(req));
        const result = await signInWithToken(req, type, body.token_hash);
        sendOk(res, result ?? { msg: EMAIL_CHANGE_PENDING, code: 200 });
        return;
      }
      if (!body.token || !body.email) throw authErrors.validation('Verify requires either a token or a token hash');
      const email = normaliseEmail(body.email);
      limits.verification(clientIp(req), email);
      // A six-digit code is guessable: an address gets MAX_WRONG_CODES tries per mailed code, then
      // every code and link it holds is void.
      if (!codeAttempts.begin(email, clientIp(req))) throw authErrors.otpExpired();
      let result;
      try {
        result = await signInWithToken(req, type, tokenHash(email, body.token.trim()));
      } catch (error) {
        if (error instanceof AuthError && error.code === 'otp_expired' && codeAttempts.exhausted(email)) await voidTokensOf(pool, email);
        throw error;
      }
      codeAttempts.succeeded(email, clientIp(req));
      if (!result) {
        sendOk(res, { msg: EMAIL_CHANGE_PENDING, code: 200 });
        return;
      }
      sendOk(res, result);
    }],

    ['GET', '/verify', async (req, res, { query }) => {
      const redirectTo = redirectTarget(query);
      const type = query.get('type') ?? '';
      const token = query.get('token') ?? '';
      limits.verification(clientIp(req));
      /** @type {URLSearchParams} */
      let fragment;
      try {
        if (!(type in COLUMNS_BY_TYPE)) throw authErrors.validation(`Unsupported verification type: ${type}`);
        if (!token) throw authErrors.otpExpired();
        const session = await signInWithToken(req, type, token);
        fragment = session
          ? new URLSearchParams({
              access_token: session.access_token,
              expires_at: String(session.expires_at),
              expires_in: String(session.expires_in),
              refresh_token: session.refresh_token,
              token_type: 'bearer',
              type,
            })
          : new URLSearchParams({ message: EMAIL_CHANGE_PENDING });
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        // GoTrue sends the browser back to the app with the error in the fragment.
        fragment =
          error.code === 'otp_expired'
            ? new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' })
            : new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message });
      }
      res.writeHead(303, { location: `${redirectTo}#${fragment.toString()}`, 'x-supabase-api-version': API_VERSION });
      res.end();
    }],
  ];
}

/** GoTrue's answer to the first link of a secure e-mail change. */
const EMAIL_CHANGE_PENDING = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
