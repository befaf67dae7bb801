import { useEffect } from 'react';
import { ConfigProvider } from '@steward/libs/ui/antd';
import { loadSupabase } from '@steward/libs/boot';
import { DEFAULT_BRANDING } from '../branding/orgBranding';
import { brandingTheme } from '../branding/brandingTheme';
import { preloadSignedInScreens } from '../layout/signedInScreens';
import { requestToaster } from '../layout/toasterGate';
import { ApplyForAccessDialog } from './ApplyForAccessDialog';
import { SignInModal } from './SignInModal';

export type AuthDialog = 'signIn' | 'apply';

export type AuthDialogsProps = { dialog: AuthDialog | null; onChange: (dialog: AuthDialog | null) => void };

const publicTheme = brandingTheme(DEFAULT_BRANDING);

/**
 * The landing page's dialogs, loaded on first open so the public page stays light. Visitors have no
 * organisation yet, so the dialogs wear the default branding.
 */
export default function AuthDialogs({ dialog, onChange }: AuthDialogsProps) {
  useEffect(() => {
    requestToaster();
    preloadSignedInScreens();
    // Both dialogs talk to the API: fetch the client while the visitor types.
    void loadSupabase();
  }, []);
  return (
    <ConfigProvider theme={publicTheme}>
      <SignInModal open={dialog === 'signIn'} onClose={() => onChange(null)} onApply={() => onChange('apply')} />
      <ApplyForAccessDialog open={dialog === 'apply'} onClose={() => onChange(null)} />
    </ConfigProvider>
  );
}
