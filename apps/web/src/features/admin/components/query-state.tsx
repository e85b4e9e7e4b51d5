import { useAdminT } from '../i18n/messages';

/**
 * What a console panel shows while its query has no data: the failure with its reason (an alert), or a
 * loading line (a status). The panel renders its data itself once it is there.
 */
export function QueryState({ query }: { query: { isError: boolean; error: Error | null } }) {
  const at = useAdminT();
  if (query.isError)
    return (
      <p role="alert" className="text-red-400">
        {at('admin.loadFailed')}: {query.error?.message}
      </p>
    );
  return (
    <p role="status" className="text-slate-400">
      {at('admin.loading')}
    </p>
  );
}
