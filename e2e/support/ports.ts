import { AREAS } from '../../libs/src/runtime-config/areas.mjs';

/** The end-to-end platform: shell on E2E_PORT, remotes on the next six ports. */
export const E2E_PORT = Number(process.env.STEWARD_E2E_PORT ?? 4300);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Port base of the Supabase stack the tests use (gateway = base). */
export const TEST_STACK_PORT_BASE = Number(process.env.STEWARD_TEST_PORT_BASE ?? 54421);

/** The local port of an area's remote in the end-to-end platform (libs/src/runtime-config/areas.mjs). */
export function remotePort(area: string): number {
  const declared = AREAS.find((candidate) => candidate.name === area);
  if (!declared) throw new Error(`No area named ${area}`);
  return E2E_PORT + declared.portOffset;
}
