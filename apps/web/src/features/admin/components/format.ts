/** A moment as the operator's browser shows it ('—' for none): every console list and panel formats times this way. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
