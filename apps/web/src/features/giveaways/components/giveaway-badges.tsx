import { GiveawayRoomType, GiveawayState } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';

const typeKey = {
  [GiveawayRoomType.official]: 'giveaway.type.official',
  [GiveawayRoomType.streamer]: 'giveaway.type.streamer',
  [GiveawayRoomType.own]: 'giveaway.type.own',
} as const;

const stateKey = {
  [GiveawayState.running]: 'giveaway.state.running',
  [GiveawayState.ended]: 'giveaway.state.ended',
  [GiveawayState.cancelled]: 'giveaway.state.cancelled',
} as const;

export function RoomTypeBadge({ roomType }: { roomType: number }) {
  const t = useT();
  const key = typeKey[roomType as keyof typeof typeKey];
  return (
    <span className="rounded bg-accent-orange/15 px-2 py-0.5 text-xs text-accent-orange" data-testid="giveaway-type">
      {key ? t(key) : roomType}
    </span>
  );
}

export function RoomStateBadge({ state }: { state: number }) {
  const t = useT();
  const key = stateKey[state as keyof typeof stateKey];
  const tone = state === GiveawayState.running ? 'bg-emerald-500/15 text-emerald-400' : 'bg-panel-2 text-slate-400';
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${tone}`} data-testid="giveaway-state">
      {key ? t(key) : state}
    </span>
  );
}

/** A seeded demo room or a sandbox-tool room: never passed off as a real promotion (decision 0017). */
export function DemoRoomBadge() {
  const t = useT();
  return (
    <span className="rounded bg-slate-700/60 px-2 py-0.5 text-xs text-slate-300" data-testid="giveaway-demo" title={t('giveaway.demoHint')}>
      {t('giveaway.demo')}
    </span>
  );
}

/** The room asks for a password. */
export function LockIcon({ label }: { label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="giveaway-lock"
      viewBox="0 0 24 24"
      className="size-4 text-slate-300"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
