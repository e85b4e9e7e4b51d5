import { GIVEAWAY_MAX_DURATION_MS, GIVEAWAY_MAX_PRIZES, GIVEAWAY_MIN_DURATION_MS } from '@skinfair/contract';
import type { CreateGiveawayBody } from './api/create-giveaway';

/** What the create form holds: inputs as typed (yuan, datetime-local strings). */
export interface CreateForm {
  itemIds: number[];
  title: string;
  remark: string;
  /** datetime-local, in the browser's time zone. */
  openTime: string;
  pwd: string;
  minDepositYuan: string;
  depositStart: string;
  depositEnd: string;
  minVipGrade: string;
  requirePromotion: boolean;
}

export const emptyCreateForm: CreateForm = {
  itemIds: [],
  title: '',
  remark: '',
  openTime: '',
  pwd: '',
  minDepositYuan: '',
  depositStart: '',
  depositEnd: '',
  minVipGrade: '0',
  requirePromotion: false,
};

export type CreateField = 'items' | 'title' | 'remark' | 'openTime' | 'pwd' | 'minDeposit' | 'depositWindow' | 'minVipGrade';
/** The i18n suffix of each refusal: `giveaway.create.error.{code}`. */
export type CreateError =
  | 'itemsNone'
  | 'itemsTooMany'
  | 'title'
  | 'remark'
  | 'openTimeMissing'
  | 'openTimeTooSoon'
  | 'openTimeTooLate'
  | 'pwd'
  | 'minDeposit'
  | 'depositWindow'
  | 'minVipGrade';

const MAX_DEPOSIT_FEN = 100_000_000;
const YUAN = /^\d{1,7}(\.\d{1,2})?$/;

/** "12.5" → 1250 fen, exactly (no float rounding); null when not a yuan amount with at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const v = text.trim();
  if (v === '') return 0;
  if (!YUAN.test(v)) return null;
  const [whole = '0', cents = ''] = v.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** A datetime-local value read in the browser's zone; NaN when empty or malformed. */
export const localToMs = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

/** Field → refusal; empty when the form may be sent. `nowMs` is the server's clock. */
export function validateCreate(form: CreateForm, nowMs: number): Partial<Record<CreateField, CreateError>> {
  const errors: Partial<Record<CreateField, CreateError>> = {};
  if (form.itemIds.length === 0) errors.items = 'itemsNone';
  else if (form.itemIds.length > GIVEAWAY_MAX_PRIZES) errors.items = 'itemsTooMany';
  const title = form.title.trim();
  if (title.length < 2 || title.length > 40) errors.title = 'title';
  if (form.remark.trim().length > 200) errors.remark = 'remark';
  const open = localToMs(form.openTime);
  if (!Number.isFinite(open)) errors.openTime = 'openTimeMissing';
  else if (open < nowMs + GIVEAWAY_MIN_DURATION_MS) errors.openTime = 'openTimeTooSoon';
  else if (open > nowMs + GIVEAWAY_MAX_DURATION_MS) errors.openTime = 'openTimeTooLate';
  if (form.pwd !== '' && (form.pwd.length < 4 || form.pwd.length > 32)) errors.pwd = 'pwd';
  const fen = yuanToFen(form.minDepositYuan);
  if (fen === null || fen > MAX_DEPOSIT_FEN) errors.minDeposit = 'minDeposit';
  const start = localToMs(form.depositStart);
  const end = localToMs(form.depositEnd);
  if ((form.depositStart !== '' && !Number.isFinite(start)) || (form.depositEnd !== '' && !Number.isFinite(end)))
    errors.depositWindow = 'depositWindow';
  else if (Number.isFinite(start) && Number.isFinite(end) && end <= start) errors.depositWindow = 'depositWindow';
  const grade = form.minVipGrade.trim();
  if (!/^\d{1,2}$/.test(grade) || Number(grade) > 10) errors.minVipGrade = 'minVipGrade';
  return errors;
}

/** The POST body of a valid form (createGiveawayParams): fen, ISO times, "1,2" vouchers. */
export function createBody(form: CreateForm): CreateGiveawayBody {
  const iso = (value: string) => new Date(value).toISOString();
  const fen = yuanToFen(form.minDepositYuan) ?? 0;
  return {
    title: form.title.trim(),
    remark: form.remark.trim(),
    vouchers: form.itemIds.join(','),
    openTime: iso(form.openTime),
    ...(form.pwd !== '' ? { pwd: form.pwd } : {}),
    minDeposit: fen,
    ...(fen > 0 && form.depositStart ? { depositStart: iso(form.depositStart) } : {}),
    ...(fen > 0 && form.depositEnd ? { depositEnd: iso(form.depositEnd) } : {}),
    minVipGrade: Number(form.minVipGrade.trim()),
    requirePromotion: form.requirePromotion,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value for `ms` in the browser's zone (the input's min / max and its default). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
