import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { requireTestStack } from '../../../support/testStack';

/**
 * Seeding and checking through the API with the service key, so journeys start from known data and
 * assert against what the database says rather than against numbers copied into the test.
 */
export function serviceClient(): SupabaseClient {
  const { apiUrl, serviceRoleKey } = requireTestStack();
  return createClient(apiUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // ws implements the browser WebSocket the realtime client expects; only its constructor typing differs.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A signed-out client with the public (anon) key, as a browser has: for members signing in through the API. */
export function anonClient(): SupabaseClient {
  const { apiUrl, anonKey } = requireTestStack();
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A name no other run has used, so journeys can create organisations and accounts freely. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export type DashboardCounts = { contacts: number; businesses: number; orders: number; revenue: string };

async function countOf(client: SupabaseClient, schema: 'crm' | 'public', table: string, orgName: string): Promise<number> {
  const { count, error } = await client.schema(schema).from(table).select('id', { count: 'exact', head: true }).eq('org_name', orgName).eq('archive', false);
  if (error) throw new Error(`${schema}.${table}: ${error.message}`);
  return count ?? 0;
}

/** What the dashboard must show for an organisation, computed from the database. */
export async function dashboardCounts(orgName: string): Promise<DashboardCounts> {
  const client = serviceClient();
  const { data, error } = await client.from('transactions').select('amount').eq('org_name', orgName).eq('transaction_type', 'sale').eq('archive', false);
  if (error) throw new Error(`transactions: ${error.message}`);
  const cents = (data ?? []).reduce((sum, row: { amount: number | string }) => sum + Math.round(Number(row.amount) * 100), 0);
  return {
    contacts: await countOf(client, 'crm', 'contacts', orgName),
    businesses: await countOf(client, 'crm', 'businesses', orgName),
    orders: await countOf(client, 'public', 'orders', orgName),
    revenue: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100),
  };
}

/** The organisation's primary colour as the browser reports it (rgb(…)), or null when it has none. */
export async function primaryColorOf(orgName: string): Promise<string | null> {
  const { data, error } = await serviceClient().schema('settings').from('org_branding').select('primary_color').eq('org_name', orgName).maybeSingle();
  if (error) throw new Error(`org_branding: ${error.message}`);
  const hex = (data as { primary_color: string | null } | null)?.primary_color;
  if (!hex) return null;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

export type Owner = { email: string; password: string; fullName: string; orgName: string };

/** A new organisation and its owner, created by the same database function as Apply for Access. */
export async function createOwner(prefix = 'Owner'): Promise<Owner> {
  const owner: Owner = { email: uniqueEmail(prefix.toLowerCase()), password: 'Owner-pass-2026', fullName: `${prefix} Person`, orgName: unique(`${prefix} Org`) };
  const { error } = await serviceClient().rpc('apply_for_access', {
    p_email: owner.email,
    p_password: owner.password,
    p_full_name: owner.fullName,
    p_business_name: owner.orgName,
  });
  if (error) throw new Error(`apply_for_access: ${error.message}`);
  return owner;
}

/** A Pending invitation (no login yet) in an organisation. */
export async function invite(orgName: string, person: { email: string; name: string; title?: string }): Promise<void> {
  const { error } = await serviceClient()
    .from('user_profiles')
    .insert({ org_name: orgName, email: person.email, name: person.name, title: person.title ?? null, status: 'Pending' });
  if (error) throw new Error(`invite: ${error.message}`);
}

/**
 * A Pending invitation written by the owner through the API, as the invite form does: the owner is its
 * inviter (the database stamps created_by). Returns the invitation's profile id.
 */
export async function inviteAs(owner: Owner, person: { email: string; name: string; title?: string }): Promise<string> {
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
  if (signedIn.error) throw new Error(`sign in as ${owner.email}: ${signedIn.error.message}`);
  const { data, error } = await client
    .from('user_profiles')
    .insert({ org_name: owner.orgName, email: person.email, name: person.name, title: person.title ?? null, status: 'Pending', source: 'invited' })
    .select('id')
    .single();
  if (error || !data) throw new Error(`invite as ${owner.email}: ${error?.message}`);
  return (data as { id: string }).id;
}

/** A profile's status and whether a login is linked to it, as the database has them. */
export async function profileState(id: string): Promise<{ status: string; linked: boolean }> {
  const { data, error } = await serviceClient().from('user_profiles').select('status, auth_user_id').eq('id', id).single();
  if (error || !data) throw new Error(`user_profiles ${id}: ${error?.message}`);
  const row = data as { status: string; auth_user_id: string | null };
  return { status: row.status, linked: row.auth_user_id !== null };
}

export async function setBranding(orgName: string, branding: Record<string, string | null>): Promise<void> {
  const { error } = await serviceClient().schema('settings').from('org_branding').upsert({ org_name: orgName, ...branding }, { onConflict: 'org_name' });
  if (error) throw new Error(`org_branding: ${error.message}`);
}

export async function setComponentEnabled(orgName: string, component: string, enabled: boolean): Promise<void> {
  const { error } = await serviceClient().schema('settings').from('org_components').update({ enabled }).eq('org_name', orgName).eq('name', component);
  if (error) throw new Error(`org_components: ${error.message}`);
}
