import type { GiveawayPrize, GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { returnsTo, unwonPrizes } from '../unwon';

/**
 * The room's draw rules, and after the draw what became of the prizes nobody won (issue 30 §9): a room
 * with more prizes than entrants must say where the rest go before anyone joins, and where they went after.
 */
export function DrawRules({ room, prizes }: { room: GiveawayRoom; prizes: readonly GiveawayPrize[] }) {
  const t = useT();
  const unwon = unwonPrizes(room, prizes);
  const entries = room.entryCount ?? room.userCount;
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid="giveaway-rules">
      <h2 className="mb-2 font-semibold text-white">{t('giveaway.rules.title')}</h2>
      {unwon ? (
        <p
          role="status"
          className="mb-3 rounded-lg border border-accent-orange/40 bg-accent-orange/10 p-3 text-sm text-slate-100"
          data-testid="giveaway-unwon"
        >
          {entries === 0
            ? t(unwon.to === 'stock' ? 'giveaway.unwon.noneStock' : 'giveaway.unwon.noneBackpack', {
                count: unwon.count,
              })
            : t(unwon.to === 'stock' ? 'giveaway.unwon.stock' : 'giveaway.unwon.backpack', {
                entries,
                prizes: prizes.length,
                count: unwon.count,
              })}
        </p>
      ) : null}
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-300">
        <li>{t('giveaway.rules.draw')}</li>
        <li>{t(returnsTo(room) === 'stock' ? 'giveaway.rules.unwonStock' : 'giveaway.rules.unwonBackpack')}</li>
      </ul>
    </section>
  );
}
