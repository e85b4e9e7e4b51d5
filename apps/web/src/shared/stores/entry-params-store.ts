import { create } from 'zustand';

/** Spec §2: callbackUrl, promoteCode and channelCode read from the address, kept for the login flows. */
export interface EntryParams {
  callbackUrl: string | null;
  promoteCode: string | null;
  channelCode: string | null;
}

interface EntryParamsState extends EntryParams {
  remember: (params: Partial<EntryParams>) => void;
}

export const useEntryParamsStore = create<EntryParamsState>()((set) => ({
  callbackUrl: null,
  promoteCode: null,
  channelCode: null,
  // Only present values overwrite: a later address without the parameter keeps what was captured.
  remember: (params) => set(Object.fromEntries(Object.entries(params).filter(([, value]) => Boolean(value)))),
}));
