import { GRAPHIC_CONTRAST, parseColor, passingShade, toHex } from '@steward/libs/ui/core';
import type { Branding } from './orgBranding';

/** `amount` of `color` over `base` (0 = base, 1 = color); the colour itself when either cannot be read. */
function mix(color: string, base: string, amount: number): string {
  const [a, b] = [parseColor(color), parseColor(base)];
  if (!a || !b) return color;
  const blend = (x: number, y: number) => Math.round(x * amount + y * (1 - amount));
  return toHex({ r: blend(a.r, b.r), g: blend(a.g, b.g), b: blend(a.b, b.b) });
}

/** What an organisation's branding draws, besides its stored colours. */
export type DrawnBranding = Branding & {
  /** Muted text (descriptions, hints): a solid colour that still reaches AA, not a translucent one. */
  secondaryTextColor: string;
  /** Background of the selected item in menus and lists (the organisation switcher). */
  selectedItemColor: string;
  /** Hovered and pressed primary buttons: a step darker than the button, still AA under its text. */
  buttonHoverColor: string;
  buttonActiveColor: string;
  /** Hovered and pressed links: a step darker than the link, still AA on every surface. */
  linkHoverColor: string;
  linkActiveColor: string;
  /** Error text (form messages, danger buttons): antd's red in a shade that reaches AA. */
  errorColor: string;
};

/** antd's default error red (#ff4d4f reaches only 3.26:1 on white). */
const ANTD_ERROR = '#ff4d4f';

/**
 * The branding as drawn: every colour that carries text reaches WCAG AA (4.5:1) against the surfaces
 * it sits on, and the focus ring 3:1 against the page — keeping each colour's hue and moving only its
 * lightness (`passingShade`). Stored branding is untouched; colours that already pass are unchanged.
 */
export function accessibleBranding(branding: Branding): DrawnBranding {
  const selectedItemColor = mix(branding.primaryColor, branding.backgroundColor, 0.1);
  // Text is drawn on the page, on cards, on antd's white containers (tables, dialogs, menus) and on
  // its alternate fill (#fafafa: a table's sorted column, its header).
  const surfaces = [branding.backgroundColor, branding.cardColor, '#ffffff', '#fafafa'];
  const textColor = passingShade(branding.textColor, surfaces);
  const buttonColor = passingShade(branding.buttonColor, [branding.buttonTextColor]);
  const linkColor = passingShade(branding.linkColor, surfaces);
  const buttonShade = (amount: number) => passingShade(mix(buttonColor, '#000000', 1 - amount), [branding.buttonTextColor]);
  return {
    ...branding,
    // The primary colour is both text (selected items, headings) and the header behind white text.
    primaryColor: passingShade(branding.primaryColor, [...surfaces, selectedItemColor]),
    buttonColor,
    buttonHoverColor: buttonShade(0.1),
    buttonActiveColor: buttonShade(0.2),
    errorColor: passingShade(ANTD_ERROR, surfaces),
    linkColor,
    // antd would derive lighter ones, which a hovered link in a table fell below AA with.
    linkHoverColor: passingShade(mix(linkColor, '#000000', 0.85), surfaces),
    linkActiveColor: passingShade(mix(linkColor, '#000000', 0.75), surfaces),
    textColor,
    accentColor: passingShade(branding.accentColor, [branding.backgroundColor, '#ffffff'], GRAPHIC_CONTRAST),
    secondaryTextColor: passingShade(mix(textColor, branding.backgroundColor, 0.7), surfaces),
    selectedItemColor,
  };
}
