// @ts-check
// The admin API (service role only): invitations, generated e-mail links, and the users themselves
// (create, list by page, read, update, ban, delete soft or hard).
import { AuthError, authErrors } from './authErrors.mjs';
import { adminDeleteBody, adminUserBody, generateLinkBody, inviteBody, normaliseEmail, parseBanDuration, parseBody } from './authSchemas.mjs';
import { readJsonBody } from '../http.mjs';
import { UUID, sendOk } from './authContext.mjs';
import { issueToken } from './oneTimeTokens.mjs';
import { allowedRedirect } from './redirects.mjs';
import { findUserByEmail, findUserById, insertUser, mergeMetadata, updateUserRow, userJson } from './userStore.mjs';

/**
 * `/invite`, `/admin/generate_link`, `/admin/users…`.
 * @param {import('./authContext.mjs').AuthContext} context
 * @returns {import('../router.mjs').Route[]}
 */
export function adminRoutes({ pool, siteUrl, checkPassword, transaction, redirectTarget, verifyLink, sendInvite, invitedUser, requireAdmin }) {
  return [
    ['POST', '/invite', async (req, res, { query }) => {
      requireAdmin(req);
      const body = parseBody(inviteBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      const redirectTo = redirectTarget(query);
      const response = await transaction(async (client) => {
        const user = await invitedUser(client, email, body.data);
        await sendInvite(client, user, redirectTo);
        return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id)));
      });
      sendOk(res, response);
    }],

    // GoTrue's admin link generator: the link and code a mail would carry, returned instead of mailed.
    ['POST', '/admin/generate_link', async (req, res, { query }) => {
      requireAdmin(req);
      const body = parseBody(generateLinkBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      const redirectTo = body.redirect_to ? allowedRedirect(body.redirect_to, siteUrl) : redirectTarget(query);
      const type = body.type ?? '';
      const response = await transaction(async (client) => {
        let user = await findUserByEmail(client, email);
        /** @type {import('./oneTimeTokens.mjs').TokenColumn} */
        let column = 'confirmation';
        let verificationType = type;
        let address = email;
        if (type === 'signup') {
          if (!body.password) throw authErrors.passwordRequired();
          checkPassword(body.password);
          if (user?.email_confirmed_at) throw authErrors.emailExists();
          user ??= await insertUser(client, { email, password: body.password, emailConfirmed: false, userMetadata: body.data ?? {} });
        } else if (type === 'invite') {
          user = await invitedUser(client, email, body.data);
        } else if (type === 'magiclink' || type === 'recovery') {
          if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
          column = 'recovery';
        } else if (type === 'email_change_current' || type === 'email_change_new') {
          if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
          const newEmail = normaliseEmail(body.new_email);
          const other = await findUserByEmail(client, newEmail);
          if (other && other.id !== user.id) throw authErrors.emailExists();
          await client.query(
            'update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_sent_at = now() where id = $1',
            [user.id, newEmail],
          );
          column = type;
          address = type === 'email_change_new' ? newEmail : email;
          verificationType = 'email_change';
        } else {
          throw authErrors.validation(`Invalid email action link type requested: ${type}`);
        }
        const { otp, hash } = await issueToken(client, user.id, column, address);
        const fresh = /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id));
        return {
          ...(await userJson(client, fresh)),
          action_link: verifyLink(hash, verificationType, redirectTo),
          email_otp: otp,
          hashed_token: hash,
          verification_type: verificationType,
          redirect_to: redirectTo,
        };
      });
      sendOk(res, response);
    }],

    ['POST', '/admin/users', async (req, res) => {
      requireAdmin(req);
      const body = parseBody(adminUserBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      if (body.password !== undefined) checkPassword(body.password);
      const banMs = body.ban_duration !== undefined ? parseBanDuration(body.ban_duration) : null;
      const response = await transaction(async (client) => {
        if (await findUserByEmail(client, email)) throw authErrors.emailExists();
        const user = await insertUser(client, {
          id: body.id,
          email,
          password: body.password ?? null,
          emailConfirmed: body.email_confirm ?? false,
          userMetadata: body.user_metadata ?? {},
          appMetadata: body.app_metadata ?? {},
          role: body.role,
          bannedUntil: banMs === null ? null : new Date(Date.now() + banMs),
          identityInMetadata: false,
        });
        return userJson(client, user);
      });
      sendOk(res, response);
    }],

    ['GET', '/admin/users', async (req, res, { query }) => {
      requireAdmin(req);
      const page = Math.max(1, paginationParameter(query, 'page', 1));
      const perPage = Math.min(1000, Math.max(1, paginationParameter(query, 'per_page', 50)));
      const { rows: totals } = await pool.query('select count(*)::int as total from auth.users where deleted_at is null');
      const total = totals[0]?.total ?? 0;
      const { rows } = await pool.query(
        'select * from auth.users where deleted_at is null order by created_at desc nulls last, id limit $1 offset $2',
        [perPage, (page - 1) * perPage],
      );
      const users = [];
      for (const row of rows) users.push(await userJson(pool, row));
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const links = [];
      if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
      sendOk(res, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') });
    }],

    ['GET', '/admin/users/:id', async (req, res, { params }) => {
      requireAdmin(req);
      const user = await findUserById(pool, userIdFrom(params.id));
      if (!user) throw authErrors.userNotFound();
      sendOk(res, await userJson(pool, user));
    }],

    ['PUT', '/admin/users/:id', async (req, res, { params }) => {
      requireAdmin(req);
      const id = userIdFrom(params.id);
      const body = parseBody(adminUserBody, await readJsonBody(req));
      const response = await transaction(async (client) => {
        const user = await client.query('select * from auth.users where id = $1 for update', [id]).then((r) => r.rows[0]);
        if (!user) throw authErrors.userNotFound();
        /** @type {import('./userStore.mjs').UserChanges} */
        const changes = {};
        if (body.email !== undefined) {
          const email = normaliseEmail(body.email);
          const other = await findUserByEmail(client, email);
          if (other && other.id !== id) throw authErrors.emailExists();
          changes.email = email;
        }
        if (body.password !== undefined) {
          checkPassword(body.password);
          changes.password = body.password;
        }
        if (body.email_confirm !== undefined) changes.emailConfirmed = body.email_confirm;
        if (body.user_metadata) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
        if (body.app_metadata) changes.appMetadata = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
        if (body.role !== undefined) changes.role = body.role;
        if (body.ban_duration !== undefined) {
          const banMs = parseBanDuration(body.ban_duration);
          changes.bannedUntil = banMs === null ? null : new Date(Date.now() + banMs);
          if (banMs !== null) await client.query('delete from auth.sessions where user_id = $1', [id]);
        }
        const updated = await updateUserRow(client, id, changes);
        return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (updated));
      });
      sendOk(res, response);
    }],

    ['DELETE', '/admin/users/:id', async (req, res, { params }) => {
      requireAdmin(req);
      const id = userIdFrom(params.id);
      const body = parseBody(adminDeleteBody, await readJsonBody(req));
      await transaction(async (client) => {
        const user = await findUserById(client, id);
        if (!user) throw authErrors.userNotFound();
        if (body.should_soft_delete) {
          await client.query('delete from auth.sessions where user_id = $1', [id]);
          await client.query(
            `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = null,
                    updated_at = now() where id = $1`,
            [id],
          );
          await client.query('delete from auth.identities where user_id = $1', [id]);
        } else {
          await client.query('delete from auth.users where id = $1', [id]);
        }
      });
      sendOk(res, {});
    }],
  ];
}

/**
 * GoTrue parses page and per_page as unsigned integers; anything else is refused, not defaulted.
 * @param {URLSearchParams} query @param {string} name @param {number} fallback
 */
function paginationParameter(query, name, fallback) {
  const value = query.get(name) ?? '';
  if (value === '') return fallback;
  if (!/^\d+$/.test(value)) throw authErrors.badPagination(value);
  return Number(value);
}

/** @param {string | undefined} segment the `:id` of the path, still percent-encoded */
function userIdFrom(segment) {
  const id = decodeURIComponent(segment ?? '');
  if (!UUID.test(id)) throw authErrors.validation('user id must be a UUID');
  return id;
}
