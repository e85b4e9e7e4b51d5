import { auditFieldRows } from './audit-fields';
import { useAdminT } from '../i18n/messages';
import { useAuditLocale, useAuditT } from '../i18n/audit-messages';

/** How many changed fields the row shows before "查看": the rest (and the unchanged ones) are inside. */
const SHOWN = 3;

/**
 * An audit row's change as labelled fields (issue 30 §8): the changed fields at a glance ("状态：待审批 →
 * 已通过"), every field of both sides in a table under 查看. Nothing is dropped: a field the catalogue does
 * not name yet appears under its own name.
 */
export function AuditDetails({ before, after }: { before: unknown; after: unknown }) {
  const locale = useAuditLocale();
  const t = useAuditT();
  const adminT = useAdminT();
  const rows = auditFieldRows(locale, before, after);
  const created = before === null || before === undefined;
  const changed = rows.filter((r) => r.changed);
  const shown = changed.slice(0, SHOWN);
  return (
    <div className="flex min-w-[16rem] flex-col gap-1 text-xs" data-testid="audit-details">
      {shown.length === 0 ? <span className="text-slate-500">{t('audit.noChange')}</span> : null}
      <ul className="flex flex-col gap-0.5">
        {shown.map((r) => (
          <li key={r.key} data-testid="audit-change">
            <span className="text-slate-400">{r.label}：</span>
            {created || r.added ? null : (
              <>
                <span className="text-slate-300">{r.before}</span>
                <span className="px-1 text-slate-500">→</span>
              </>
            )}
            <span className="text-white">{r.after}</span>
          </li>
        ))}
      </ul>
      {changed.length > SHOWN ? <span className="text-slate-500">{t('audit.more', { n: changed.length - SHOWN })}</span> : null}
      {rows.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-slate-400">{adminT('admin.audit.details')}</summary>
          <table className="mt-1 w-full border-collapse" data-testid="audit-fields">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="pr-2 font-normal">{t('audit.field')}</th>
                <th className="pr-2 font-normal">{t('audit.before')}</th>
                <th className="font-normal">{t('audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={`align-top ${r.changed ? 'text-white' : 'text-slate-400'}`}>
                  <th scope="row" className="whitespace-nowrap pr-2 text-left font-normal text-slate-400">
                    {r.label}
                  </th>
                  <td className="break-all pr-2">{r.before}</td>
                  <td className="break-all">{r.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </div>
  );
}
