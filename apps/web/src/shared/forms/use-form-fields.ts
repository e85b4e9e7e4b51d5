import { useState } from 'react';
import type { z } from 'zod';
import { useValidate } from './use-validate';

/**
 * A form's text values and an error per field (`Field` may name more than the values: a checkbox, a
 * confirmation). `set(field)` is a text input's onChange; `checkNow` checks one value at once (the number or
 * address a code is about to be sent to) and shows its error; `bind(field)` hands a field component its
 * value, onChange and error at once.
 */
export function useFormFields<Values extends Record<keyof Values, string>, Field extends string = Extract<keyof Values, string>>(
  initial: Values,
) {
  const validate = useValidate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const checkNow = (field: Field & keyof Values, schema: z.ZodType) => {
    const error = validate(schema, values[field]);
    setErrors((e) => ({ ...e, [field]: error }));
    return error === null;
  };
  const bind = (field: Field & keyof Values) => ({ value: values[field], onChange: set(field), error: errors[field] });
  return { values, errors, setErrors, set, bind, checkNow, validate };
}
