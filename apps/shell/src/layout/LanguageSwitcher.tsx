import { useState, type ChangeEvent } from 'react';
import { CHOOSABLE_LOCALES, LOCALE_NAMES, matchLocale, setLocale, useLanguage, type Locale } from '@steward/libs/i18n';
import { useSession } from '@steward/libs/session';
import { notify } from '@steward/libs/ui/core';
import { t as words, useT } from '../i18n';

/** The person's language in the organisation they are in (My profile's Language), kept on their profile. */
async function saveProfileLanguage(authUserId: string, orgName: string, language: Locale): Promise<void> {
  const { getDatabase, tableRef, updateWhere } = await import('@steward/libs/data');
  await updateWhere(getDatabase(), tableRef('public', 'user_profiles'), { auth_user_id: authUserId, org_name: orgName }, { language });
}

/**
 * The header's language menu: the page speaks the chosen language at once, whatever is open (a list,
 * a form half filled), and the choice is kept on the person's profile as My profile keeps it. A choice
 * that cannot be kept stays for this visit, and says so.
 */
export function LanguageSwitcher({ save = saveProfileLanguage }: { save?: typeof saveProfileLanguage }) {
  const t = useT();
  const { locale } = useLanguage();
  const { user, orgName, reload } = useSession();
  const [saving, setSaving] = useState(false);
  // A pseudo-locale (set for tests) is shown as it is, not offered.
  const offered = CHOOSABLE_LOCALES.includes(locale) ? CHOOSABLE_LOCALES : [...CHOOSABLE_LOCALES, locale];

  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = matchLocale(event.target.value);
    if (!next || next === locale) return;
    const applied = setLocale(next);
    if (!user || !orgName) return;
    setSaving(true);
    try {
      await save(user.id, orgName, next);
      // The session reads the profile again, so My profile and the next visit say the same.
      reload();
    } catch {
      // In the language just chosen (its words, once fetched), not the one of the last drawing.
      await applied.catch(() => undefined);
      notify.error(words('header.languageNotKept'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <select className="stw-header__language" aria-label={t('header.language')} value={locale} aria-busy={saving || undefined} onChange={(event) => void choose(event)}>
      {offered.map((option) => (
        <option key={option} value={option} lang={option}>
          {LOCALE_NAMES[option]}
        </option>
      ))}
    </select>
  );
}
