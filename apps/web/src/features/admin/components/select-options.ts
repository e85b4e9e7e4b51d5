/** A list filter's options: the "all" choice first, then each value with its label. */
export function withAll<All extends string | number, V extends string | number>(
  all: All,
  allLabel: string,
  values: readonly V[],
  labelOf: (value: V) => string,
): Array<{ value: All | V; label: string }> {
  return [{ value: all, label: allLabel }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}
