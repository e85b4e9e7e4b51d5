import { formatFen } from '@skinfair/contract';
import { usePromotionsPagePreview } from '../../api/content';
import { useContentT } from '../../i18n/content-messages';
import { QueryState } from '../query-state';

/**
 * The /promotions page is built from settings and code, not from content rows: this tab says where each
 * part comes from and shows today's figures, read through the players' own call.
 */
export function PromotionsTab() {
  const t = useContentT();
  const preview = usePromotionsPagePreview();
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-200">
      <p>{t('content.promotions.intro')}</p>
      {!preview.data ? (
        <QueryState query={preview} />
      ) : (
        <ul className="list-disc ps-5">
          <li>{t('content.promotions.firstDeposit', { percent: preview.data.firstDeposit.bonusPercent })}</li>
          <li>{t('content.promotions.vip', { n: preview.data.vipGrades.length })}</li>
          <li>
            {t('content.promotions.daily', {
              tiers: preview.data.dailyTopUp.map((tier) => `${formatFen(tier.minDeposit)} → ${formatFen(tier.reward)}`).join('，'),
            })}
          </li>
        </ul>
      )}
      <p className="text-slate-400">{t('content.promotions.texts')}</p>
    </div>
  );
}
