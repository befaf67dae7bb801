import { errorMessage } from '@steward/libs/data';
import { useSubmit } from '@steward/libs/ui';
import { later } from '../i18n';

const { t } = later;

const saveFailed = (problem: unknown) => errorMessage(problem, t('common.saveFailed'));

/**
 * The save of a record tab's dialog (FormDialog), the platform's one submit (useSubmit): busy while it
 * runs, once, closes when it succeeds, and keeps the dialog open with what went wrong when it is
 * refused (everything typed stays).
 */
export function useTabSave(onClose: () => void) {
  return useSubmit({ describe: saveFailed, onDone: onClose });
}
