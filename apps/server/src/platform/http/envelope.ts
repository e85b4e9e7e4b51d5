import type { Envelope } from '@skinfair/contract';

export const ok = <T>(data: T): Envelope<T> => ({ status: 0, msg: '', data });

export const fail = (status: number, msg: string): Envelope<null> => ({ status, msg, data: null });
