import { Link } from 'react-router';
import { roundTime } from '@skinfair/fairness';
import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { formatDateTime } from '../../../shared/format/beijing-time';

const mono = 'break-all font-mono text-xs text-slate-200';

function Field({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-xs text-slate-500 sm:w-40">{label}</dt>
      <dd className={value ? mono : 'text-xs text-slate-500'} data-testid={testId}>
        {value ?? t('giveaway.fair.notYet')}
      </dd>
    </div>
  );
}

/**
 * PF v1 §8, §10: what is published when. At creation the public hash and the beacon round; at the end
 * the entries' hash and count (before the round is out); after the draw the beacon, the seed and the salt.
 */
export function FairnessPanel({ room }: { room: GiveawayRoom }) {
  const t = useT();
  const roundAt = formatDateTime(roundTime(room.targetRound) * 1000);
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid="giveaway-fairness">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-white">{t('giveaway.fair.title')}</h2>
        {room.serverSeed ? (
          <Link
            to={`/giveaways/${room.id}/verify`}
            className="text-sm text-accent-cyan underline hover:text-white"
            data-testid="giveaway-verify-link"
          >
            {t('giveaway.fair.verify')}
          </Link>
        ) : null}
      </div>
      <dl className="flex flex-col gap-2">
        <Field label={t('giveaway.fair.publicHash')} value={room.publicHash} testId="fair-public-hash" />
        <Field label={t('giveaway.fair.round')} value={`${room.targetRound} (${roundAt})`} testId="fair-round" />
        <Field label={t('giveaway.fair.entriesHash')} value={room.entriesHash} testId="fair-entries-hash" />
        <Field
          label={t('giveaway.fair.entryCount')}
          value={room.entryCount === null ? null : String(room.entryCount)}
          testId="fair-entry-count"
        />
        <Field
          label={t('giveaway.fair.beacon')}
          value={
            room.beaconSource
              ? `${room.beaconSource === 'local' ? t('giveaway.fair.localBeacon') : room.beaconSource} · ${room.randomness ?? ''}`
              : null
          }
          testId="fair-beacon"
        />
        <Field label={t('giveaway.fair.seed')} value={room.serverSeed} testId="fair-seed" />
        <Field label={t('giveaway.fair.salt')} value={room.secretSalt} testId="fair-salt" />
      </dl>
      <p className="mt-3 text-xs text-slate-500">{t('giveaway.fair.rule')}</p>
    </section>
  );
}
