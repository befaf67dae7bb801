import { Link } from 'react-router-dom';

/** Placeholder until the landing screen lands. */
export function LandingPage() {
  return (
    <main>
      <h1>Steward</h1>
      <Link to="/dashboard">Go to Dashboard</Link>
    </main>
  );
}
