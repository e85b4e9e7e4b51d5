import { useAdminT, type AdminMessageId } from '../i18n/messages';

/** A screen of issue 16 this stage has not built: said plainly, not faked. */
export function NextStagePage({ label }: { label: AdminMessageId }) {
  const t = useAdminT();
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">{t(label)}</h1>
      <p className="inline-flex w-fit rounded bg-slate-700 px-2 py-0.5 text-xs">{t('admin.nextStage')}</p>
      <p className="max-w-2xl text-slate-300">{t('admin.nextStage.body', { screen: t(label) })}</p>
    </section>
  );
}
