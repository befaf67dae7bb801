import { useCallback, useMemo, useRef, useState } from 'react';
import { allCatalogsLoaded } from '@steward/libs/i18n';

/** What a submit came to: the write's value, or why not (`error` absent when it did not run at all). */
export type SubmitOutcome<T> = { ok: true; value: T } | { ok: false; error?: unknown };

/** How a refused write reads in the alert; null: no alert (the caller tells it another way, e.g. a toast). */
export type DescribeFailure = (error: unknown) => string | null;

export type SubmitOptions = {
  /** The alert's text for a refusal; without it a refusal sets no alert. */
  describe?: DescribeFailure;
  /** Called after a write that succeeded (a tab's dialog closes). */
  onDone?: () => void;
};

/**
 * The one submit of the platform's forms and dialogs: busy while the write runs, once (a second click,
 * Enter or a double tap while it runs does nothing), and the refusal as the form's error alert, with
 * everything typed kept for another try. The caller checks its fields first and sets its own alerts
 * (a banner, a missing-context message) with `setAlert`.
 */
export function useSubmit({ describe, onDone }: SubmitOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const busyRef = useRef(false);
  // The latest options, so `run` stays one stable function.
  const options = useRef({ describe, onDone });
  options.current = { describe, onDone };

  const run = useCallback(async <T>(write: () => Promise<T>, describeThis?: DescribeFailure): Promise<SubmitOutcome<T>> => {
    if (busyRef.current) return { ok: false };
    busyRef.current = true;
    setBusy(true);
    setAlert(null);
    try {
      const value = await write();
      busyRef.current = false;
      setBusy(false);
      options.current.onDone?.();
      return { ok: true, value };
    } catch (error) {
      // The database's refusals are fetched just after a switch of language (libs/src/messages): one
      // refused in that instant waits for them, so it is said in the person's language too.
      await allCatalogsLoaded().catch(() => undefined);
      busyRef.current = false;
      setBusy(false);
      setAlert((describeThis ?? options.current.describe)?.(error) ?? null);
      return { ok: false, error };
    }
  }, []);

  /** A write is running (for checks made before starting another step). */
  const isBusy = useCallback(() => busyRef.current, []);
  return { busy, alert, setAlert, run, isBusy };
}

export type SubmitApi = ReturnType<typeof useSubmit>;

/** Where focus was when a dialog opened, so closing it gives focus back there (its opener, usually). */
function activeElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * A dialog over useSubmit: open and closed, the submit's busy state and alert, and a submit that closes
 * it when the write succeeds. While a write runs it does not close (closing would hide the outcome of a
 * write in flight): its modal props keep the backdrop, Escape and the close button from closing it.
 * Closing gives focus back to what had it when the dialog opened. The record editor (dialog and inline),
 * Add New and a record tab's dialogs are all this one.
 */
export function useDialog(options: SubmitOptions = {}) {
  const submit = useSubmit({ describe: options.describe });
  const { setAlert, isBusy, run } = submit;
  const [open, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;

  const show = useCallback(() => {
    returnFocus.current = activeElement();
    setAlert(null);
    setOpen(true);
  }, [setAlert]);

  const hide = useCallback(() => {
    setOpen(false);
    setAlert(null);
    const target = returnFocus.current;
    returnFocus.current = null;
    // Once the closed dialog has drawn: focus left on nothing (an inline form that is gone) goes back to
    // the opener. A modal gives focus back itself when its closing animation ends.
    if (target)
      setTimeout(() => {
        const active = document.activeElement;
        if (target.isConnected && (active === null || active === document.body)) target.focus({ preventScroll: true });
      }, 0);
  }, [setAlert]);

  /** Closes the dialog unless a write is running; says whether it closed. */
  const close = useCallback(() => {
    if (isBusy()) return false;
    hide();
    return true;
  }, [hide, isBusy]);

  /** Runs the write once; the dialog closes when it succeeds and stays, with the alert, when refused. */
  const submitAndClose = useCallback(
    async <T>(write: () => Promise<T>, describeThis?: DescribeFailure): Promise<SubmitOutcome<T>> => {
      const outcome = await run(write, describeThis);
      if (outcome.ok) {
        hide();
        onDone.current?.();
      }
      return outcome;
    },
    [hide, run],
  );

  const modalProps = useMemo(
    () => ({ open, onCancel: close, mask: { closable: !submit.busy }, keyboard: !submit.busy, closable: !submit.busy, destroyOnHidden: true }),
    [close, open, submit.busy],
  );
  return { open, busy: submit.busy, alert: submit.alert, setAlert, isBusy, show, close, submit: submitAndClose, modalProps };
}

export type DialogApi = ReturnType<typeof useDialog>;
