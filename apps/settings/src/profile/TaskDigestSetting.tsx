import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Typography } from '@steward/libs/ui/antd';
import { Switch } from '@steward/libs/ui/antd-data';
import { queryKeys } from '@steward/libs/data';
import { notify } from '@steward/libs/ui';
import { useT } from '../i18n';
import { USER_PROFILES, fetchTaskDigest, saveTaskDigest } from './profileApi';

/** My profile's opt-in to the daily task digest (user_profiles.task_digest; the database sends it). */
export function TaskDigestSetting({ profileId }: { profileId: string }) {
  const t = useT();
  const labelId = useId();
  const queryClient = useQueryClient();
  const key = [...queryKeys.table(USER_PROFILES), 'task_digest', profileId];
  const setting = useQuery({
    queryKey: key,
    queryFn: () => fetchTaskDigest(profileId),
  });
  const save = useMutation({
    mutationFn: (on: boolean) => saveTaskDigest(profileId, on),
    onSuccess: (_result, on) => {
      notify.success(on ? t('profile.digestOn') : t('profile.digestOff'));
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '16px 0' }}>
      <Switch
        aria-labelledby={labelId}
        checked={setting.data ?? false}
        loading={setting.isLoading || save.isPending}
        disabled={setting.isLoading || Boolean(setting.error)}
        onChange={(on) => save.mutate(on)}
      />
      <Typography.Text id={labelId}>{t('profile.digest')}</Typography.Text>
    </div>
  );
}
