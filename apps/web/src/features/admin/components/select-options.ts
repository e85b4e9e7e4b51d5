/** A list filter's options: the "all" choice first, then each value with its label. */
export function withAll<All extends string | number, V extends string | number>(
  all: All,
  allLabel: string,
  values: readonly V[],
  labelOf: (value: V) => string,
): Array<{ value: All | V; label: string }> {
  return [{ value: all, label: allLabel }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}

/** A filter on a flag: all (-1), on (1), off (0), in that order. */
export const onOffOptions = (all: string, on: string, off: string) => [
  { value: -1, label: all },
  { value: 1, label: on },
  { value: 0, label: off },
];
