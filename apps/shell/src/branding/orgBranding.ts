/** A row of settings.org_branding; every field may be empty. */
export type OrgBrandingRow = {
  org_name: string;
  logo_url?: string | null;
  primary_color?: string | null;
  secondary_color?: string | null;
  accent_color?: string | null;
  background_color?: string | null;
  card_color?: string | null;
  border_color?: string | null;
  button_color?: string | null;
  button_text_color?: string | null;
  font_family?: string | null;
  header_font?: string | null;
  paragraph_font?: string | null;
  text_color?: string | null;
  link_color?: string | null;
  custom_css?: string | null;
};

/** Branding with every value present and safe to put into styles. */
export type Branding = {
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  cardColor: string;
  borderColor: string;
  buttonColor: string;
  buttonTextColor: string;
  textColor: string;
  linkColor: string;
  fontFamily: string;
  headerFont: string;
  paragraphFont: string;
  customCss: string;
};

/** The spec's default branding, used for whatever the organisation and the default row leave empty. */
export const DEFAULT_BRANDING: Branding = {
  logoUrl: null,
  primaryColor: '#325286',
  secondaryColor: '#c65657',
  accentColor: '#6693db',
  backgroundColor: '#ffffff',
  cardColor: '#e2eaf9',
  borderColor: '#c65655',
  buttonColor: '#c65655',
  buttonTextColor: '#ffffff',
  textColor: '#1f2937',
  linkColor: '#6593db',
  fontFamily: 'Inter',
  headerFont: 'Merriweather',
  paragraphFont: 'Roboto',
  customCss: '',
};
