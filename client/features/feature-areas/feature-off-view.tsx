import { Link } from '@tanstack/react-router';
import { FEATURE_AREA_INFO, type FeatureArea } from '../../../shared/feature-areas.js';

/** What a person sees on a page of an area their admin switched off. */
export function FeatureOffView({ area, isAdmin }: { area: FeatureArea; isAdmin: boolean }) {
  const { label } = FEATURE_AREA_INFO[area];
  return (
    <div className="state-card" role="status">
      <h1>{label} is switched off</h1>
      <p>{label} has been switched off by your admin for your organization, so this page is not available.</p>
      {isAdmin ? (
        <p>
          You can switch it back on in <Link to="/admin/settings/pages">Settings → Pages</Link>.
        </p>
      ) : (
        <p>Ask an admin of your organization if you need it.</p>
      )}
      <Link to="/home/dashboard">Go to your dashboard</Link>
    </div>
  );
}
