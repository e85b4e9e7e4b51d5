import { z } from 'zod';

/**
 * The words response schemas are written in: one per kind of value the server sends. Money is integer fen
 * (`int`), times are ISO strings (`text`), images are relative paths or null (`nullableText`). Parameters
 * are parsed by the builders of params.ts instead, which also accept form values.
 */
export const int = z.number().int();
export const nullableInt = z.number().int().nullable();
/** Ratios, probabilities and other fractional figures. */
export const num = z.number();
export const nullableNum = z.number().nullable();
export const text = z.string();
export const nullableText = z.string().nullable();
export const bool = z.boolean();
