// @ts-check
// auth.users and auth.identities: the rows GoTrue writes, and the user object it returns.
// Passwords are bcrypt hashes made by pgcrypto, so rows that seed.sql inserts with
// crypt(password, gen_salt('bf')) sign in like any other.

/** @typedef {import('pg').Pool | import('pg').PoolClient} Db */
/** @typedef {Record<string, any>} UserRow */

const DEFAULT_INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
/** bcrypt with GoTrue's cost, as SQL over the given parameter placeholder. */
const hashOf = (/** @type {string} */ placeholder) => `extensions.crypt(${placeholder}::text, extensions.gen_salt('bf', 10))`;

/** @param {Db} db @param {string} id @returns {Promise<UserRow | null>} */
export async function findUserById(db, id) {
  const { rows } = await db.query('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

/**
 * Seeds may store mixed-case addresses; GoTrue itself always stores them lower-cased.
 * @param {Db} db @param {string} email @returns {Promise<UserRow | null>}
 */
export async function findUserByEmail(db, email) {
  const { rows } = await db.query(
    'select * from auth.users where lower(email) = $1 and deleted_at is null order by created_at nulls last limit 1',
    [email],
  );
  return rows[0] ?? null;
}

/** @param {Db} db @param {string} userId @param {string} password */
export async function passwordMatches(db, userId, password) {
  const { rows } = await db.query(
    `select coalesce(encrypted_password, '') <> ''
            and encrypted_password = extensions.crypt($2::text, encrypted_password) as ok
       from auth.users where id = $1`,
    [userId, password],
  );
  return rows[0]?.ok === true;
}

/**
 * @typedef {object} NewUser
 * @property {string} [id]
 * @property {string} email
 * @property {string | null} password
 * @property {boolean} emailConfirmed
 * @property {Record<string, unknown>} [userMetadata]
 * @property {Record<string, unknown>} [appMetadata]
 * @property {string} [role]
 * @property {Date | null} [bannedUntil]
 * @property {boolean} [identityInMetadata] copy the identity's claims into user_metadata (sign-up does;
 *   admin.createUser stores user_metadata exactly as sent)
 */

/**
 * Inserts the user and its e-mail identity. A duplicate e-mail raises Postgres 23505.
 * @param {import('pg').PoolClient} client inside a transaction
 * @param {NewUser} user
 * @returns {Promise<UserRow>}
 */
export async function insertUser(client, user) {
  const { rows } = await client.query(
    `insert into auth.users (
        instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        confirmation_token, confirmation_sent_at, recovery_token, email_change_token_new, email_change,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, banned_until, created_at, updated_at, is_anonymous)
     values (
        $2, coalesce($3::uuid, gen_random_uuid()), 'authenticated', $4, $5,
        case when $1::text is null then null else ${hashOf('$1')} end,
        case when $6 then now() end,
        case when $6 then '' else encode(extensions.gen_random_bytes(16), 'hex') end,
        case when $6 then null else now() end,
        '', '', '',
        $7, '{}'::jsonb, false, $8, now(), now(), false)
     returning *`,
    [
      user.password,
      DEFAULT_INSTANCE_ID,
      user.id ?? null,
      user.role ?? 'authenticated',
      user.email,
      user.emailConfirmed,
      { provider: 'email', providers: ['email'], ...(user.appMetadata ?? {}) },
      user.bannedUntil ?? null,
    ],
  );
  const row = /** @type {UserRow} */ (rows[0]);
  // GoTrue copies the identity's claims into user_metadata next to what the client sent.
  const identityData = { sub: row.id, email: row.email, email_verified: user.emailConfirmed, phone_verified: false };
  const userMetadata = user.identityInMetadata === false ? (user.userMetadata ?? {}) : { ...(user.userMetadata ?? {}), ...identityData };
  const { rows: updated } = await client.query('update auth.users set raw_user_meta_data = $2 where id = $1 returning *', [row.id, userMetadata]);
  await client.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, 'email', null, now(), now())`,
    [String(row.id), row.id, identityData],
  );
  return /** @type {UserRow} */ (updated[0]);
}

/**
 * @typedef {object} UserChanges
 * @property {string} [email]
 * @property {string} [password]
 * @property {boolean} [emailConfirmed]
 * @property {Record<string, unknown>} [userMetadata] replaces raw_user_meta_data
 * @property {Record<string, unknown>} [appMetadata] replaces raw_app_meta_data
 * @property {string} [role]
 * @property {Date | null} [bannedUntil]
 * @property {string | null} [emailChange] a pending new address (confirmation required)
 */

/**
 * @param {Db} db
 * @param {string} id
 * @param {UserChanges} changes
 * @returns {Promise<UserRow | null>}
 */
export async function updateUserRow(db, id, changes) {
  /** @type {string[]} */
  const sets = ['updated_at = now()'];
  /** @type {unknown[]} */
  const values = [id];
  const param = (/** @type {unknown} */ value) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (changes.password !== undefined) sets.push(`encrypted_password = ${hashOf(param(changes.password))}`);
  if (changes.email !== undefined) sets.push(`email = ${param(changes.email)}`, "email_change = ''");
  if (changes.emailChange !== undefined) {
    sets.push(`email_change = ${param(changes.emailChange ?? '')}`, 'email_change_sent_at = now()');
  }
  if (changes.emailConfirmed === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (changes.emailConfirmed === false) sets.push('email_confirmed_at = null');
  if (changes.userMetadata !== undefined) sets.push(`raw_user_meta_data = ${param(changes.userMetadata)}`);
  if (changes.appMetadata !== undefined) sets.push(`raw_app_meta_data = ${param(changes.appMetadata)}`);
  if (changes.role !== undefined) sets.push(`role = ${param(changes.role)}`);
  if (changes.bannedUntil !== undefined) sets.push(`banned_until = ${param(changes.bannedUntil)}`);
  const { rows } = await db.query(
    `update auth.users set ${sets.join(', ')} where id = $1 returning *`,
    values,
  );
  const row = rows[0] ?? null;
  if (row && changes.email !== undefined) {
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [id, changes.email],
    );
  }
  return row;
}

/**
 * Marks the address confirmed, in the row, its e-mail identity and the claims copied from it.
 * @param {Db} db @param {string} userId
 */
export async function confirmEmail(db, userId) {
  await db.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now(),
            raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
                                      then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
      where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** @param {Db} db @param {string} userId */
export async function recordSignIn(db, userId) {
  await db.query(
    `with u as (update auth.users set last_sign_in_at = now() where id = $1)
     update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/**
 * Merges like GoTrue: given keys replace, a null value removes the key.
 * @param {Record<string, unknown> | null | undefined} current
 * @param {Record<string, unknown>} patch
 */
export function mergeMetadata(current, patch) {
  /** @type {Record<string, unknown>} */
  const merged = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** @param {UserRow} row */
export function isBanned(row) {
  return row.banned_until instanceof Date && row.banned_until.getTime() > Date.now();
}

/**
 * GoTrue's user object.
 * @param {Db} db
 * @param {UserRow} row
 */
export async function userJson(db, row) {
  const { rows: identities } = await db.query(
    'select * from auth.identities where user_id = $1 order by created_at nulls last',
    [row.id],
  );
  /** @type {Record<string, unknown>} */
  const user = {
    id: row.id,
    aud: row.aud || 'authenticated',
    role: row.role || 'authenticated',
    email: row.email ?? '',
    email_confirmed_at: row.email_confirmed_at ?? undefined,
    phone: row.phone ?? '',
    confirmation_sent_at: row.confirmation_sent_at ?? undefined,
    confirmed_at: row.confirmed_at ?? undefined,
    invited_at: row.invited_at ?? undefined,
    new_email: row.email_change || undefined,
    email_change_sent_at: row.email_change ? row.email_change_sent_at ?? undefined : undefined,
    last_sign_in_at: row.last_sign_in_at ?? undefined,
    app_metadata: row.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: row.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: identity.last_sign_in_at ?? undefined,
      created_at: identity.created_at,
      updated_at: identity.updated_at,
      email: identity.email ?? undefined,
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
    banned_until: isBanned(row) ? row.banned_until : undefined,
    is_anonymous: row.is_anonymous ?? false,
  };
  return user;
}
