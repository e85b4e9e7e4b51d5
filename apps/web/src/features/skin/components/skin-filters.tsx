import { useEffect, useState } from 'react';
import { skinCategories, skinExteriors } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import type { SkinFilters as Filters } from '../api/get-skin-page';

export const SEARCH_DEBOUNCE_MS = 300;

// The labels of exteriors, types and grades are the catalogue's words, already translated for dream chasing.
const exteriorLabel = (ext: string) => `dream.ext.${ext}` as MessageId;
const typeLabel = (type: string) => `dream.type.${type}` as MessageId;
const gradeLabel = (grade: number) => `dream.rarity.${grade}` as MessageId;
const sortLabels: MessageId[] = ['skin.sort.priceDesc', 'skin.sort.priceAsc', 'skin.sort.name'];

/** "12.5" (yuan, as typed) → "1250" (fen); anything else → '' (no bound). */
export function yuanToFen(text: string): string {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return '';
  const [whole = '0', cents = ''] = trimmed.split('.');
  return String(Number(whole) * 100 + Number(cents.padEnd(2, '0')));
}

const control =
  'rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-accent-orange';

/** Name search, type, exterior, grade, a price range in yuan and the order; any change returns to page 1. */
export function SkinFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.name);
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  // Typing waits for a pause before asking the server; the selects apply at once.
  useEffect(() => {
    const next = { name: text.trim(), priceMin: yuanToFen(low), priceMax: yuanToFen(high) };
    if (next.name === filters.name && next.priceMin === filters.priceMin && next.priceMax === filters.priceMax) return;
    const timer = setTimeout(() => onChange({ ...filters, ...next, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, low, high, filters, onChange]);

  const set = (key: 'category' | 'exterior' | 'grade', value: string) => onChange({ ...filters, [key]: value, page: 1 });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="skin-filters">
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('skin.filter.searchPlaceholder')}
        aria-label={t('skin.filter.search')}
        maxLength={40}
        className={`w-full sm:w-56 ${control}`}
      />
      <select
        aria-label={t('skin.filter.type')}
        className={control}
        value={filters.category}
        onChange={(e) => set('category', e.target.value)}
      >
        <option value="">{t('skin.filter.anyType')}</option>
        {skinCategories.map((type) => (
          <option key={type} value={type}>
            {t(typeLabel(type))}
          </option>
        ))}
      </select>
      <select
        aria-label={t('skin.filter.exterior')}
        className={control}
        value={filters.exterior}
        onChange={(e) => set('exterior', e.target.value)}
      >
        <option value="">{t('skin.filter.anyExterior')}</option>
        {skinExteriors.map((ext) => (
          <option key={ext} value={ext}>
            {t(exteriorLabel(ext))}
          </option>
        ))}
      </select>
      <select aria-label={t('skin.filter.rarity')} className={control} value={filters.grade} onChange={(e) => set('grade', e.target.value)}>
        <option value="">{t('skin.filter.anyRarity')}</option>
        {[0, 1, 2, 3].map((grade) => (
          <option key={grade} value={String(grade)}>
            {t(gradeLabel(grade))}
          </option>
        ))}
      </select>
      <span className="flex items-center gap-1 text-sm text-slate-300">
        <input
          inputMode="decimal"
          value={low}
          onChange={(e) => setLow(e.target.value)}
          placeholder={t('skin.filter.priceMin')}
          aria-label={t('skin.filter.priceMin')}
          className={`w-24 ${control}`}
        />
        –
        <input
          inputMode="decimal"
          value={high}
          onChange={(e) => setHigh(e.target.value)}
          placeholder={t('skin.filter.priceMax')}
          aria-label={t('skin.filter.priceMax')}
          className={`w-24 ${control}`}
        />
      </span>
      <select
        aria-label={t('skin.filter.sort')}
        className={control}
        value={String(filters.sort)}
        onChange={(e) => onChange({ ...filters, sort: Number(e.target.value), page: 1 })}
      >
        {sortLabels.map((label, sort) => (
          <option key={label} value={String(sort)}>
            {t(label)}
          </option>
        ))}
      </select>
    </div>
  );
}
