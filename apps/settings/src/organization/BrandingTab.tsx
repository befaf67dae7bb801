import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { errorMessage, getSupabase, queryKeys, toDataAccessError, uploadOrgAsset } from '@steward/libs/data-access';
import { FIX_FIELDS_MESSAGE } from '@steward/libs/editor';
import { passingShade, toast } from '@steward/libs/ui';
import { BRANDING_COLORS, BRANDING_FONTS, colorProblems, contrastWarnings, type BrandingDraft } from './brandingForm';

const BRANDING_KEY = (orgName: string) => [...queryKeys.table({ schema: 'settings', table: 'org_branding' }), 'edit', orgName] as const;

async function fetchOwnBranding(orgName: string): Promise<BrandingDraft | null> {
  // The organisation's own row; none yet (PGRST116 with .single) is not an error (001 §8).
  const { data, error } = await getSupabase().schema('settings').from('org_branding').select('*').eq('org_name', orgName).maybeSingle();
  if (error) throw toDataAccessError(error);
  return (data as BrandingDraft | null) ?? null;
}

/** Branding (001 §2): logo and colours with a live preview that says when a colour pair fails AA. */
export function BrandingTab({ orgName }: { orgName: string }) {
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: BRANDING_KEY(orgName), queryFn: () => fetchOwnBranding(orgName) });
  const [draft, setDraft] = useState<BrandingDraft>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (stored.data !== undefined) setDraft(stored.data ?? {});
  }, [stored.data]);
  const problems = useMemo(() => colorProblems(draft), [draft]);
  const warnings = useMemo(() => contrastWarnings(draft), [draft]);
  const set = (name: keyof BrandingDraft, value: string) => setDraft((current) => ({ ...current, [name]: value === '' ? null : value }));

  const save = async () => {
    if (Object.keys(problems).length > 0) {
      setProblem(FIX_FIELDS_MESSAGE);
      return;
    }
    setSaving(true);
    setProblem(null);
    const row: Record<string, unknown> = { org_name: orgName, logo_url: draft.logo_url ?? null, custom_css: draft.custom_css ?? null };
    for (const { name } of [...BRANDING_COLORS, ...BRANDING_FONTS]) row[name] = draft[name] ?? null;
    const { error } = await getSupabase().schema('settings').from('org_branding').upsert(row, { onConflict: 'org_name' });
    setSaving(false);
    if (error) {
      setProblem(errorMessage(toDataAccessError(error), 'Save failed'));
      return;
    }
    toast({ title: 'Branding saved' });
    // Every settings read refreshes, the shell's theme among them: it re-themes without a reload.
    await queryClient.invalidateQueries({ queryKey: queryKeys.schema('settings') });
  };

  const uploadLogo = async (file: File) => {
    setUploading(true);
    try {
      const { publicUrl } = await uploadOrgAsset(getSupabase(), orgName, { name: file.name, type: file.type, body: file });
      set('logo_url', publicUrl);
    } catch (error) {
      setProblem(errorMessage(error, 'Upload failed'));
    } finally {
      setUploading(false);
    }
  };

  if (stored.error) return <Typography.Text type="danger">{errorMessage(stored.error, 'Unknown error')}</Typography.Text>;
  if (stored.isLoading) return <Typography.Text>Loading…</Typography.Text>;
  const color = (name: keyof BrandingDraft, fallback: string) => (draft[name] && /^#[0-9a-f]{6}$/i.test(draft[name] ?? '') ? (draft[name] as string) : fallback);
  // The preview draws what the app will draw: each text in the shade of its hue that passes AA.
  const background = color('background_color', '#ffffff');
  const card = color('card_color', '#ffffff');
  const drawn = {
    header: passingShade(color('primary_color', '#325286'), ['#ffffff']),
    text: passingShade(color('text_color', '#1f2937'), [background, card]),
    link: passingShade(color('link_color', '#6593db'), [background, card]),
    button: passingShade(color('button_color', '#c65655'), [color('button_text_color', '#ffffff')]),
  };

  return (
    <Flex gap={24} wrap align="start">
      <Form layout="vertical" style={{ flex: '1 1 360px', maxWidth: 520 }} onFinish={() => void save()}>
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
        <Form.Item label="Logo" htmlFor="branding-logo">
          <Flex gap={8} align="center">
            <Input id="branding-logo" value={draft.logo_url ?? ''} onChange={(event) => set('logo_url', event.target.value)} placeholder="https://…" />
            <Button onClick={() => fileInput.current?.click()} loading={uploading}>
              {uploading ? 'Uploading…' : 'Upload logo'}
            </Button>
            <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Logo file" onChange={(event) => event.target.files?.[0] && void uploadLogo(event.target.files[0])} />
          </Flex>
        </Form.Item>
        {BRANDING_COLORS.map(({ name, label }) => (
          <Form.Item key={name} label={label} htmlFor={`branding-${name}`} validateStatus={problems[name] ? 'error' : undefined} help={problems[name]}>
            <Flex gap={8} align="center">
              <input type="color" aria-label={`${label} picker`} value={color(name, '#ffffff')} onChange={(event) => set(name, event.target.value)} style={{ width: 40, height: 32, border: 0, background: 'none' }} />
              <Input id={`branding-${name}`} value={draft[name] ?? ''} onChange={(event) => set(name, event.target.value)} placeholder="#1f2937" />
            </Flex>
          </Form.Item>
        ))}
        {BRANDING_FONTS.map(({ name, label }) => (
          <Form.Item key={name} label={label} htmlFor={`branding-${name}`}>
            <Input id={`branding-${name}`} value={draft[name] ?? ''} onChange={(event) => set(name, event.target.value)} />
          </Form.Item>
        ))}
        <Form.Item label="Custom CSS" htmlFor="branding-custom_css">
          <Input.TextArea id="branding-custom_css" rows={4} value={draft.custom_css ?? ''} onChange={(event) => set('custom_css', event.target.value)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
          {saving ? 'Saving…' : 'Save branding'}
        </Button>
      </Form>
      <section aria-label="Branding preview" style={{ flex: '1 1 320px', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          Preview
        </Typography.Title>
        <div style={{ background, padding: 16, borderRadius: 8, border: `1px solid ${color('border_color', '#d9d9d9')}` }}>
          <div style={{ background: drawn.header, color: '#fff', padding: '8px 12px', borderRadius: 6, marginBottom: 12 }}>
            {draft.logo_url ? <img src={draft.logo_url} alt="Logo preview" height={24} style={{ verticalAlign: 'middle', marginRight: 8 }} /> : null}
            Header
          </div>
          <Card size="small" style={{ background: card }}>
            <p style={{ color: drawn.text, margin: '0 0 8px' }}>Text on a card.</p>
            <p style={{ color: drawn.link, margin: '0 0 8px', textDecoration: 'underline' }}>A link</p>
            <span style={{ display: 'inline-block', background: drawn.button, color: color('button_text_color', '#ffffff'), padding: '4px 12px', borderRadius: 6 }}>A button</span>
          </Card>
          <p style={{ color: drawn.text, margin: '12px 0 0' }}>Text on the page.</p>
        </div>
        {warnings.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title="Some colours will not read well"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            }
          />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            Every text colour reads well on its background (WCAG AA).
          </Typography.Paragraph>
        )}
      </section>
    </Flex>
  );
}
