import type { Resource } from '../../stores/desk-resource.ts';

/**
 * What a screen shows before its data came: "Loading…", or, after a failed load (whose message
 * the live region has read out), a way to try again.
 */
export function NotLoaded({
  resource,
  retry,
  loading = 'Loading…',
}: {
  resource: Resource<unknown>;
  retry: () => unknown;
  loading?: string;
}) {
  if (resource.loading || resource.error === null) return <p>{loading}</p>;
  return (
    <p>
      Not loaded.{' '}
      <button type="button" className="desk-button desk-quiet" onClick={() => void retry()}>
        Try again
      </button>
    </p>
  );
}
