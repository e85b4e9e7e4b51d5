import { useEffect, useState } from 'react';
import { dreamExteriors, dreamItemCategories } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import type { DreamTargetFilters } from '../api/get-dream-targets';

export const SEARCH_DEBOUNCE_MS = 300;

const exteriorLabels: Record<(typeof dreamExteriors)[number], MessageId> = {
  FN: 'dream.ext.FN',
  MW: 'dream.ext.MW',
  FT: 'dream.ext.FT',
  WW: 'dream.ext.WW',
  BS: 'dream.ext.BS',
};
const typeLabels: Record<(typeof dreamItemCategories)[number], MessageId> = {
  knife: 'dream.type.knife',
  gloves: 'dream.type.gloves',
  pistol: 'dream.type.pistol',
  rifle: 'dream.type.rifle',
  smg: 'dream.type.smg',
  shotgun: 'dream.type.shotgun',
  sniper: 'dream.type.sniper',
  machinegun: 'dream.type.machinegun',
};
const rarityLabels: MessageId[] = ['dream.rarity.0', 'dream.rarity.1', 'dream.rarity.2', 'dream.rarity.3'];

/** "12.5" (yuan, as typed) → "1250" (fen); anything else → '' (no bound). */
export function yuanToFenText(text: string): string {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return '';
  const [whole = '0', cents = ''] = trimmed.split('.');
  return String(Number(whole) * 100 + Number(cents.padEnd(2, '0')));
}

const select =
  'rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white focus:outline-none focus:ring-2 focus:ring-accent-orange';

/** Name search, exterior, rarity, type, a price range (yuan) and the price order; any change returns to page 1. */
export function TargetFilters({ filters, onChange }: { filters: DreamTargetFilters; onChange: (next: DreamTargetFilters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.giftName);
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  // Typing waits for a pause before asking the server; the selects apply at once.
  useEffect(() => {
    const next = { giftName: text.trim(), priceStart: yuanToFenText(low), priceEnd: yuanToFenText(high) };
    if (next.giftName === filters.giftName && next.priceStart === filters.priceStart && next.priceEnd === filters.priceEnd) {
      return;
    }
    const timer = setTimeout(() => onChange({ ...filters, ...next, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, low, high, filters, onChange]);

  const set = (key: 'exterior' | 'rarity' | 'type', value: string) => onChange({ ...filters, [key]: value, page: 1 });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="dream-filters">
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('dream.filter.searchPlaceholder')}
        aria-label={t('dream.filter.search')}
        maxLength={40}
        className="w-full rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-sm text-white placeholder:text-slate-500 sm:w-48"
      />
      <select
        aria-label={t('dream.filter.exterior')}
        className={select}
        value={filters.exterior}
        onChange={(e) => set('exterior', e.target.value)}
      >
        <option value="">{t('dream.filter.anyExterior')}</option>
        {dreamExteriors.map((ext) => (
          <option key={ext} value={ext}>
            {t(exteriorLabels[ext])}
          </option>
        ))}
      </select>
      <select
        aria-label={t('dream.filter.rarity')}
        className={select}
        value={filters.rarity}
        onChange={(e) => set('rarity', e.target.value)}
      >
        <option value="">{t('dream.filter.anyRarity')}</option>
        {rarityLabels.map((label, grade) => (
          <option key={label} value={String(grade)}>
            {t(label)}
          </option>
        ))}
      </select>
      <select aria-label={t('dream.filter.type')} className={select} value={filters.type} onChange={(e) => set('type', e.target.value)}>
        <option value="">{t('dream.filter.anyType')}</option>
        {dreamItemCategories.map((type) => (
          <option key={type} value={type}>
            {t(typeLabels[type])}
          </option>
        ))}
      </select>
      <span className="flex items-center gap-1 text-sm text-slate-400">
        <input
          inputMode="decimal"
          value={low}
          onChange={(e) => setLow(e.target.value)}
          placeholder={t('dream.filter.priceMin')}
          aria-label={t('dream.filter.priceMin')}
          className="w-20 rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white placeholder:text-slate-500"
        />
        –
        <input
          inputMode="decimal"
          value={high}
          onChange={(e) => setHigh(e.target.value)}
          placeholder={t('dream.filter.priceMax')}
          aria-label={t('dream.filter.priceMax')}
          className="w-20 rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white placeholder:text-slate-500"
        />
      </span>
      <button
        type="button"
        className="rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-sm text-slate-200 hover:text-white"
        onClick={() => onChange({ ...filters, orderByPrice: filters.orderByPrice === 'asc' ? 'desc' : 'asc', page: 1 })}
        data-testid="dream-sort"
      >
        {t(filters.orderByPrice === 'asc' ? 'dream.filter.priceAsc' : 'dream.filter.priceDesc')}
      </button>
    </div>
  );
}
