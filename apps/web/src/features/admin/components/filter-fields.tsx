import type { ReactNode } from 'react';
import { DateFilter, FilterBar, SearchFilter, SelectFilter, type FilterOption } from './filter-bar';

type FilterKey<F> = Exclude<keyof F, 'page'>;
export type TextKey<F> = { [K in FilterKey<F>]: F[K] extends string ? K : never }[FilterKey<F>];

/**
 * One control of a console list's filter bar, declared as data: the filter it sets (`search`, `date` or
 * `select` names it) and its label; a select's options carry the filter's own values.
 */
export type FilterField<F> =
  | {
      search: TextKey<F>;
      label: string;
      maxLength?: number;
      numeric?: boolean;
      wide?: boolean;
      /** What of the typed text the filter keeps (a code's letters and digits, say). */
      clean?: (text: string) => string;
    }
  | { date: TextKey<F>; label: string }
  | { [K in FilterKey<F>]: { select: K; label: string; options: Array<FilterOption<F[K] & (string | number)>> } }[FilterKey<F>];

type SetFilters<F> = (patch: Partial<Omit<F, 'page'>>) => void;

function FieldControl<F>({ field, filters, set }: { field: FilterField<F>; filters: F; set: SetFilters<F> }) {
  // Each descriptor's key and values are checked against F where it is declared; here they are passed through.
  const setOne = (key: FilterKey<F>) => (value: unknown) => set({ [key]: value } as Partial<Omit<F, 'page'>>);
  if ('search' in field)
    return (
      <SearchFilter
        label={field.label}
        value={filters[field.search] as string}
        maxLength={field.maxLength}
        numeric={field.numeric}
        wide={field.wide}
        onChange={(text) => setOne(field.search)(field.clean ? field.clean(text) : text)}
      />
    );
  if ('date' in field) return <DateFilter label={field.label} value={filters[field.date] as string} onChange={setOne(field.date)} />;
  return (
    <SelectFilter
      label={field.label}
      value={filters[field.select] as string | number}
      options={field.options as Array<FilterOption<string | number>>}
      onChange={setOne(field.select)}
    />
  );
}

/**
 * A console list's filter bar from its fields; `children` follow them (a custom control, an action).
 * Changing a filter calls `set` with it (the list's own, which goes back to page 1).
 */
export function FilterFields<F>({
  filters,
  set,
  fields,
  children,
}: {
  filters: F;
  set: SetFilters<F>;
  fields: Array<FilterField<F>>;
  children?: ReactNode;
}) {
  return (
    <FilterBar>
      {fields.map((field) => (
        <FieldControl
          key={String('search' in field ? field.search : 'date' in field ? field.date : field.select)}
          field={field}
          filters={filters}
          set={set}
        />
      ))}
      {children}
    </FilterBar>
  );
}
