import { formatFen, type UserInfo } from '@skinfair/contract';
import { useEquippedLook } from '../../../shared/api/virtual-goods';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';

/** Avatar, nickname, masked mobile, verified badge and the three balances (fen → yuan, spec §5). */
export function ProfileCard({ user }: { user: UserInfo }) {
  const t = useT();
  const look = useEquippedLook();
  const balances = [
    { label: t('account.balance'), value: formatFen(user.balance), tone: 'text-accent-orange' },
    { label: t('account.integral'), value: formatFen(user.integral), tone: 'text-accent-cyan' },
    { label: t('account.secondary'), value: formatFen(user.secondaryBalance), tone: 'text-accent-purple' },
  ];
  return (
    <div className="flex flex-col gap-5 rounded-xl border border-line bg-panel p-5 md:flex-row md:items-center" data-testid="profile-card">
      <div className="flex items-center gap-4">
        <Avatar src={user.avatar} name={user.nickname} className="size-16 text-2xl" frameColor={look.frameColor} />
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className="text-lg font-semibold text-white"
              data-testid="profile-nickname"
              style={look.nameColor ? { color: look.nameColor } : undefined}
            >
              {user.nickname}
            </span>
            {user.verified ? (
              <span className="rounded bg-emerald-500/15 px-2 py-0.5 text-xs text-emerald-400">{t('account.verified')}</span>
            ) : (
              <span className="rounded bg-slate-500/15 px-2 py-0.5 text-xs text-slate-400">{t('account.unverified')}</span>
            )}
          </div>
          <span className="text-sm text-slate-400">
            {user.mobile ?? '—'} · ID {user.id}
          </span>
        </div>
      </div>
      <dl className="grid flex-1 grid-cols-3 gap-3 md:ms-auto md:max-w-md">
        {balances.map((item) => (
          <div key={item.label} className="rounded-lg bg-surface px-3 py-2">
            <dt className="text-xs text-slate-400">{item.label}</dt>
            <dd className={`text-lg font-bold ${item.tone}`}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
