import { useQueryClient } from '@tanstack/react-query';
import type { BoxDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { Dialog } from '../../../shared/ui/dialog';
import { ItemImage } from '../../../shared/ui/item-image';
import { EmptyNote } from '../../../shared/ui/list-state';
import { caseDetailQuery } from '../api/get-case-detail';
import { useFreeBoxes } from '../api/get-free-boxes';
import { useOpenFreeBox } from '../api/open-free-box';
import { useOpening } from '../hooks/use-opening';
import { OpeningStage } from './opening-stage';
import { ResultDialog } from './result-dialog';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { TitledSection } from '../../../shared/ui/titled-section';

/** Why a free box was granted, in the catalogue's words: the server's reason code is never shown raw. */
const reasonLabels: Record<string, MessageId> = {
  daily: 'box.freeReason.daily',
  vip: 'box.freeReason.vip',
  golden_code: 'box.freeReason.goldenCode',
};
export const freeReasonLabel = (reason: string): MessageId => reasonLabels[reason] ?? 'box.freeReason.other';

/** /box 免费箱子 (logged in): the user's free-box grants, each opened with the same reel and dialog. */
export function FreeBoxes() {
  const t = useT();
  const queryClient = useQueryClient();
  const { data } = useFreeBoxes();
  const open = useOpenFreeBox();
  const opening = useOpening();
  const now = Date.now();
  const grants = (data?.pageData ?? []).filter((g) => !g.used && Date.parse(g.expireTime) > now);

  const onOpen = async (grantId: number, boxId: number) => {
    const answer = await open.mutateAsync({ id: grantId });
    // The filler cards follow the box's odds; a missing detail only makes the strip plainer.
    const detail: BoxDetail | null = await queryClient.fetchQuery(caseDetailQuery(boxId)).catch(() => null);
    opening.begin(answer.results, detail?.gifts ?? []);
  };

  return (
    <TitledSection id="free-boxes" title={t('box.freeBoxes')} testId="free-boxes">
      {grants.length === 0 ? (
        <EmptyNote message={t('box.noFreeBoxes')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {grants.map((grant) => (
            <li
              key={grant.id}
              className="flex flex-col items-center gap-2 rounded-xl border border-accent-cyan/40 bg-panel p-3 text-center"
              data-testid="free-box"
            >
              <ItemImage src={grant.boxImage} name={grant.boxName} grade={3} className="h-24 w-full" />
              <p className="line-clamp-1 text-sm text-white">{grant.boxName}</p>
              <p className="line-clamp-1 text-xs text-slate-400" data-testid="free-box-reason">
                {t(freeReasonLabel(grant.reason))}
              </p>
              <p className="text-[11px] text-slate-500">{t('box.expires', { time: formatDateTime(grant.expireTime) })}</p>
              <button
                type="button"
                disabled={open.isPending || opening.phase !== 'idle'}
                onClick={() => void onOpen(grant.id, grant.boxId).catch(() => {})}
                className="w-full rounded-lg bg-accent-cyan px-3 py-1.5 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-50"
              >
                {t('box.openFree')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {opening.phase === 'spinning' ? (
        <Dialog title={t('box.openFreeTitle')} onClose={opening.reveal} wide>
          <OpeningStage results={opening.results} gifts={opening.gifts} onFinished={opening.reveal} />
        </Dialog>
      ) : null}
      {opening.phase === 'result' ? <ResultDialog results={opening.results} onClose={opening.close} /> : null}
    </TitledSection>
  );
}
