import type { GiveawayEntry } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';

/**
 * The entries in join order with their entry numbers (what the draw and entriesHash use); the viewer's
 * own is marked by the server (`mine`), since the list names no user ids before the draw.
 */
export function Participants({ entries, loading }: { entries: readonly GiveawayEntry[]; loading: boolean }) {
  const t = useT();
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid="giveaway-entries">
      <h2 className="mb-3 font-semibold text-white">{t('giveaway.participants', { count: entries.length })}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-400">{loading ? t('giveaway.loading') : t('giveaway.noEntries')}</p>
      ) : (
        <ul className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3 lg:grid-cols-5">
          {entries.map((e) => (
            <li
              key={e.entryNo}
              className={`flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm ${e.mine ? 'bg-accent-orange/15' : 'bg-panel-2'}`}
              data-testid="giveaway-entry"
            >
              <span className="font-mono text-xs text-slate-400">#{e.entryNo}</span>
              <Avatar src={e.headPic} name={e.nickname} className="size-6" />
              <span className="truncate text-slate-200">{e.nickname}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
