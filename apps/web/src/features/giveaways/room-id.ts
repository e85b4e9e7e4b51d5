/** The room id from the path; 0 (never a room) for anything that is not a positive integer. */
export const roomIdOf = (raw: string) => (/^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0);
