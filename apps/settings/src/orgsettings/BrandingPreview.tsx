import { Alert, Typography } from '@steward/libs/ui/antd';
import { brandingContrastWarnings, drawnBrandingColors } from './brandingContrast';
import type { BrandingValues } from './orgSettingsApi';
import { useT } from '../i18n';

/**
 * A live preview of the branding being edited, drawn as the app will draw it (failing colours in their
 * passing shade), and a list of every chosen colour that fails WCAG AA contrast.
 */
export function BrandingPreview({ values }: { values: BrandingValues }) {
  const t = useT();
  const colors = drawnBrandingColors(values);
  const warnings = brandingContrastWarnings(values);
  const font = values.font_family || undefined;
  return (
    <section aria-label={t('branding.preview')} data-testid="branding-preview">
      <div style={{ background: colors.background_color, border: `1px solid ${colors.border_color}`, borderRadius: 8, fontFamily: font, overflow: 'hidden' }}>
        <div style={{ background: colors.primary_color, color: '#ffffff', padding: '8px 12px', fontFamily: values.header_font || font, display: 'flex', gap: 8, alignItems: 'center' }}>
          {values.logo_url ? <img src={values.logo_url} alt={t('branding.logoPreview')} style={{ height: 24 }} /> : null}
          <strong>{t('branding.previewHeader')}</strong>
        </div>
        <div style={{ padding: 12 }}>
          <div style={{ background: colors.card_color, color: colors.text_color, padding: 12, borderRadius: 6, fontFamily: values.paragraph_font || font }}>
            <p style={{ margin: '0 0 8px' }}>
              {t('branding.previewBody')} <span style={{ color: colors.link_color, textDecoration: 'underline' }}>{t('branding.previewLink')}</span>
            </p>
            <span
              data-testid="preview-button"
              style={{ display: 'inline-block', background: colors.button_color, color: colors.button_text_color, padding: '4px 12px', borderRadius: 6 }}
            >
              {t('branding.previewButton')}
            </span>
            <span style={{ display: 'inline-block', marginLeft: 8, width: 16, height: 16, borderRadius: 8, background: colors.accent_color, verticalAlign: 'middle' }} aria-hidden />
          </div>
        </div>
      </div>
      <div role="status" style={{ marginTop: 8 }}>
        {warnings.length === 0 ? (
          <Typography.Text>{t('branding.allPass')}</Typography.Text>
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('branding.someFail')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {warnings.map((warning) => (
                  <li key={warning.message}>{warning.message}</li>
                ))}
              </ul>
            }
          />
        )}
      </div>
    </section>
  );
}
