import { getRuntimeConfig } from '@steward/libs/runtime-config';

/** The product name of this deployment, from the runtime registry ('{brand} - {Section}' titles, wordmark). */
export function brandName(): string {
  return getRuntimeConfig().brand ?? 'Steward';
}
