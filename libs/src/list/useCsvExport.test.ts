import { describe, expect, it } from 'vitest';
import { setSupabase } from '@steward/libs/data';
import { createRecordingClient } from '../testing';
import { withSensitiveValues } from './useCsvExport';

const MEDICAL = '5d0c2f1e-8a57-4d0e-9d3a-2f1b6c7d8e90';
const LEVEL = '0b8f3c1e-6a57-4d0e-9d3a-2f1b6c7d8e90';

async function* pagesOf<Row>(...pages: Row[][]) {
  for (const page of pages) yield page;
}

async function collect<Row>(pages: AsyncIterable<readonly Row[]>) {
  const out: (readonly Row[])[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('withSensitiveValues', () => {
  it('merges the sensitive values the person may see into each exported page, one call per page', async () => {
    const { client, requests } = createRecordingClient((req) => {
      const ids = (req.body as { p_ids: string[] }).p_ids;
      return { body: ids.filter((id) => id !== 'c2').map((id) => ({ id, custom: { [MEDICAL]: `notes of ${id}` } })) };
    });
    setSupabase(client);
    type Row = { id: string; custom?: Record<string, unknown> };
    const pages = await collect(withSensitiveValues(pagesOf<Row>([{ id: 'c1', custom: { [LEVEL]: 'x' } }, { id: 'c2', custom: {} }], [{ id: 'c3' }]), 'contact'));
    expect(pages).toEqual([
      [{ id: 'c1', custom: { [LEVEL]: 'x', [MEDICAL]: 'notes of c1' } }, { id: 'c2', custom: {} }],
      [{ id: 'c3', custom: { [MEDICAL]: 'notes of c3' } }],
    ]);
    expect(requests.map((req) => req.url.pathname)).toEqual(['/rest/v1/rpc/custom_values', '/rest/v1/rpc/custom_values']);
    expect(requests[0]?.body).toEqual({ p_kind: 'contact', p_ids: ['c1', 'c2'] });
  });

  it('asks nothing when no sensitive field is exported', async () => {
    const { client, requests } = createRecordingClient();
    setSupabase(client);
    const pages = await collect(withSensitiveValues(pagesOf([{ id: 'c1' }]), null));
    expect(pages).toEqual([[{ id: 'c1' }]]);
    expect(requests).toHaveLength(0);
  });
});
