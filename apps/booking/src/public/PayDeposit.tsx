import { useState } from 'react';
import { errorMessage } from '@steward/libs/data';
import { useT } from '../i18n';
import { startCardPayment, type StayView } from './bookingApi';
import { formatMoney } from '@steward/libs/i18n';

/**
 * "Pay the deposit by card": asks the payments function for the provider's checkout page and sends the
 * guest there; the provider returns them to their booking's page, which shows the deposit paid.
 */
export function PayDeposit({ stay, token }: { stay: StayView; token: string }) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  if (!stay.can_pay || !stay.deposit_due) return null;
  async function pay() {
    setStarting(true);
    setProblem(null);
    try {
      const answer = await startCardPayment(token);
      if (answer.ok) {
        window.location.assign(answer.url);
        return;
      }
      setProblem(answer.reason);
    } catch (error) {
      setProblem(errorMessage(error, t('pay.couldNotStart')));
    }
    setStarting(false);
  }
  return (
    <div style={{ margin: '12px 0' }}>
      <button type="button" className="booking-button" disabled={starting} onClick={() => void pay()}>
        {starting ? t('pay.opening') : t('pay.button', { amount: formatMoney(stay.deposit_due, stay.currency ?? 'USD') })}
      </button>
      {problem ? (
        <p role="alert" className="booking-alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
