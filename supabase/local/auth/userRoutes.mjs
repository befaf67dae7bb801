// @ts-check
// The signed-in user: reading it, and changing its metadata, password or address (a changed address
// is confirmed by e-mail unless sign-ups need no confirmation).
import { authErrors } from './authErrors.mjs';
import { normaliseEmail, parseBody, updateUserBody } from './authSchemas.mjs';
import { readJsonBody } from '../http.mjs';
import { sendOk } from './authContext.mjs';
import { findUserByEmail, findUserById, mergeMetadata, passwordMatches, updateUserRow, userJson } from './userStore.mjs';

/**
 * `/user`.
 * @param {import('./authContext.mjs').AuthContext} context
 * @returns {import('../router.mjs').Route[]}
 */
export function userRoutes({ pool, autoconfirm, checkPassword, transaction, redirectTarget, sendEmailChange, userClaims }) {
  return [
    ['GET', '/user', async (req, res) => {
      const { userId } = await userClaims(req);
      const user = await findUserById(pool, userId);
      if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
      sendOk(res, await userJson(pool, user));
    }],

    ['PUT', '/user', async (req, res, { query }) => {
      const { userId } = await userClaims(req);
      const body = parseBody(updateUserBody, await readJsonBody(req));
      const response = await transaction(async (client) => {
        const user = await client.query('select * from auth.users where id = $1 for update', [userId]).then((r) => r.rows[0]);
        if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
        /** @type {import('./userStore.mjs').UserChanges} */
        const changes = {};
        if (body.data) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.data);
        if (body.password !== undefined) {
          checkPassword(body.password);
          if (await passwordMatches(client, userId, body.password)) throw authErrors.samePassword();
          changes.password = body.password;
        }
        if (body.email !== undefined) {
          const email = normaliseEmail(body.email);
          if (email !== user.email) {
            const other = await findUserByEmail(client, email);
            if (other && other.id !== userId) throw authErrors.emailExists();
            // Like GoTrue with MAILER_AUTOCONFIRM, an address change needs no confirmation when sign-ups need none.
            if (autoconfirm) changes.email = email;
            else await sendEmailChange(client, user, email, redirectTarget(query));
          }
        }
        const updated = await updateUserRow(client, userId, changes);
        return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (updated));
      });
      sendOk(res, response);
    }],
  ];
}
