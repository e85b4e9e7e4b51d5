import { useState } from 'react';
import { dreamExteriors, dreamItemCategories } from '@skinfair/contract';
import { yuanTextToFenText } from '../format/money';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/zh-CN';
import { OptionSelect, PriceRange, SearchBox } from './filter-controls';

/**
 * The skin catalogue's filter words (exterior, type, grade), shared by the pages that search it: the dream
 * targets and the skin catalogue. The options and their labels are the catalogue's; each page names the
 * controls in its own catalogue section.
 */
type Scope = 'dream' | 'skin';
type Word =
  'search' | 'searchPlaceholder' | 'exterior' | 'anyExterior' | 'type' | 'anyType' | 'rarity' | 'anyRarity' | 'priceMin' | 'priceMax';
// Typed templates: a word missing from the catalogue for either scope fails to compile.
const controlLabel = (scope: Scope, word: Word): MessageId => `${scope}.filter.${word}`;
const grades = ['0', '1', '2', '3'] as const;

const kinds = {
  exterior: { label: 'exterior', any: 'anyExterior', options: dreamExteriors.map((ext) => [ext, `dream.ext.${ext}`] as const) },
  type: { label: 'type', any: 'anyType', options: dreamItemCategories.map((type) => [type, `dream.type.${type}`] as const) },
  rarity: { label: 'rarity', any: 'anyRarity', options: grades.map((grade) => [grade, `dream.rarity.${grade}`] as const) },
} satisfies Record<string, { label: Word; any: Word; options: readonly (readonly [string, MessageId])[] }>;

interface CatalogueSelectProps {
  scope: Scope;
  kind: keyof typeof kinds;
  value: string;
  onChange: (value: string) => void;
  className: string;
}

/** One catalogue attribute, "any" ('') first. */
export function CatalogueSelect({ scope, kind, value, onChange, className }: CatalogueSelectProps) {
  const t = useT();
  const { label, any, options } = kinds[kind];
  return (
    <OptionSelect
      label={t(controlLabel(scope, label))}
      anyLabel={t(controlLabel(scope, any))}
      options={options.map(([option, optionLabel]) => ({ value: option, label: t(optionLabel) }))}
      value={value}
      onChange={onChange}
      className={className}
    />
  );
}

/** The catalogue's name search. */
export function CatalogueSearch({ scope, ...box }: { scope: Scope; value: string; onChange: (value: string) => void; className: string }) {
  const t = useT();
  return <SearchBox label={t(controlLabel(scope, 'search'))} placeholder={t(controlLabel(scope, 'searchPlaceholder'))} {...box} />;
}

/** The price bounds as typed (yuan) and as the list call wants them (fen text, '' for no bound). */
export function usePriceBounds() {
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  return { low, high, setLow, setHigh, lowFen: yuanTextToFenText(low), highFen: yuanTextToFenText(high) };
}

interface CataloguePriceRangeProps {
  scope: Scope;
  bounds: ReturnType<typeof usePriceBounds>;
  className: string;
  inputClassName: string;
}

export function CataloguePriceRange({ scope, bounds, className, inputClassName }: CataloguePriceRangeProps) {
  const t = useT();
  return (
    <PriceRange
      low={bounds.low}
      high={bounds.high}
      onLow={bounds.setLow}
      onHigh={bounds.setHigh}
      lowLabel={t(controlLabel(scope, 'priceMin'))}
      highLabel={t(controlLabel(scope, 'priceMax'))}
      className={className}
      inputClassName={inputClassName}
    />
  );
}
