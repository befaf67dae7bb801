import { errorMessage } from '@steward/libs/data';
import { SAVE_FAILED_MESSAGE } from '@steward/libs/form';
import { useSubmit } from '@steward/libs/ui';

const saveFailed = (problem: unknown) => errorMessage(problem, SAVE_FAILED_MESSAGE);

/**
 * The save of a record tab's dialog (FormDialog), the platform's one submit (useSubmit): busy while it
 * runs, once, closes when it succeeds, and keeps the dialog open with what went wrong when it is
 * refused (everything typed stays).
 */
export function useTabSave(onClose: () => void) {
  return useSubmit({ describe: saveFailed, onDone: onClose });
}
